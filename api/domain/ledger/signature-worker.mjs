// A signature-checking thread of the verifier (./signature-checks.ts): Ed25519 checks of
// the chunks it is sent, each one packed buffer (packChecks: key id, text and signature
// lengths, then their bytes), answered with the indexes of the checks that fail. Plain
// JavaScript (./ed25519.mjs), so it starts in milliseconds.
import { parentPort, workerData } from 'node:worker_threads';
import { signatureCheck } from './ed25519.mjs';

const keys = new Map();
for (const [id, pem] of workerData.keys) {
  try {
    keys.set(id, signatureCheck(pem));
  } catch {
    // A key row that is no public key signs nothing: its entries fail.
  }
}

parentPort.on('message', ({ id, buf, count }) => {
  const bytes = new Uint8Array(buf);
  const view = new DataView(buf);
  const bad = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const key = keys.get(view.getUint32(at, true));
    const textLen = view.getUint32(at + 4, true);
    const sigLen = view.getUint32(at + 8, true);
    const text = bytes.subarray(at + 12, at + 12 + textLen);
    const sig = bytes.subarray(at + 12 + textLen, at + 12 + textLen + sigLen);
    at += 12 + textLen + sigLen;
    if (!key || !key(text, sig)) bad.push(i);
  }
  parentPort.postMessage({ id, bad });
});
