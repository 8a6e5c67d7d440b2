// No edit is ever silently lost (data-safety issue §2), on every entity of the
// contract matrix: parallel read-modify-saves give exactly one 200 and 409s that
// carry the current record; versions come back in bodies and ETags; If-Match works;
// a save that sends no version is accepted (documented in the README).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_METAS } from '../../common/generated/meta/index';
import type { EntityMeta, FieldMeta } from '../../common/entity-meta';
import { formatMessage } from '../../common/messages';
import { startTestServer, type Reply, type TestServer } from './harness';
import { sampleRecord } from './samples';
import { act, book, makeCustomer, makePlace, reference } from './stays-fixtures';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.close(); });

const STALE = formatMessage('RECORD_CHANGED');

/** Text fields a client may set to any 3-character value: no format, pattern or enum. */
function freeTextFields(m: EntityMeta): FieldMeta[] {
  return m.fields.filter((f) => ['string', 'text'].includes(f.kind) && !f.system && !f.readOnly && !f.hidden && !f.format
    && !f.enum && !m.schema.properties?.[f.name]?.pattern && (f.maxLength ?? 100) >= 3 && (m.schema.properties?.[f.name]?.minLength ?? 0) <= 3);
}
/** Short values, distinct per client (unique fields then never collide among them); capitals survive normalising hooks (plates). */
const value = (tag: string, i: number) => `${tag}${String(i).padStart(2, '0')}`;

function expectOneWinner(replies: Reply[]): Reply {
  const ok = replies.filter((r) => r.status === 200);
  const stale = replies.filter((r) => r.status === 409);
  expect(ok, replies.filter((r) => r.status !== 409).map((r) => `${r.status} ${r.text}`).join('\n')).toHaveLength(1);
  expect(stale).toHaveLength(replies.length - 1);
  for (const r of stale) {
    expect(r.body.code).toBe('RECORD_CHANGED');
    expect(r.body.message).toBe(STALE);
    // The 409 carries the record as it is now: the winner's save.
    expect(r.body.current.version).toBe(ok[0].body.version);
  }
  return ok[0];
}

const matrix = ENTITY_METAS.filter((m) => !m.appendOnly && freeTextFields(m).length);

describe.each(matrix.map((m) => [m.name, m] as const))('%s', (_name, m) => {
  const base = `/rest/${m.base}`;
  let id = 0;
  const text = freeTextFields(m);

  beforeAll(async () => {
    const created = await t.admin.post(base, await sampleRecord(t.admin, m, 41));
    expect(created.status, created.text).toBe(200);
    // Hooks may write the new row again in its transaction (an occupancy stores its price).
    expect(created.body.version).toBeGreaterThanOrEqual(1);
    id = created.body.id;
  });

  it('20 parallel read-modify-saves of one field: one 200, 19 × 409, the winner stored', async () => {
    const f = text[0];
    const reads = await Promise.all(Array.from({ length: 20 }, () => t.admin.get(`${base}/${id}`)));
    const saves = await Promise.all(reads.map((r, i) => t.admin.put(`${base}/${id}`, { ...r.body, [f.name]: value('V', i) })));
    const win = expectOneWinner(saves);
    const now = await t.admin.get(`${base}/${id}`);
    expect(now.body[f.name]).toBe(win.body[f.name]);
    // Hooks may write the row again (a price grid numbers its history): later, never equal.
    expect(now.body.version).toBe(win.body.version);
    expect(win.body.version).toBeGreaterThan(reads[0].body.version);
  });

  it('10 parallel full-record saves, each changing a different field: one 200, 9 × 409, no change mixed in', async () => {
    const read = await t.admin.get(`${base}/${id}`);
    const saves = await Promise.all(Array.from({ length: 10 }, (_, i) => {
      const f = text[i % text.length];
      // PUT: the customer's spec edit shape (POST edit) takes its address fields from elsewhere.
      return t.admin.put(`${base}/${id}`, { ...read.body, [f.name]: value('F', i) });
    }));
    const ok = saves.filter((r) => r.status === 200);
    expect(ok, saves.filter((r) => r.status !== 409).map((r) => r.text).join('\n')).toHaveLength(1);
    expect(saves.filter((r) => r.status === 409)).toHaveLength(9);
    const winner = saves.indexOf(ok[0]);
    const now = (await t.admin.get(`${base}/${id}`)).body;
    // Exactly the winner's change: its field holds its value, every other field the value read.
    for (const f of text) expect(now[f.name], f.name).toBe(f === text[winner % text.length] ? value('F', winner) : read.body[f.name]);
    expect(ok[0].body.version).toBe(now.version);
  });

  it('answers the version as an ETag, honours If-Match, and refuses a stale version on every write', async () => {
    const f = text[0];
    const cur = await t.admin.get(`${base}/${id}`);
    expect(cur.headers.get('etag')).toBe(`W/"${cur.body.version}"`);
    const { version, ...noVersion } = cur.body;
    const stale = { ...noVersion, version: version - 1 };
    expect((await t.admin.put(`${base}/${id}`, { ...stale, [f.name]: 'OLD' })).status).toBe(409);
    expect((await t.admin.post(`${base}/edit`, { ...stale, [f.name]: 'OLD' })).status).toBe(409);
    expect((await t.admin.request('PUT', `${base}/${id}`, { ...noVersion, [f.name]: 'OLD' }, { 'If-Match': `W/"${version - 1}"` })).status).toBe(409);
    expect((await t.admin.request('DELETE', `${base}/${id}`, undefined, { 'If-Match': `"${version - 1}"` })).status).toBe(409);
    expect((await t.admin.get(`${base}/${id}`)).body[f.name]).toBe(cur.body[f.name]);
    const viaHeader = await t.admin.request('PUT', `${base}/${id}`, { ...noVersion, [f.name]: 'IFM' }, { 'If-Match': `W/"${version}"` });
    expect(viaHeader.status, viaHeader.text).toBe(200);
    expect(viaHeader.body.version).toBeGreaterThan(version);
    expect(viaHeader.headers.get('etag')).toBe(`W/"${viaHeader.body.version}"`);
    // No version at all: accepted (outside tools that never read one; README « Versions »).
    const blind = await t.admin.put(`${base}/${id}`, { [f.name]: 'BLI' });
    expect(blind.status, blind.text).toBe(200);
    expect(blind.body.version).toBeGreaterThan(viaHeader.body.version);
  });
});

