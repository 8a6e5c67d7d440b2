// Sessions and log-in (§7 (docs/api.md), §8 (docs/errors.md#messages); ASVS V2/V3): cookie, log-out, expiry from the
// settings, cross-site refusal, "not logged in" answers, password rules, the
// "at least one user" rule, the technical user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createUser, PASSWORD } from './security-helpers';
import { hashPassword } from '../../api/auth/password';
// Direct writes stand for time passing or another process: this process's session cache is cleared as it would expire.
import { clearSessionCache, sessionHash } from '../../api/auth/session';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const sidOf = (cookie: string | null) => cookie!.split('=')[1];

describe('log-in', () => {
  it(
    'sets an HttpOnly SameSite=Lax cookie named after ' + 'the port and answers the user with menus and rights',
    async () => {
      const c = t.client();
      const r = await c.login();
      expect(r.status).toBe(200);
      const setCookie = r.headers.get('set-cookie')!;
      expect(setCookie).toMatch(new RegExp(`^bivouac_sid=[A-Za-z0-9_-]{40,}`));
      expect(setCookie).toMatch(/httponly/i);
      expect(setCookie).toMatch(/samesite=lax/i);
      expect(setCookie).not.toMatch(/secure/i);
      expect(r.body).toMatchObject({ login: 'admin', admin: true, systeme: false, rights: null });
      expect(r.body.menus[0]).toMatchObject({ key: 'home', route: '/home' });
      // Only the SHA-256 of the id is stored.
      const rows = await t.knex('user_session').where('idHash', sessionHash(sidOf(c.cookie)));
      expect(rows).toHaveLength(1);
      expect(await t.knex('user_session').where('idHash', sidOf(c.cookie)).first()).toBeUndefined();
    },
  );

  it('gives a new session id at each log-in and ends the previous one', async () => {
    const c = t.client();
    await c.login();
    const first = c.cookie;
    await c.login();
    expect(c.cookie).not.toBe(first);
    const old = t.client();
    old.cookie = first;
    expect((await old.get('/rest/security/me')).status).toBe(403);
    expect((await c.get('/rest/security/me')).status).toBe(200);
  });

  it('refuses a wrong password or an unknown login with the same message, and records every attempt', async () => {
    const before = Number((await t.knex('login_attempt').count({ n: '*' }))[0].n);
    const a = await t.client().login('admin', 'mauvais');
    const b = await t.client().login('personne', 'mauvais');
    expect(a.status).toBe(400);
    expect(b.status).toBe(400);
    expect(a.body.message).toBe('Identifiant ou mot de passe incorrect');
    expect(b.body).toEqual(a.body);
    await t.client().login();
    const rows = await t.knex('login_attempt').orderBy('id').offset(before);
    expect(rows.map((r: any) => [r.login, r.success, r.reason])).toEqual([
      ['admin', false, 'password'],
      ['personne', false, 'unknown'],
      ['admin', true, null],
    ]);
    // Failures are not held against the next logins of the test file.
    await t.knex('login_attempt').where({ success: false }).delete();
  });

  it('refuses an inactive user', async () => {
    const u = await createUser(t, { isActive: false });
    const r = await t.client().login(u.login, PASSWORD);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('LOGIN_FAILED');
    await t.knex('login_attempt').where({ success: false }).delete();
  });
});

