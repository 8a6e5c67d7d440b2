// A signature-checking thread of the verifier (./signature-checks.ts): Ed25519 checks of
// the texts it is sent, answered with the indexes of those that fail. Plain JavaScript
// (node:crypto only), so it starts in milliseconds.
import { parentPort, workerData } from 'node:worker_threads';
import { createPublicKey, verify } from 'node:crypto';

const keys = new Map();
for (const [id, pem] of workerData.keys) {
  try {
    keys.set(id, createPublicKey(pem));
  } catch {
    // A key row that is no public key signs nothing: its entries fail.
  }
}

parentPort.on('message', ({ id, texts, signatures, keyIds }) => {
  const bad = [];
  for (let i = 0; i < texts.length; i++) {
    const key = keys.get(keyIds[i]);
    let ok = false;
    try {
      ok = !!key && verify(null, Buffer.from(texts[i]), key, Buffer.from(signatures[i], 'base64'));
    } catch {
      ok = false;
    }
    if (!ok) bad.push(i);
  }
  parentPort.postMessage({ id, bad });
});
