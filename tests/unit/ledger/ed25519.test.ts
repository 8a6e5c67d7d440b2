// The ledger's signature check (ed25519.mjs, libsodium's when it loads) answers what
// node:crypto answers: valid signatures, a byte of the signature or of the message
// changed, a signature cut short or lengthened, another key's signature, garbage.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { ed25519Backend, signatureCheck } from '../../../api/domain/ledger/ed25519.mjs';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const reference = (m: Uint8Array, s: Uint8Array) => {
  try {
    return verify(null, m, publicKey, s);
  } catch {
    return false;
  }
};

describe('the ledger signature check', () => {
  it('uses libsodium on this machine (the prebuilt addon loads)', () => {
    expect(ed25519Backend).toBe('libsodium');
  });

  it('answers as node:crypto does, from the key object or its PEM', () => {
    const checks = [signatureCheck(publicKey), signatureCheck(pem)];
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom('valid', 'signature byte', 'message byte', 'short', 'long', 'other key', 'garbage'),
        fc.nat(),
        (message, change, at) => {
          const m = Buffer.from(message);
          let s: Buffer = sign(null, m, privateKey);
          if (change === 'signature byte') s[at % 64] ^= 1 << (at % 8);
          if (change === 'message byte' && m.length) m[at % m.length] ^= 1;
          if (change === 'short') s = s.subarray(0, at % 64);
          if (change === 'long') s = Buffer.concat([s, Buffer.from([at % 256])]);
          if (change === 'other key') s = sign(null, m, other.privateKey);
          if (change === 'garbage') s = Buffer.alloc(64, at % 256);
          const expected = reference(m, s);
          if (change === 'valid') expect(expected).toBe(true);
          for (const check of checks) expect(check(m, s)).toBe(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('refuses a signature of the right length under another key', () => {
    const m = Buffer.from('head|1|fiscal|42|abc');
    expect(signatureCheck(other.publicKey)(m, sign(null, m, privateKey))).toBe(false);
    expect(signatureCheck(publicKey)(m, sign(null, m, privateKey))).toBe(true);
  });
});
