// Searches kept by the database (issue 18 §4 (docs/history.md#issue-18), migration 0024): the folded text of
// each booking follows its code, its customer's names and its partner's name, so
// the booking list and the planning search find a stay by either name order,
// without accents, after a rename; the planning window reads the range index.
// And the built admin served precompressed by Accept-Encoding (issue 18 §1, docs/history.md#issue-18).
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient, startTestServer, type TestServer } from './harness';
import { book, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';

let t: TestServer;
let ref: Ref;
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
});
afterAll(async () => {
  await t?.close();
});

const listIds = async (q: string) => {
  const r = await t.admin.post('/rest/booking/list', { q, pageSize: 100 });
  expect(r.status, r.text).toBe(200);
  return r.body.items.map((i: any) => i.id);
};
const planningIds = async (q: string) => {
  const r = await t.admin.get(`/rest/planning/search?q=${encodeURIComponent(q)}`);
  expect(r.status, r.text).toBe(200);
  return [...new Set(r.body.map((i: any) => i.bookingId))];
};

describe('booking search text kept by the database', () => {
  it(
    'finds a booking by code, either name order and without accents, ' + 'and follows renames of the customer',
    async () => {
      const c = await makeCustomer(t.admin, { lastName: 'Lefèvre-Quéméner', firstName: 'Héloïse' });
      const place = await makePlace(t.admin, ref);
      const b = await book(t.admin, ref, {
        placeId: place.id,
        customerId: c.id,
        startDate: '2031-05-03',
        endDate: '2031-05-06',
      });
      const id = b.booking.id;
      for (const q of ['quemener', 'QUÉMÉNER', 'heloise lefevre', 'Lefèvre-Quéméner Héloïse', b.booking.code]) {
        expect(await listIds(q), q).toEqual([id]);
        expect(await planningIds(q), q).toEqual([id]);
      }
      // The customer is renamed: the old name no longer finds the stay, the new one does.
      const cust = (await t.admin.get(`/rest/customer/${c.id}`)).body;
      expect((await t.admin.put(`/rest/customer/${c.id}`, { ...cust, lastName: 'Kerangoff' })).status).toBe(200);
      expect(await listIds('quemener')).toEqual([]);
      expect(await listIds('kerangoff heloise')).toEqual([id]);
      expect(await planningIds('heloise kerangoff')).toEqual([id]);
      // Wildcards typed by the user are plain characters.
      expect(await listIds('ker%off')).toEqual([]);
      const row = await t.knex('booking_search').where('bookingId', id).first();
      expect(row.text).toContain('kerangoff heloise');
    },
  );

  it("follows the booking's customer and its partner's name", async () => {
    const first = await makeCustomer(t.admin, { lastName: 'Trégastel' });
    const second = await makeCustomer(t.admin, { lastName: 'Ploumanac' });
    const place = await makePlace(t.admin, ref);
    const partnerId = ref.partners[0];
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId: first.id,
      partnerId,
      startDate: '2031-06-03',
      endDate: '2031-06-06',
    });
    const id = b.booking.id;
    expect(await listIds('tregastel')).toEqual([id]);
    await t.knex('booking').where('id', id).update({ customerId: second.id });
    expect(await listIds('tregastel')).toEqual([]);
    expect(await listIds('ploumanac')).toEqual([id]);
    await t.knex('partner').where('id', partnerId).update({ name: 'Agence Brocéliande' });
    expect(await listIds('broceliande')).toContain(id);
    // A deleted booking leaves no search text behind.
    await t.knex('booking').where('id', id).delete();
    expect(await t.knex('booking_search').where('bookingId', id).first()).toBeUndefined();
  });

  it('keeps one text per booking, equal to what the bookings say', async () => {
    const res: any = await t.knex.raw(`SELECT count(*)::int AS n FROM booking b
      LEFT JOIN booking_search s ON s.booking_id = b.id WHERE s.booking_id IS NULL
        OR s.text NOT LIKE '%' || bv_fold(b.code) || '%'`);
    expect((res.rows ?? res)[0].n).toBe(0);
  });
});

describe('planning window', () => {
  it('answers the stays overlapping the window, half-open at both ends', async () => {
    const place = await makePlace(t.admin, ref);
    const customerId = (await makeCustomer(t.admin)).id;
    const inside = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2031-08-10',
      endDate: '2031-08-12',
    });
    const before = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2031-08-05',
      endDate: '2031-08-10',
    });
    const after = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2031-08-20',
      endDate: '2031-08-22',
    });
    const w = await t.admin.get(`/rest/planning/window?from=2031-08-10&to=2031-08-20&placeIds=${place.id}`);
    expect(w.status, w.text).toBe(200);
    const bookingIds = w.body.occupancies.map((o: any[]) => o[w.body.occupancyFields.indexOf('bookingId')]);
    expect(bookingIds).toEqual([inside.booking.id]);
    expect(bookingIds).not.toContain(before.booking.id);
    expect(bookingIds).not.toContain(after.booking.id);
  });
});

describe('built admin served precompressed', () => {
  let dir: string;
  let site: TestServer;
  const js = 'export const words = "' + 'bivouac camping emplacement '.repeat(200) + '";\n';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bivouac-dist-'));
    mkdirSync(join(dir, 'assets'));
    const html =
      '<!doctype html><html lang="fr"><body><div id="root"></div><script type="module" ' +
      'src="/assets/index-abc123.js"></script></body></html>';
    for (const [name, body] of [
      ['index.html', html],
      ['assets/index-abc123.js', js],
    ] as const) {
      writeFileSync(join(dir, name), body);
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(body));
    }
    site = await startTestServer({ app: { adminDist: dir } });
  });
  afterAll(async () => {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, encoding: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${path}`, { headers: { 'Accept-Encoding': encoding, ...headers } });

  it('sends brotli, gzip or the plain file by Accept-Encoding, with long caching on hashed assets only', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(js.length / 5);
    expect(await br.text()).toBe(js);
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(js);
    const refused = await get('/assets/index-abc123.js', 'br;q=0, gzip;q=0');
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(Number(refused.headers.get('content-length'))).toBe(js.length);
    expect(await refused.text()).toBe(js);
  });

  it('answers client routes with index.html, never cached, compressed too, and 304 when unchanged', async () => {
    const page = await get('/planning', 'br');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('/assets/index-abc123.js');
    // Through node:http: fetch adds Cache-Control: no-cache to conditional requests.
    const status = await new Promise<number>((resolve, reject) => {
      request(
        `${site.url}/planning`,
        { headers: { 'Accept-Encoding': 'br', 'If-Modified-Since': page.headers.get('last-modified')! } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(304);
    // The API is not the admin's: /rest/ paths never fall back to index.html.
    const api = makeClient(site.url);
    expect((await api.get('/rest/no-such-thing')).headers.get('content-type')).not.toMatch(/text\/html/);
  });
});
