// The password hash (api/auth/password.ts): today's parameters, older hashes checked
// with their own, the comparison in constant time.
import { describe, expect, it, vi } from 'vitest';

// Each check costs a real KDF (a few hundred ms, more on a loaded machine).
vi.setConfig({ testTimeout: 60_000 });

const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (original) => {
  const real = await original<typeof import('node:crypto')>();
  return {
    ...real,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls++;
      return real.timingSafeEqual(a, b);
    },
  };
});

const { CURRENT, hashPassword, needsRehash, paramsOf, verifyPassword } = await import('../../../api/auth/password');

describe('password hashes', () => {
  it('are scrypt with OWASP’s N=2^14 r=8 p=5, their parameters kept in the hash', async () => {
    expect(CURRENT).toEqual({ n: 2 ** 14, r: 8, p: 5 });
    const h = await hashPassword('un mot de passe');
    expect(h).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(paramsOf(h)).toEqual(CURRENT);
    expect(needsRehash(h)).toBe(false);
    expect(await hashPassword('un mot de passe')).not.toBe(h); // salted
  });

  it('check a hash of older parameters with its own, and say it needs rewriting', async () => {
    const old = await hashPassword('ancien', { n: 2 ** 15, r: 8, p: 1 });
    expect(paramsOf(old)).toEqual({ n: 2 ** 15, r: 8, p: 1 });
    expect(needsRehash(old)).toBe(true);
    expect(await verifyPassword('ancien', old)).toBe(true);
    expect(await verifyPassword('Ancien', old)).toBe(false);
  });

  it('compare the derived key in constant time, and refuse what is not one of ours', async () => {
    const h = await hashPassword('secret');
    compared.calls = 0;
    expect(await verifyPassword('secret', h)).toBe(true);
    expect(await verifyPassword('secreT', h)).toBe(false);
    expect(compared.calls).toBe(2);
    // A stored key of another length is refused without comparing (timingSafeEqual would throw).
    expect(await verifyPassword('secret', `${h.slice(0, -4)}`)).toBe(false);
    for (const stored of [null, undefined, '', 'secret', 'bcrypt$x']) {
      expect(await verifyPassword('secret', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
    expect(paramsOf('scrypt$x$8$1$a$b')).toBeNull();
  });
});
