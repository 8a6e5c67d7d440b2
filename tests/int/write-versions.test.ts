// No edit is ever silently lost (data-safety issue §2 (docs/entities.md)), on every entity of the
// contract matrix: parallel read-modify-saves give exactly one 200 and 409s that
// carry the current record; versions come back in bodies and ETags; If-Match works;
// a save that sends no version is accepted (documented in the README).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_METAS } from '../../common/generated/meta/index';
import type { EntityMeta, FieldMeta } from '../../common/entity-meta';
import { formatMessage } from '../../common/messages';
import { startTestServer, type Reply, type TestServer } from './harness';
import { DOMAIN_CREATED, metaByName, sampleRecord } from './samples';
import { addDays } from '../../common/dates';
import { act, book, makeCustomer, makePlace, reference } from './stays-fixtures';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const STALE = formatMessage('RECORD_CHANGED');

/** Text fields a client may set to any 3-character value: no format, pattern or enum. */
function freeTextFields(m: EntityMeta): FieldMeta[] {
  return m.fields.filter(
    (f) =>
      ['string', 'text'].includes(f.kind) &&
      !f.system &&
      !f.readOnly &&
      !f.hidden &&
      !f.format &&
      !f.enum &&
      !m.schema.properties?.[f.name]?.pattern &&
      (f.maxLength ?? 100) >= 3 &&
      (m.schema.properties?.[f.name]?.minLength ?? 0) <= 3,
  );
}
/**
 * Short values, distinct per client (unique fields then never collide among them); capitals survive normalising hooks
 * (plates).
 */
const value = (tag: string, i: number) => `${tag}${String(i).padStart(2, '0')}`;

function expectOneWinner(replies: Reply[]): Reply {
  const ok = replies.filter((r) => r.status === 200);
  const stale = replies.filter((r) => r.status === 409);
  expect(
    ok,
    replies
      .filter((r) => r.status !== 409)
      .map((r) => `${r.status} ${r.text}`)
      .join('\n'),
  ).toHaveLength(1);
  expect(stale).toHaveLength(replies.length - 1);
  for (const r of stale) {
    expect(r.body.code).toBe('RECORD_CHANGED');
    expect(r.body.message).toBe(STALE);
    // The 409 carries the record as it is now: the winner's save.
    expect(r.body.current.version).toBe(ok[0].body.version);
  }
  return ok[0];
}

