// Password hashing with scrypt (memory-hard): N = 2^17, r = 8, p = 1 → 128 MiB per hash.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 2 ** 17,
  R = 8,
  P = 1,
  KEYLEN = 32;
const MAXMEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export const isPasswordHash = (s: unknown): boolean => typeof s === 'string' && s.startsWith('scrypt$');

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || !isPasswordHash(stored)) {
    // Same cost as a real check, so timing does not reveal unknown logins.
    await derive(password, randomBytes(16), N, R, P);
    return false;
  }
  const [, n, r, p, salt, hash] = stored.split('$');
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
