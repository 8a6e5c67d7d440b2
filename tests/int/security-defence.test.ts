// Defence in depth (issue 25 point 10, docs/history.md#issue-25): a state-changing request whose Origin — or,
// without one, whose Referer — is not the server's own is refused; the spec's GET
// logout is refused when it comes from another site (Sec-Fetch-Site, Origin, Referer)
// and a POST logout is accepted; huge numbers in query strings are a 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { unique } from './http-helpers';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const civility = (headers: Record<string, string>) =>
  t.admin.post('/rest/civility', { label: unique('Civ '), shortLabel: 'X' }, headers);

describe('writes come from our own pages', () => {
  it('refuses a write with a foreign Referer and no Origin', async () => {
    const r = await civility({ Referer: 'http://evil.example/page' });
    expect(r.status, r.text).toBe(403);
    expect(r.body.code).toBe('CROSS_SITE_REFUSED');
    expect((await civility({ Referer: 'null' })).status).toBe(403);
  });

  it('accepts our own Referer, our own Origin, and a client that sends neither (scripts)', async () => {
    expect((await civility({ Referer: `${t.url}/civility-list` })).status).toBe(200);
    expect((await civility({ Origin: t.url, Referer: 'http://evil.example/' })).status).toBe(200);
    expect((await civility({})).status).toBe(200);
  });
});

describe('log-out', () => {
  it('refuses a GET logout coming from another site; the session stays', async () => {
    const c = t.client();
    expect((await c.login()).status).toBe(200);
    const foreign: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'http://evil.example' },
      { Referer: 'http://evil.example/x' },
    ];
    for (const h of foreign) {
      const r = await c.request('GET', '/rest/logout', undefined, h);
      expect(r.status, JSON.stringify(h)).toBe(403);
      expect(r.body.code).toBe('CROSS_SITE_REFUSED');
      expect((await c.get('/rest/security/me')).status).toBe(200);
    }
    // from our own page (or typed in the address bar) it still works
    const own = await c.request('GET', '/rest/logout', undefined, { 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status).toBe(200);
    expect((await c.get('/rest/security/me')).status).toBe(403);
  });

  it('accepts a POST logout', async () => {
    const c = t.client();
    expect((await c.login()).status).toBe(200);
    const r = await c.post('/rest/logout');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'OK' });
    expect((await c.get('/rest/security/me')).status).toBe(403);
  });
});

describe('huge numbers in query strings', () => {
  const huge = '9'.repeat(5000);
  for (const path of [
    `/rest/tax-statement-list?year=${huge}`,
    `/rest/tax-statement-list/export?year=${huge}`,
    `/rest/tax-statement-list/document?year=${huge}`,
    `/rest/tva-statement-list?year=${huge}`,
    `/rest/tva-statement-list/export?year=${huge}`,
    `/rest/meter-reading/creation?meterTypeId=${huge}`,
    `/rest/customer?range=[0,${huge}]`,
    `/rest/customer/${huge}`,
  ]) {
    it(`${path.slice(0, 50)}… answers 400`, async () => {
      const r = await t.admin.get(path);
      expect(r.status, r.text.slice(0, 300)).toBe(400);
    });
  }
});
