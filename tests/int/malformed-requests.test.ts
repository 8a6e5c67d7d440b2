// Requests the server cannot read answer 400 with a French code and no detail:
// malformed JSON, a `null` body, a body over the size limit, prototype-pollution
// keys, a Content-Encoding the body does not match, ids that are not numbers.
// None may answer 500 or leak a stack trace or SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { formatMessage } from '../../common/messages';
import { startTestServer, type Reply, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.close(); });

/** A 400 with that code, its French message and nothing that looks like internals. */
function expectClean400(r: Reply, code: string) {
  expect(r.status, r.text).toBe(400);
  expect(r.body.code, r.text).toBe(code);
  expect(r.body.message).toBe(formatMessage(code as any));
  expect(r.text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|SyntaxError|Error:|SELECT |INSERT |stack/);
}

/** A raw POST with the admin's session: the body is sent as given, bytes included. */
async function rawPost(path: string, body: string | Uint8Array, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: t.admin.cookie!, ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

const language = (n: number) => JSON.stringify({ code: `m${n}`, name: `Langue ${n}` });

describe('malformed bodies', () => {
  it('refuses JSON that does not parse', async () => {
    for (const body of ['{"code":', '{code: "x"}', "{'a':1}", '[1,2', '{"a":1}}']) {
      expectClean400(await rawPost('/rest/language', body), 'MALFORMED_JSON');
    }
  });

  it('refuses a null, number or string body where an object is expected', async () => {
    for (const body of ['null', '42', '"texte"', 'true']) {
      const r = await rawPost('/rest/language', body);
      expect(r.status, body).toBe(400);
      expect(['MALFORMED_JSON', 'INCORRECT_FORM']).toContain(r.body.code);
    }
    expectClean400(await rawPost('/rest/language/edit', 'null'), 'MALFORMED_JSON');
    expectClean400(await rawPost('/rest/language/search', 'null'), 'MALFORMED_JSON');
  });

  it('refuses a body over the size limit', async () => {
    const huge = JSON.stringify({ code: 'zz', name: 'x'.repeat(1_200_000) });
    expectClean400(await rawPost('/rest/language', huge), 'REQUEST_TOO_LARGE');
  });

  it('refuses prototype-pollution keys and pollutes nothing', async () => {
    expectClean400(await rawPost('/rest/language', '{"__proto__":{"x":1},"name":"Pp"}'), 'MALFORMED_JSON');
    expectClean400(await rawPost('/rest/language/edit', '{"id":0,"code":"pp","name":"Pp","__proto__":{"isAdmin":true}}'), 'MALFORMED_JSON');
    // `constructor` parses as a plain key: it is then an unknown field.
    const ctor = await rawPost('/rest/language', '{"constructor":{"prototype":{"x":1}},"code":"pq","name":"Pq"}');
    expect(ctor.status).toBe(400);
    expect(ctor.body.errors).toEqual({ constructor: formatMessage('UNKNOWN_FIELD') });
    expect(({} as any).x).toBeUndefined();
    expect(({} as any).isAdmin).toBeUndefined();
    expect((await t.admin.get(`/rest/language?filter=${encodeURIComponent(JSON.stringify({ code: 'pp' }))}`)).body).toEqual([]);
  });

  it('refuses a body that is not what its Content-Encoding says, or an encoding it does not know', async () => {
    for (const encoding of ['gzip', 'br', 'deflate', 'x-gzip', 'compress', 'nimportequoi']) {
      expectClean400(await rawPost('/rest/language', language(1), { 'Content-Encoding': encoding }), 'BODY_ENCODING_INVALID');
    }
    // Truncated gzip: the stream ends early.
    expectClean400(await rawPost('/rest/language', gzipSync(language(2)).subarray(0, 15), { 'Content-Encoding': 'gzip' }), 'BODY_ENCODING_INVALID');
  });

  it('still reads bodies that really are compressed', async () => {
    const a = await rawPost('/rest/language', gzipSync(language(3)), { 'Content-Encoding': 'gzip' });
    expect(a.status, a.text).toBe(200);
    expect(a.body.code).toBe('m3');
    const b = await rawPost('/rest/language', brotliCompressSync(language(4)), { 'Content-Encoding': 'br' });
    expect(b.status, b.text).toBe(200);
    expect(b.body.code).toBe('m4');
  });
});

describe('ids and query parameters that are not numbers', () => {
  const badIds = ['abc', '1e3', '-1', '0x1', '1.5', '99999999999', '%20', 'null'];

  it('answers INVALID_ID on every id route', async () => {
    for (const id of badIds) {
      expectClean400(await t.admin.get(`/rest/language/${id}`), 'INVALID_ID');
      expectClean400(await t.admin.get(`/rest/language/edit/${id}`), 'INVALID_ID');
      expectClean400(await t.admin.put(`/rest/language/${id}`, { name: 'X' }), 'INVALID_ID');
      expectClean400(await t.admin.del(`/rest/language/${id}`), 'INVALID_ID');
      expectClean400(await t.admin.post(`/rest/language/delete/${id}`), 'INVALID_ID');
      expectClean400(await t.admin.get(`/rest/department/country/${id}`), 'INVALID_ID');
    }
    expectClean400(await t.admin.post('/rest/language/edit', { id: 'abc', code: 'zz', name: 'Z' }), 'INVALID_ID');
  });

  it('answers INVALID_QUERY for malformed list parameters', async () => {
    for (const q of ['range=[a,b]', 'range=abc', 'range=[5,1]', 'sort=[', 'sort=["nope","ASC"]', 'filter={', 'filter=[1]', 'filter={"id":"abc"}']) {
      const r = await t.admin.get(`/rest/language?${q}`);
      expect(r.status, `${q}: ${r.text}`).toBe(400);
      expect(r.text).not.toMatch(/stack|node_modules|SELECT/);
    }
    for (const body of [{ page: 'x' }, { pageSize: -1 }, { filters: [1] }, { sort: 'x' }]) {
      const r = await t.admin.post('/rest/language/search', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});
