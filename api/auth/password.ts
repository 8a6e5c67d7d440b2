// Password hashing with scrypt (memory-hard). OWASP's password storage cheat sheet gives
// five scrypt settings of equal defence (N=2^17 r=8 p=1 … N=2^13 r=8 p=10); we take
// N=2^14 r=8 p=5: 16 MiB instead of 128 MiB per hash, which stays in the processor's
// caches and takes about a third of the time of N=2^17 p=1 on our 2-core machine (log-in
// under 1 s, issue 29 §8, docs/history.md#issue-29). The hash keeps its own parameters:
// an older one is checked with them, then rewritten with these at the next log-in.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  n: number;
  r: number;
  p: number;
}

/** The parameters of new hashes. */
export const CURRENT: Readonly<ScryptParams> = { n: 2 ** 14, r: 8, p: 5 };
const KEYLEN = 32;
// Room for the hashes written before (N=2^17 r=8: 128 MiB), refusing anything beyond.
const MAXMEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, { n, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParams = CURRENT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.n}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export const isPasswordHash = (s: unknown): boolean => typeof s === 'string' && s.startsWith('scrypt$');

/** The parameters a stored hash was made with (null: not one of ours). */
export function paramsOf(stored: string | null | undefined): ScryptParams | null {
  if (!stored || !isPasswordHash(stored)) return null;
  const [, n, r, p] = stored.split('$').map(Number);
  return Number.isInteger(n) && Number.isInteger(r) && Number.isInteger(p) ? { n, r, p } : null;
}

/** A hash made with other parameters than today's: rewritten at the next successful log-in. */
export function needsRehash(stored: string | null | undefined): boolean {
  const q = paramsOf(stored);
  return !q || q.n !== CURRENT.n || q.r !== CURRENT.r || q.p !== CURRENT.p;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const params = paramsOf(stored);
  if (!params) {
    // Same cost as a real check, so timing does not reveal unknown logins.
    await derive(password, randomBytes(16), CURRENT);
    return false;
  }
  const [, , , , salt, hash] = stored!.split('$');
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
