// The verifier's signature checks on worker threads find exactly the entries the calling
// thread finds, in the order they were queued: an altered signature, a signature of
// another text, an unknown key, a key row that is no key.
import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, sign } from 'node:crypto';
import { SignatureChecks } from '../../../api/domain/ledger/signature-checks';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const N = 4_500; // beyond two chunks: the workers are used
const texts = Array.from({ length: N }, (_, i) => `hash-${i}`);
const sigs = texts.map((t) => sign(null, Buffer.from(t), privateKey).toString('base64'));
// Entry 7: one byte of its signature changed; 2 100: another entry's signature;
// 3 000: a key that does not exist; 4 499: the key row that is no key.
const flipped = Buffer.from(sigs[7], 'base64');
flipped[10] ^= 1;
sigs[7] = flipped.toString('base64');
sigs[2100] = sigs[2101];
const keyOf = (i: number) => (i === 3000 ? 99 : i === 4499 ? 2 : 1);

async function failed(threads?: number): Promise<number[]> {
  const checks = new SignatureChecks<number>(
    [
      [1, pem],
      [2, 'not a key'],
    ],
    threads,
  );
  try {
    texts.forEach((t, i) => checks.add(t, sigs[i], keyOf(i), i));
    return await checks.failures();
  } finally {
    await checks.stop();
  }
}

describe('signature checks on worker threads', { timeout: 60_000 }, () => {
  it('fail the altered entries only, in order, as the calling thread does', async () => {
    expect(await failed(2)).toEqual([7, 2100, 3000, 4499]);
    expect(await failed(0)).toEqual([7, 2100, 3000, 4499]);
  });
});