const matrix = ENTITY_METAS.filter((m) => !m.appendOnly && !DOMAIN_CREATED[m.name] && freeTextFields(m).length);

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
    const saves = await Promise.all(
      reads.map((r, i) => t.admin.put(`${base}/${id}`, { ...r.body, [f.name]: value('V', i) })),
    );
    const win = expectOneWinner(saves);
    const now = await t.admin.get(`${base}/${id}`);
    expect(now.body[f.name]).toBe(win.body[f.name]);
    // Hooks may write the row again (a price grid numbers its history): later, never equal.
    expect(now.body.version).toBe(win.body.version);
    expect(win.body.version).toBeGreaterThan(reads[0].body.version);
  });

  it(
    '10 parallel full-record saves, each changing a different field: ' + 'one 200, 9 × 409, no change mixed in',
    async () => {
      const read = await t.admin.get(`${base}/${id}`);
      const saves = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const f = text[i % text.length];
          // PUT: the customer's spec edit shape (POST edit) takes its address fields from elsewhere.
          return t.admin.put(`${base}/${id}`, { ...read.body, [f.name]: value('F', i) });
        }),
      );
      const ok = saves.filter((r) => r.status === 200);
      expect(
        ok,
        saves
          .filter((r) => r.status !== 409)
          .map((r) => r.text)
          .join('\n'),
      ).toHaveLength(1);
      expect(saves.filter((r) => r.status === 409)).toHaveLength(9);
      const winner = saves.indexOf(ok[0]);
      const now = (await t.admin.get(`${base}/${id}`)).body;
      // Exactly the winner's change: its field holds its value, every other field the value read.
      for (const f of text)
        expect(now[f.name], f.name).toBe(f === text[winner % text.length] ? value('F', winner) : read.body[f.name]);
      expect(ok[0].body.version).toBe(now.version);
    },
  );

  it('answers the version as an ETag, honours If-Match, and refuses a stale version on every write', async () => {
    const f = text[0];
    const cur = await t.admin.get(`${base}/${id}`);
    expect(cur.headers.get('etag')).toBe(`W/"${cur.body.version}"`);
    const { version, ...noVersion } = cur.body;
    const stale = { ...noVersion, version: version - 1 };
    expect((await t.admin.put(`${base}/${id}`, { ...stale, [f.name]: 'OLD' })).status).toBe(409);
    expect((await t.admin.post(`${base}/edit`, { ...stale, [f.name]: 'OLD' })).status).toBe(409);
    expect(
      (
        await t.admin.request(
          'PUT',
          `${base}/${id}`,
          { ...noVersion, [f.name]: 'OLD' },
          { 'If-Match': `W/"${version - 1}"` },
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await t.admin.request(
          'POST',
          `${base}/edit`,
          { ...noVersion, [f.name]: 'OLD' },
          { 'If-Match': `W/"${version - 1}"` },
        )
      ).status,
    ).toBe(409);
    expect(
      (await t.admin.request('DELETE', `${base}/${id}`, undefined, { 'If-Match': `"${version - 1}"` })).status,
    ).toBe(409);
    expect((await t.admin.get(`${base}/${id}`)).body[f.name]).toBe(cur.body[f.name]);
    const viaHeader = await t.admin.request(
      'PUT',
      `${base}/${id}`,
      { ...noVersion, [f.name]: 'IFM' },
      { 'If-Match': `W/"${version}"` },
    );
    expect(viaHeader.status, viaHeader.text).toBe(200);
    expect(viaHeader.body.version).toBeGreaterThan(version);
    expect(viaHeader.headers.get('etag')).toBe(`W/"${viaHeader.body.version}"`);
    // No version at all: accepted (outside tools that never read one; README « Versions »).
    const blind = await t.admin.put(`${base}/${id}`, { [f.name]: 'BLI' });
    expect(blind.status, blind.text).toBe(200);
    expect(blind.body.version).toBeGreaterThan(viaHeader.body.version);
  });
});

// ---- entities without a free-text field: a number, a flag, a date, a choice or a reference changes instead ----

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Values other than `v` a field may take, by kind; the schema's bounds kept. */
function otherValues(f: FieldMeta, v: unknown): unknown[] {
  switch (f.kind) {
    case 'integer':
    case 'number':
    case 'money':
    case 'rate': {
      if (typeof v !== 'number') return [];
      const ok = (x: number) =>
        (f.minimum === undefined || x >= f.minimum) &&
        (f.exclusiveMinimum === undefined || x > f.exclusiveMinimum) &&
        (f.maximum === undefined || x <= f.maximum);
      return [v + 1, v + 2, v - 1].filter(ok).slice(0, 2);
    }
    case 'boolean':
      return typeof v === 'boolean' ? [!v] : [];
    case 'enum':
      return (f.enum ?? []).filter((e) => e !== v).slice(0, 2);
    case 'date':
      return typeof v === 'string' ? [addDays(v, 1), addDays(v, 2)] : [];
    case 'datetime':
      return typeof v === 'string' ? [1, 2].map((m) => new Date(Date.parse(v) + m * 60_000).toISOString()) : [];
    default:
      return [];
  }
}

interface Change {
  field: string;
  pool: unknown[];
}
/** A value of the change's pool that differs from the stored one (the pool holds the original value too). */
const pick = (c: Change, current: unknown, i: number) => {
  const others = c.pool.filter((x) => !same(x, current));
  return others[i % others.length];
};

const others = ENTITY_METAS.filter((m) => !m.appendOnly && !DOMAIN_CREATED[m.name] && !freeTextFields(m).length);