describe('versions', () => {
  it('are bumped by the database on any change, whoever writes, and kept by a no-op update', async () => {
    const created = await t.admin.post('/rest/country', { isoCode: 'QV', name: 'Versionnie' });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id;
    await t.knex('country').where({ id }).update({ name: 'Versionnie du Nord' });
    expect((await t.admin.get(`/rest/country/${id}`)).body.version).toBe(2);
    await t.knex('country').where({ id }).update({ name: 'Versionnie du Nord' });
    expect((await t.admin.get(`/rest/country/${id}`)).body.version).toBe(2);
    // A save that read version 1 is now stale: the domain write is not overwritten.
    const r = await t.admin.put(`/rest/country/${id}`, { ...created.body, name: 'Écrasé' });
    expect(r.status).toBe(409);
    expect(r.body.current.name).toBe('Versionnie du Nord');
  });

  it('refuses a version that is not a positive integer', async () => {
    const created = await t.admin.post('/rest/country', { isoCode: 'QW', name: 'Versionnie bis' });
    const r = await t.admin.put(`/rest/country/${created.body.id}`, { ...created.body, version: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('INVALID_VERSION');
  });
});

describe('domain actions check the version the screen showed', () => {
  it('a stay action or a planning move with a stale version is a 409 and changes nothing', async () => {
    const ref = await reference(t);
    const [p1, p2] = [await makePlace(t.admin, ref), await makePlace(t.admin, ref)];
    const customer = await makeCustomer(t.admin);
    const s = await book(t.admin, ref, { placeId: p1.id, customerId: customer.id, startDate: '2030-07-01', endDate: '2030-07-05' });
    const seen = s.booking;
    // Another receptionist changes the stay meanwhile.
    const other = await t.admin.put(`/rest/booking/${seen.id}`, { ...seen, notes: 'modifié par un autre poste' });
    expect(other.status, other.text).toBe(200);
    const stale = await act(t.admin, seen.id, 'cancel', { reason: 'client malade', version: seen.version });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.message).toBe(STALE);
    expect(stale.body.current.notes).toBe('modifié par un autre poste');
    expect((await t.admin.get(`/rest/booking/${seen.id}`)).body.statusId).toBe(seen.statusId);

    const occ = s.occupancies[0];
    const move = { kind: 'occupancy', id: occ.id, placeId: p2.id, startDate: occ.startDate, endDate: occ.endDate, force: true };
    await t.knex('occupancy').where('id', occ.id).update({ notes: 'changé ailleurs' });
    const staleMove = await t.admin.post('/rest/planning/move', { ...move, version: occ.version });
    expect(staleMove.status, staleMove.text).toBe(409);
    expect((await t.knex('occupancy').where('id', occ.id).first('placeId')).placeId).toBe(p1.id);
    const fresh = await t.knex('occupancy').where('id', occ.id).first('version');
    const moved = await t.admin.post('/rest/planning/move', { ...move, version: fresh.version });
    expect(moved.status, moved.text).toBe(200);

    const now = (await t.admin.get(`/rest/booking/${seen.id}`)).body;
    const cancelled = await act(t.admin, seen.id, 'cancel', { reason: 'client malade', version: now.version });
    expect(cancelled.status, cancelled.text).toBe(200);
  });
});
