// HTTPS and reverse proxies (README: SECURE_COOKIES, TRUST_PROXY): the session cookie
// gets the Secure flag without the server refusing to send it over the proxy's plain
// HTTP hop; behind a trusted proxy the client's address (log-in throttling, sessions),
// the scheme and the host come from X-Forwarded-*; the Origin check compares with the
// public origin; without TRUST_PROXY those headers are ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { ADMIN_PASSWORD } from './db';
import { THROTTLE } from '../../api/auth/routes';
import { sessionHash } from '../../api/auth/session';
import { parseTrustProxy } from '../../api/config';

let secure: TestServer;
let proxied: TestServer;
let direct: TestServer;
beforeAll(async () => {
  [secure, proxied, direct] = await Promise.all([
    startTestServer({ app: { secureCookies: true } }),
    startTestServer({ app: { trustProxy: 1 } }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([secure?.close(), proxied?.close(), direct?.close()]);
});

const credentials = { login: 'admin', password: ADMIN_PASSWORD };
const PUBLIC = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'camping.example' };

describe('TRUST_PROXY', () => {
  it('is true (one proxy), a number of proxies, or off', () => {
    expect([undefined, '', 'false', '0', 'true', '1', '2'].map(parseTrustProxy)).toEqual([0, 0, 0, 0, 1, 1, 2]);
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY/);
  });
});

describe('SECURE_COOKIES=true', () => {
  it("logs in over the proxy's plain HTTP hop with a Secure, HttpOnly cookie that works", async () => {
    const c = secure.client();
    const r = await c.login();
    expect(r.status, r.text).toBe(200);
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^bivouac_sid=`));
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/httponly/i);
    expect((await c.get('/rest/security/me')).status).toBe(200);
    const out = await c.get('/rest/logout');
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/;\s*secure/i);
  });

  it('takes the public origin as HTTPS', async () => {
    const origin = (o: string) => secure.client().post('/rest/security/login', credentials, { Origin: o });
    expect((await origin(`https://127.0.0.1:${secure.port}`)).status).toBe(200);
    expect((await origin(`http://127.0.0.1:${secure.port}`)).status).toBe(200);
    const cross = await origin('https://ailleurs.example');
    expect(cross.status).toBe(403);
    expect(cross.body.code).toBe('CROSS_SITE_REFUSED');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  it('sets the Secure flag when the proxy says the request came over HTTPS, not otherwise', async () => {
    const c = proxied.client();
    const r = await c.post('/rest/security/login', credentials, { ...PUBLIC, Origin: 'https://camping.example' });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('set-cookie')).toMatch(/;\s*secure/i);
    expect((await c.get('/rest/security/me')).status).toBe(200);
    const plain = await proxied.client().post('/rest/security/login', credentials);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).not.toMatch(/secure/i);
  });

  it('compares the Origin with the public origin (scheme and host the proxy forwards)', async () => {
    const login = (headers: Record<string, string>) =>
      proxied.client().post('/rest/security/login', credentials, headers);
    // The page was served as https://camping.example, but the request is not from it.
    expect((await login({ ...PUBLIC, Origin: `http://127.0.0.1:${proxied.port}` })).body.code).toBe(
      'CROSS_SITE_REFUSED',
    );
    expect((await login({ ...PUBLIC, Origin: 'http://camping.example' })).body.code).toBe('CROSS_SITE_REFUSED');
    expect((await login({ 'X-Forwarded-Host': 'camping.example', Origin: 'https://camping.example' })).body.code).toBe(
      'CROSS_SITE_REFUSED',
    );
  });

  it("throttles the client's address (the entry the proxy appended), which a client cannot choose", async () => {
    await proxied.knex('login_attempt').delete();
    await proxied.knex('login_throttle').delete();
    const fail = (login: string, forwardedFor: string) =>
      proxied.client().post('/rest/security/login', { login, password: 'faux' }, { 'X-Forwarded-For': forwardedFor });
    // A client sending its own X-Forwarded-For gets the proxy's entry appended: only the last counts.
    for (let i = 0; i < THROTTLE.perAddress; i++)
      expect((await fail(`inconnu${i}`, `10.9.${i}.1, 198.51.100.7`)).body.code).toBe('LOGIN_FAILED');
    const ips = await proxied.knex('login_attempt').distinct('ip').pluck('ip');
    expect(ips).toEqual(['198.51.100.7']);
    const blocked = await proxied
      .client()
      .post('/rest/security/login', credentials, { 'X-Forwarded-For': '198.51.100.7' });
    expect(blocked.body.code).toBe('LOGIN_THROTTLED');
    // Another client behind the same proxy is not blocked, and its session records its address.
    const other = proxied.client();
    expect((await other.post('/rest/security/login', credentials, { 'X-Forwarded-For': '203.0.113.20' })).status).toBe(
      200,
    );
    const session = await proxied
      .knex('user_session')
      .where('idHash', sessionHash(other.cookie!.split('=')[1]))
      .first();
    expect(session.ip).toBe('203.0.113.20');
    await proxied.knex('login_attempt').delete();
    await proxied.knex('login_throttle').delete();
  }, 180_000); // a memory-hard password check per failed log-in, each journaled
});

describe('without TRUST_PROXY', () => {
  it("ignores X-Forwarded-* (address, scheme and host are the connection's)", async () => {
    await direct.knex('login_attempt').delete();
    await direct.knex('login_throttle').delete();
    const r = await direct
      .client()
      .post(
        '/rest/security/login',
        { login: 'personne', password: 'faux' },
        { 'X-Forwarded-For': '198.51.100.7', ...PUBLIC },
      );
    expect(r.body.code).toBe('LOGIN_FAILED');
    expect(await direct.knex('login_attempt').pluck('ip')).toEqual(['127.0.0.1']);
    const ok = await direct
      .client()
      .post('/rest/security/login', credentials, { ...PUBLIC, Origin: `http://127.0.0.1:${direct.port}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).not.toMatch(/secure/i);
    const spoofed = await direct
      .client()
      .post('/rest/security/login', credentials, { ...PUBLIC, Origin: 'https://camping.example' });
    expect(spoofed.body.code).toBe('CROSS_SITE_REFUSED');
    await direct.knex('login_attempt').delete();
    await direct.knex('login_throttle').delete();
  });
});