describe.each(others.map((m) => [m.name, m] as const))('%s (no free text)', (_name, m) => {
  const base = `/rest/${m.base}`;
  let id = 0;
  let original: Record<string, any> = {};
  const changes: Change[] = [];

  /** Keeps the values of `candidates` a save accepts (probed one by one, then the field put back). */
  async function probe(f: FieldMeta, candidates: unknown[]): Promise<void> {
    const accepted = [];
    for (const v of candidates)
      if ((await t.admin.put(`${base}/${id}`, { [f.name]: v })).status === 200) accepted.push(v);
    const back = await t.admin.put(`${base}/${id}`, { [f.name]: original[f.name] });
    expect(back.status, back.text).toBe(200);
    if (accepted.length) changes.push({ field: f.name, pool: [original[f.name], ...accepted] });
  }

  beforeAll(async () => {
    // A single-row entity (the settings) is edited, never created twice. A small sample
    // number: fresh rows it references (n + 900) stay inside the five-year window.
    const created = m.name === 'setting' ? null : await t.admin.post(base, await sampleRecord(t.admin, m, 3));
    id = created?.status === 200 ? created.body.id : (await t.admin.get(`${base}?range=[0,0]`)).body[0]?.id;
    expect(id ?? 0, `${created?.status} ${created?.text}`).toBeGreaterThan(0);
    original = (await t.admin.get(`${base}/${id}`)).body;
    const fields = m.fields.filter((f) => !f.system && !f.readOnly && !f.hidden);
    for (const f of fields) if (f.kind !== 'ref') await probe(f, otherValues(f, original[f.name]));
    // Nothing else may change: another row to reference, made fresh (children's side first).
    if (!changes.length) {
      for (const f of fields.filter((x) => x.kind === 'ref').reverse()) {
        const target = metaByName.get(f.ref!.entity)!;
        const made = [];
        for (const n of [971, 972]) {
          const r = await t.admin.post(`/rest/${target.base}`, await sampleRecord(t.admin, target, n));
          if (r.status === 200) made.push(r.body.id);
        }
        await probe(f, made);
        if (changes.length) break;
      }
    }
    expect(changes.length, `${m.name}: no field accepts a change`).toBeGreaterThan(0);
  });
  // The row as it was (settings rule the rest of the file: sessions, required customer fields).
  afterAll(async () => {
    if (id && changes.length)
      await t.admin.put(`${base}/${id}`, Object.fromEntries(changes.map((c) => [c.field, original[c.field]])));
  });

  it('20 parallel read-modify-saves of one field: one 200, 19 × 409, the winner stored', async () => {
    const c = changes[0];
    const reads = await Promise.all(Array.from({ length: 20 }, () => t.admin.get(`${base}/${id}`)));
    const saves = await Promise.all(
      reads.map((r, i) => t.admin.put(`${base}/${id}`, { ...r.body, [c.field]: pick(c, r.body[c.field], i) })),
    );
    const win = expectOneWinner(saves);
    const now = await t.admin.get(`${base}/${id}`);
    expect(now.body[c.field]).toEqual(win.body[c.field]);
    expect(same(win.body[c.field], reads[0].body[c.field])).toBe(false);
    expect(now.body.version).toBe(win.body.version);
    expect(win.body.version).toBeGreaterThan(reads[0].body.version);
  });

  it(
    '10 parallel full-record saves, each changing a different field: ' + 'one 200, 9 × 409, no change mixed in',
    async () => {
      const read = (await t.admin.get(`${base}/${id}`)).body;
      const bodies = Array.from({ length: 10 }, (_, i) => {
        const c = changes[i % changes.length];
        return { ...read, [c.field]: pick(c, read[c.field], i) };
      });
      const saves = await Promise.all(bodies.map((b) => t.admin.put(`${base}/${id}`, b)));
      const ok = saves.filter((r) => r.status === 200);
      expect(
        ok,
        saves
          .filter((r) => r.status !== 409)
          .map((r) => r.text)
          .join('\n'),
      ).toHaveLength(1);
      expect(saves.filter((r) => r.status === 409)).toHaveLength(9);
      const winner = saves.indexOf(ok[0]);
      const now = (await t.admin.get(`${base}/${id}`)).body;
      for (const c of changes) expect(now[c.field], c.field).toEqual(ok[0].body[c.field]);
      expect(ok[0].body.version).toBe(now.version);
      // Exactly the winner's save alone (rules may derive one field from another: a right to
      // delete brings the right to write): the record put back as read, that save replayed.
      const back = await t.admin.put(`${base}/${id}`, Object.fromEntries(changes.map((c) => [c.field, read[c.field]])));
      expect(back.status, back.text).toBe(200);
      const { version: _v, ...alone } = bodies[winner];
      const replay = (await t.admin.put(`${base}/${id}`, alone)).body;
      for (const c of changes) expect(now[c.field], c.field).toEqual(replay[c.field]);
    },
  );

  it('answers the version as an ETag, honours If-Match, and refuses a stale version on every write', async () => {
    const c = changes[0];
    const cur = await t.admin.get(`${base}/${id}`);
    expect(cur.headers.get('etag')).toBe(`W/"${cur.body.version}"`);
    const { version, ...noVersion } = cur.body;
    const changed = { ...noVersion, [c.field]: pick(c, cur.body[c.field], 0) };
    expect((await t.admin.put(`${base}/${id}`, { ...changed, version: version - 1 })).status).toBe(409);
    expect((await t.admin.post(`${base}/edit`, { ...changed, version: version - 1 })).status).toBe(409);
    expect((await t.admin.request('PUT', `${base}/${id}`, changed, { 'If-Match': `W/"${version - 1}"` })).status).toBe(
      409,
    );
    expect(
      (await t.admin.request('DELETE', `${base}/${id}`, undefined, { 'If-Match': `"${version - 1}"` })).status,
    ).toBe(409);
    expect((await t.admin.get(`${base}/${id}`)).body[c.field]).toEqual(cur.body[c.field]);
    const viaHeader = await t.admin.request('PUT', `${base}/${id}`, changed, { 'If-Match': `W/"${version}"` });
    expect(viaHeader.status, viaHeader.text).toBe(200);
    expect(viaHeader.body.version).toBeGreaterThan(version);
    expect(viaHeader.headers.get('etag')).toBe(`W/"${viaHeader.body.version}"`);
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

  it('are described in the OpenAPI document: the version field, ETag, If-Match and the 409 with current', async () => {
    const doc = (await t.admin.get('/rest/openapi.json')).body;
    expect(doc.components.schemas.StaleRecord.properties).toHaveProperty('current');
    const versioned = ENTITY_METAS.filter((m) => m.fields.some((f) => f.system && f.name === 'version'));
    expect(versioned.length).toBe(ENTITY_METAS.filter((m) => !m.appendOnly).length);
    for (const m of versioned) {
      expect(doc.components.schemas[m.typeName].properties.version, m.name).toMatchObject({ type: 'integer' });
      const one = doc.paths[`/rest/${m.base}/{id}`];
      expect(one.get.responses[200].headers, m.name).toHaveProperty('ETag');
      for (const op of [one.put, one.delete, doc.paths[`/rest/${m.base}/edit`].post]) {
        expect(
          (op.parameters ?? []).map((p: any) => p.name),
          m.name,
        ).toContain('If-Match');
        expect(op.responses[409].content['application/json'].schema.$ref, m.name).toBe(
          '#/components/schemas/StaleRecord',
        );
      }
    }
    // Hand-written writes that take a version.
    for (const [path, method] of [
      ['/rest/planning/move', 'post'],
      ['/rest/planning/move/check', 'post'],
      ['/rest/planning/occupancy/{id}', 'put'],
      ['/rest/booking/{id}/cancel', 'post'],
      ['/rest/booking/{id}/set-state', 'post'],
      ['/rest/occupancy/{id}/cancel', 'post'],
    ]) {
      const op = doc.paths[path][method];
      expect(op.responses[409], path).toBeDefined();
      expect(
        (op.parameters ?? []).map((p: any) => p.name),
        path,
      ).toContain('If-Match');
    }
    expect(doc.components.schemas.MoveInput.properties).toHaveProperty('version');
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
    const s = await book(t.admin, ref, {
      placeId: p1.id,
      customerId: customer.id,
      startDate: '2030-07-01',
      endDate: '2030-07-05',
    });
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
    const move = {
      kind: 'occupancy',
      id: occ.id,
      placeId: p2.id,
      startDate: occ.startDate,
      endDate: occ.endDate,
      force: true,
    };
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