describe('without a session', () => {
  it('answers 403 "401/403 Vous n\'êtes pas connecté" on every /rest/ route but log-in', async () => {
    const c = t.client();
    for (const [method, path] of [
      ['GET', '/rest/security/me'],
      ['GET', '/rest/country'],
      ['POST', '/rest/country'],
      ['GET', '/rest/security/menu'],
      ['GET', '/rest/home/tiles'],
      ['GET', '/rest/security/user/get_right/1'],
      ['GET', '/rest/establishment/establishment/edit'],
      ['POST', '/rest/establishment/init-demo'],
      ['GET', '/rest/openapi.json'],
      ['GET', '/rest/logout'],
      ['GET', '/rest/nothing-here'],
    ] as const) {
      const r = await c.request(method, path, method === 'POST' ? {} : undefined);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.message).toBe("401/403 Vous n'êtes pas connecté");
    }
  });

  it('answers 403 with a forged or malformed cookie', async () => {
    const c = t.client();
    c.cookie = `bivouac_sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect((await c.get('/rest/security/me')).status).toBe(403);
    c.cookie = `bivouac_sid=../../etc/passwd`;
    expect((await c.get('/rest/security/me')).status).toBe(403);
  });
});

describe('log-out', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const c = t.client();
    await c.login();
    const sid = sidOf(c.cookie);
    const r = await c.get('/rest/logout');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'OK', message: 'Vous êtes déconnecté' });
    expect(r.headers.get('set-cookie')).toMatch(/expires=Thu, 01 Jan 1970/i);
    expect(await t.knex('user_session').where('idHash', sessionHash(sid)).first()).toBeUndefined();
    // Replaying the old cookie does not work.
    const replay = t.client();
    replay.cookie = `bivouac_sid=${sid}`;
    expect((await replay.get('/rest/security/me')).status).toBe(403);
  });

  it('answers 403 once the session has ended (elsewhere or by expiry), and still clears the cookie', async () => {
    const c = t.client();
    await c.login();
    const cookie = c.cookie;
    const sid = sidOf(cookie);
    await t
      .knex('user_session')
      .where('idHash', sessionHash(sid))
      .update({ lastSeenAt: t.knex.raw(`now() - interval '31 minutes'`) });
    clearSessionCache();
    const r = await c.get('/rest/logout');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("401/403 Vous n'êtes pas connecté");
    expect(r.headers.get('set-cookie')).toMatch(/expires=Thu, 01 Jan 1970/i);
    // The expired row goes too.
    expect(await t.knex('user_session').where('idHash', sessionHash(sid)).first()).toBeUndefined();
    const again = t.client();
    again.cookie = cookie;
    expect((await again.get('/rest/logout')).status).toBe(403);
  });
});

describe('expiry', () => {
  it('ends a session idle longer than the idle timeout (default 30 min)', async () => {
    const c = t.client();
    await c.login();
    const hash = sessionHash(sidOf(c.cookie));
    await t
      .knex('user_session')
      .where('idHash', hash)
      .update({ lastSeenAt: t.knex.raw(`now() - interval '29 minutes'`) });
    clearSessionCache();
    expect((await c.get('/rest/security/me')).status).toBe(200);
    await t
      .knex('user_session')
      .where('idHash', hash)
      .update({ lastSeenAt: t.knex.raw(`now() - interval '31 minutes'`) });
    clearSessionCache();
    expect((await c.get('/rest/security/me')).status).toBe(403);
  });

  it('ends a session older than the absolute lifetime (default 12 h) even when active', async () => {
    const c = t.client();
    await c.login();
    const hash = sessionHash(sidOf(c.cookie));
    await t
      .knex('user_session')
      .where('idHash', hash)
      .update({ createdAt: t.knex.raw(`now() - interval '11 hours 50 minutes'`) });
    clearSessionCache();
    expect((await c.get('/rest/security/me')).status).toBe(200);
    await t
      .knex('user_session')
      .where('idHash', hash)
      .update({ createdAt: t.knex.raw(`now() - interval '12 hours 1 minute'`) });
    clearSessionCache();
    expect((await c.get('/rest/security/me')).status).toBe(403);
  });

  it('follows the settings for idle timeout and absolute lifetime', async () => {
    const setting = (await t.admin.get('/rest/establishment/setting?range=[0,0]')).body[0];
    const r = await t.admin.put(`/rest/establishment/setting/${setting.id}`, { idleMinutes: 5, absoluteHours: 1 });
    expect(r.status, r.text).toBe(200);
    try {
      const c = t.client();
      await c.login();
      const hash = sessionHash(sidOf(c.cookie));
      await t
        .knex('user_session')
        .where('idHash', hash)
        .update({ lastSeenAt: t.knex.raw(`now() - interval '6 minutes'`) });
      clearSessionCache();
      expect((await c.get('/rest/security/me')).status).toBe(403);
      const d = t.client();
      await d.login();
      await t
        .knex('user_session')
        .where('idHash', sessionHash(sidOf(d.cookie)))
        .update({ createdAt: t.knex.raw(`now() - interval '61 minutes'`) });
      clearSessionCache();
      expect((await d.get('/rest/security/me')).status).toBe(403);
    } finally {
      await t.admin.put(`/rest/establishment/setting/${setting.id}`, { idleMinutes: 30, absoluteHours: 12 });
    }
  });

  it('refuses settings out of bounds (minimum password length never under 3)', async () => {
    const setting = (await t.admin.get('/rest/establishment/setting?range=[0,0]')).body[0];
    const r = await t.admin.put(`/rest/establishment/setting/${setting.id}`, { minPasswordLength: 2, idleMinutes: 0 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['idleMinutes', 'minPasswordLength']);
    await expect(t.knex('setting').update({ minPasswordLength: 2 })).rejects.toThrow();
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin, with 403', async () => {
    const r = await t.admin.post(
      '/rest/country',
      { isoCode: 'XA', name: 'Xa', nationality: 'x' },
      { Origin: 'https://evil.example' },
    );
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('CROSS_SITE_REFUSED');
    expect(await t.knex('country').where('isoCode', 'XA').first()).toBeUndefined();
  });

  it('refuses when the browser says cross-site, and an opaque origin', async () => {
    expect(
      (await t.admin.post('/rest/security/user/set_right/1', { rights: {} }, { 'Sec-Fetch-Site': 'cross-site' }))
        .status,
    ).toBe(403);
    expect((await t.admin.post('/rest/establishment/init-demo', {}, { Origin: 'null' })).status).toBe(403);
    expect(
      (
        await t
          .client()
          .request('POST', '/rest/security/login', { login: 'admin', password: 'x' }, { Origin: 'http://localhost:1' })
      ).status,
    ).toBe(403);
  });

  it('accepts the same origin, and reads from anywhere', async () => {
    const r = await t.admin.post(
      '/rest/security/group',
      { label: 'Même origine' },
      { Origin: t.url, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(r.status, r.text).toBe(200);
    expect(
      (await t.admin.request('GET', '/rest/country?range=[0,0]', undefined, { Origin: 'https://evil.example' })).status,
    ).toBe(200);
  });
});

describe('passwords and users', () => {
  it('hashes with scrypt N=2^14 r=8 p=5 (OWASP) and never answers the hash', async () => {
    const u = await createUser(t);
    const row = await t.knex('app_user').where('id', u.id).first();
    expect(row.password).toMatch(/^scrypt\$16384\$8\$5\$/);
    const r = await t.admin.get(`/rest/security/user/${u.id}`);
    expect(r.body).not.toHaveProperty('password');
    expect(JSON.stringify((await t.admin.get('/rest/security/user')).body)).not.toContain('scrypt$');
  });

  it('checks a hash of older parameters with its own, and rewrites it with today’s at the next log-in', async () => {
    const u = await createUser(t);
    const legacy = await hashPassword(PASSWORD, { n: 2 ** 17, r: 8, p: 1 });
    await t.knex('app_user').where('id', u.id).update({ password: legacy });
    const stored = async () => (await t.knex('app_user').where('id', u.id).first('password')).password as string;
    // A wrong password is refused and leaves the hash as it was.
    expect((await t.client().login(u.login, 'pas-le-bon-mot-de-passe')).status).toBe(400);
    expect(await stored()).toBe(legacy);
    const c = t.client();
    expect((await c.login(u.login, PASSWORD)).status).toBe(200);
    const rewritten = await stored();
    expect(rewritten).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect((await c.get('/rest/security/me')).status).toBe(200);
    // The new hash holds the same password, once: a second log-in keeps it.
    expect((await t.client().login(u.login, 'pas-le-bon-mot-de-passe')).status).toBe(400);
    expect((await t.client().login(u.login, PASSWORD)).status).toBe(200);
    expect(await stored()).toBe(rewritten);
    await t.knex('login_attempt').where({ success: false }).delete();
  });

  it('requires a password for a new user, long enough for the setting (default 8, never under 3)', async () => {
    const none = await t.admin.post('/rest/security/user', { login: 'sansmdp', name: 'Sans' });
    expect(none.status).toBe(400);
    expect(none.body.errors.password).toBe('Mot de passe obligatoire pour un nouvel utilisateur');
    const short = await t.admin.post('/rest/security/user', { login: 'court', name: 'Court', password: '1234567' });
    expect(short.body.errors.password).toBe('Le mot de passe doit comporter au moins 8 caractères');
    const setting = (await t.admin.get('/rest/establishment/setting?range=[0,0]')).body[0];
    await t.admin.put(`/rest/establishment/setting/${setting.id}`, { minPasswordLength: 3 });
    try {
      expect(
        (await t.admin.post('/rest/security/user', { login: 'court2', name: 'C', password: '12' })).body.errors
          .password,
      ).toBe('Le mot de passe doit comporter au moins 3 caractères');
      expect((await t.admin.post('/rest/security/user', { login: 'court3', name: 'C', password: '123' })).status).toBe(
        200,
      );
    } finally {
      await t.admin.put(`/rest/establishment/setting/${setting.id}`, { minPasswordLength: 8 });
    }
  });

  it("keeps the password when an update gives none, and changing it ends the user's sessions", async () => {
    const u = await createUser(t);
    const c = t.client();
    await c.login(u.login, PASSWORD);
    expect((await t.admin.put(`/rest/security/user/${u.id}`, { name: 'Renommé', password: '' })).status).toBe(200);
    expect((await c.get('/rest/security/me')).status).toBe(200);
    expect((await t.admin.put(`/rest/security/user/${u.id}`, { password: 'un-autre-mot-de-passe' })).status).toBe(200);
    expect((await c.get('/rest/security/me')).status).toBe(403);
    expect((await t.client().login(u.login, 'un-autre-mot-de-passe')).status).toBe(200);
  });

  it('refuses a duplicate login', async () => {
    const r = await t.admin.post('/rest/security/user', { login: 'admin', name: 'Autre', password: PASSWORD });
    expect(r.status).toBe(400);
    expect(r.body.errors.login).toBe('Cet identifiant existe déjà');
  });

  it('"at least one user must always exist": the last active staff user cannot be deactivated or deleted', async () => {
    // Every other active staff user is switched off first.
    const admin = await t.knex('app_user').where('login', 'admin').first();
    await t.knex('app_user').whereNot('id', admin.id).where('isSystem', false).update({ isActive: false });
    clearSessionCache();
    const off = await t.admin.put(`/rest/security/user/${admin.id}`, { isActive: false });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('Il doit toujours exister au moins un utilisateur');
    const del = await t.admin.del(`/rest/security/user/${admin.id}`);
    expect(del.status).toBe(400);
    expect(del.body.code).toBe('AT_LEAST_ONE_USER');
    // The technical user does not count as that user.
    expect(await t.knex('app_user').where({ isSystem: true, isActive: true }).first()).toBeTruthy();
    const other = await createUser(t);
    expect((await t.admin.del(`/rest/security/user/${other.id}`)).status).toBe(200);
  });
});

describe('the technical (system) user', () => {
  it('exists with no usable password and is protected from administrators', async () => {
    const sys = await t.knex('app_user').where('isSystem', true).first();
    expect(sys).toMatchObject({ login: 'systeme', isAdmin: true, isActive: true, password: null });
    expect((await t.client().login('systeme', '')).status).toBe(400);
    const edit = await t.admin.put(`/rest/security/user/${sys.id}`, { password: 'je-prends-la-main' });
    expect(edit.status).toBe(401);
    expect(edit.body.code).toBe('SYSTEM_USER_PROTECTED');
    expect((await t.admin.del(`/rest/security/user/${sys.id}`)).status).toBe(401);
    expect((await t.admin.post(`/rest/security/user/set_right/${sys.id}`, { rights: {} })).status).toBe(401);
    // isSystem is read-only through the API.
    const u = await createUser(t, { isSystem: true });
    expect((await t.knex('app_user').where('id', u.id).first()).isSystem).toBe(false);
  });

  it('logs in once its password is set from the environment, and alone may back up', async () => {
    const sys = await t.knex('app_user').where('isSystem', true).first();
    await t
      .knex('app_user')
      .where('id', sys.id)
      .update({ password: await hashPassword('mot-de-passe-technique') });
    const c = t.client();
    const r = await c.login('systeme', 'mot-de-passe-technique');
    expect(r.body).toMatchObject({ systeme: true, admin: true });
    const backup = await c.get('/rest/establishment/establishment/backup');
    expect(backup.status).toBe(200);
    expect(backup.headers.get('content-disposition')).toMatch(/bivouac-sauvegarde-\d{4}-\d{2}-\d{2}\.json\.gz/);
    const refused = await t.admin.get('/rest/establishment/establishment/backup');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe("Action réservée à l'utilisateur technique");
  });
});
