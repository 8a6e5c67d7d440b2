// The ledger's Ed25519 signature checks, for the verifier's threads (signature-worker.mjs)
// and the rest of the product (keys.ts: verifyText). libsodium's (sodium-native, a
// prebuilt addon) when it loads: a check costs about half of node:crypto's (53 against
// 112 µs measured here: OpenSSL 3 looks the algorithm up and builds its contexts at every
// call), and a full verification is mostly checks (issue 31, docs/history.md#issue-31).
// Else node:crypto's, the same answer. libsodium is the stricter of the two (it refuses
// non-canonical encodings and small-order keys): nothing the product signs is either.
// Plain JavaScript, so a worker thread loads it without TypeScript.
import { createRequire } from 'node:module';
import { createPublicKey, KeyObject, verify } from 'node:crypto';

function loadSodium() {
  // SIGNATURE_CHECKS=node: node:crypto's checks (README, « Environment variables »).
  if (process.env.SIGNATURE_CHECKS === 'node') return null;
  try {
    return createRequire(import.meta.url)('sodium-native');
  } catch {
    return null;
  }
}
const sodium = loadSodium();

/** Which implementation checks: 'libsodium' or 'node:crypto'. */
export const ed25519Backend = sodium ? 'libsodium' : 'node:crypto';

/** A check for one public key (a KeyObject or its PEM): (message bytes, signature bytes) → valid. Never throws. */
export function signatureCheck(key) {
  const keyObject = key instanceof KeyObject ? key : createPublicKey(key);
  if (sodium && keyObject.asymmetricKeyType === 'ed25519') {
    const raw = Buffer.from(keyObject.export({ format: 'jwk' }).x, 'base64url');
    return (message, signature) => {
      try {
        return signature.length === 64 && sodium.crypto_sign_verify_detached(signature, message, raw);
      } catch {
        return false;
      }
    };
  }
  return (message, signature) => {
    try {
      return verify(null, message, keyObject, signature);
    } catch {
      return false;
    }
  };
}
