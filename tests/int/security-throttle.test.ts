// Throttling of failed log-ins (ASVS 2.2.1): per account (5 failures in 15 min)
// and per address (20 failures in 15 min, whatever the logins), with a clear
// French message; the correct password does not get through while throttled;
// failures older than the window no longer count.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { THROTTLE } from '../../api/auth/routes';
import { ADMIN_PASSWORD } from './db';
import { createUser, PASSWORD } from './security-helpers';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.close(); });
beforeEach(async () => { await t.knex('login_attempt').delete(); });

describe('per account', () => {
  it(`blocks an account after ${THROTTLE.perAccount} failures, even with the right password, and says for how long`, async () => {
    const u = await createUser(t);
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      const r = await t.client().login(u.login, `faux-${i}`);
      expect(r.body.code).toBe('LOGIN_FAILED');
    }
    const blocked = await t.client().login(u.login, PASSWORD);
    expect(blocked.status).toBe(400);
    expect(blocked.body.code).toBe('LOGIN_THROTTLED');
    expect(blocked.body.message).toMatch(/^Trop de tentatives de connexion : réessayez dans (1[0-5]|[1-9]) minute\(s\)$/);
    expect(blocked.headers.get('set-cookie')).toBeNull();
    // Another account from the same address is not blocked yet.
    expect((await t.client().login()).status).toBe(200);
    // The throttled attempt is recorded too.
    const last = await t.knex('login_attempt').where('login', u.login).orderBy('id', 'desc').first();
    expect(last).toMatchObject({ success: false, reason: 'throttled' });
  });

  it('lets the account in again once the failures are older than the window', async () => {
    const u = await createUser(t);
    for (let i = 0; i < THROTTLE.perAccount; i++) await t.client().login(u.login, 'faux');
    expect((await t.client().login(u.login, PASSWORD)).body.code).toBe('LOGIN_THROTTLED');
    await t.knex('login_attempt').where('login', u.login).update({ at: t.knex.raw(`now() - make_interval(mins => ?)`, [THROTTLE.windowMinutes + 1]) });
    expect((await t.client().login(u.login, PASSWORD)).status).toBe(200);
  });
});

describe('per address', () => {
  it(`blocks an address after ${THROTTLE.perAddress} failures spread over many logins`, async () => {
    // Earlier failures from this address (recorded as the server records them).
    await t.knex('login_attempt').insert(Array.from({ length: THROTTLE.perAddress - 1 }, (_, i) => ({ login: `inconnu${i}`, ip: '127.0.0.1', success: false, reason: 'unknown' })));
    const last = await t.client().login('encore-un', 'faux');
    expect(last.body.code).toBe('LOGIN_FAILED');
    const blocked = await t.client().login('admin', ADMIN_PASSWORD);
    expect(blocked.status).toBe(400);
    expect(blocked.body.code).toBe('LOGIN_THROTTLED');
    // Failures from another address do not count against this one.
    await t.knex('login_attempt').where('ip', '127.0.0.1').update({ ip: '203.0.113.9' });
    expect((await t.client().login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});
