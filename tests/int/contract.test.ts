// The generic /rest/ contract, for every entity, driven by the schemas: both API
// shapes, defaults, validation errors, unknown ids, search, export and delete.
import { isMasked, maskSecret } from '../../api/rest/secrets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_METAS } from '../../common/generated/meta/index';
import type { EntityMeta, FieldMeta } from '../../common/entity-meta';
import { startTestServer, type TestServer } from './harness';
import { csvFileName } from '../../common/file-names';
import { todayParis } from '../../common/dates';
import { DOMAIN_CREATED, sampleRecord, singleRow } from './samples';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const comparable = (m: EntityMeta) => m.fields.filter((f) => !f.system && !f.readOnly && f.kind !== 'password');
function expectSame(m: EntityMeta, got: Record<string, unknown>, sent: Record<string, unknown>) {
  for (const f of comparable(m)) {
    // A secret (a channel's feed address, key…) is answered masked: the mask of what was sent (api/rest/secrets.ts).
    const expected = isMasked(got[f.name]) ? maskSecret(sent[f.name]) : sent[f.name];
    expect(got[f.name], `${m.name}.${f.name}`).toEqual(expected);
  }
}
const firstTextSearch = (m: EntityMeta): FieldMeta | undefined => m.fields.find((f) => f.name === m.searchFields[0]);

describe.each(Object.entries(DOMAIN_CREATED))('%s (made by its domain)', (name, code) => {
  it('refuses a create on the generic path with its message', async () => {
    const m = ENTITY_METAS.find((x) => x.name === name)!;
    const r = await t.admin.post(`/rest/${m.base}`, await sampleRecord(t.admin, m, 1));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
  });
});

describe.each(ENTITY_METAS.filter((m) => !m.appendOnly && !DOMAIN_CREATED[m.name]).map((m) => [m.name, m] as const))(
  '%s',
  (_name, m) => {
    const base = `/rest/${m.base}`;
    let id = 0;
    let sample: Record<string, unknown>;

    it('GET edit/0 answers a new record with its defaults', async () => {
      const r = await t.admin.get(`${base}/edit/0`);
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(0);
      for (const f of m.fields)
        if (f.default !== undefined && !f.defaultFrom && !f.system) expect(r.body[f.name], f.name).toEqual(f.default);
      for (const f of m.fields) if (f.kind === 'password') expect(r.body).not.toHaveProperty(f.name);
    });

    it('POST edit with id 0 creates and answers SAVED with the item', async () => {
      sample = await sampleRecord(t.admin, m, 1);
      const r = await t.admin.post(`${base}/edit`, { id: 0, ...sample }, { returnEditItem: 'true' });
      expect(r.status, r.text).toBe(200);
      expect(r.body.status).toBe('SAVED');
      expect(r.body.item.id).toBe(r.body.id);
      expectSame(m, r.body.item, sample);
      id = r.body.id;
    });

    it('reads the record in both shapes', async () => {
      const a = await t.admin.get(`${base}/edit/${id}`);
      const b = await t.admin.get(`${base}/${id}`);
      expect(a.status).toBe(200);
      // The spec's edit shape may add what its screens need beside the record (§3 (docs/entities.md)
      // customer: addressList, availableCivility…); the record itself is the same.
      const own = new Set(['id', ...m.fields.map((f) => f.name)]);
      expect(Object.fromEntries(Object.entries(a.body).filter(([k]) => own.has(k)))).toEqual(b.body);
      expectSame(m, a.body, sample);
    });

    it('lists with Content-Range, filters by id and pages', async () => {
      const r = await t.admin.get(`${base}?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}&range=[0,9]`);
      expect(r.status).toBe(200);
      expect(r.body.map((x: any) => x.id)).toEqual([id]);
      expect(r.headers.get('content-range')).toBe(`${m.base} 0-0/1`);
      const s = await t.admin.post(`${base}/search`, { page: 1, pageSize: 5, filters: { id } });
      expect(s.body.total).toBe(1);
      expect(s.body.items[0].id).toBe(id);
    });

    it('updates with PUT and with POST edit', async () => {
      const next = await sampleRecord(t.admin, m, 2);
      const r = await t.admin.put(`${base}/${id}`, { ...next, id, createdAt: 'ignored' });
      expect(r.status, r.text).toBe(200);
      expectSame(m, r.body, next);
      const again = await t.admin.post(`${base}/edit`, { ...sample, id });
      expect(again.status, again.text).toBe(200);
      expect(again.body).toEqual({ status: 'SAVED', id, version: expect.any(Number) });
      expect(again.body.version).toBeGreaterThan(r.body.version);
    });

    it('refuses invalid input with French field errors', async () => {
      const required = m.fields.filter((f) => f.required && !f.system);
      if (required.length) {
        const r = await t.admin.post(base, {});
        expect(r.status).toBe(400);
        for (const f of required) {
          if (f.defaultFrom || f.default !== undefined) continue;
          expect(r.body.errors?.[f.name], f.name).toBe('Champ obligatoire');
        }
      }
      const unknown = await t.admin.post(base, { ...sample, notAField: 1 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.notAField).toBe('Champ inconnu');
      const numeric = m.fields.find(
        (f) => ['integer', 'money', 'rate', 'ref'].includes(f.kind) && !f.system && !f.readOnly,
      );
      if (numeric) {
        const wrong = await t.admin.put(`${base}/${id}`, { [numeric.name]: 'douze' });
        expect(wrong.status).toBe(400);
        expect(wrong.body.errors[numeric.name]).toMatch(/Nombre/);
      }
    });

    it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
      expect((await t.admin.get(`${base}/99999999`)).status).toBe(404);
      expect((await t.admin.get(`${base}/edit/99999999`)).status).toBe(404);
      const bad = await t.admin.get(`${base}/edit/abc`);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('INVALID_ID');
      expect((await t.admin.put(`${base}/99999999`, sample)).status).toBe(404);
    });

    it('searches text from 3 characters', async () => {
      const f = firstTextSearch(m);
      if (!f) return;
      const short = await t.admin.post(`${base}/search`, { q: 'ab' });
      expect(short.status).toBe(400);
      expect(short.body.code).toBe('SEARCH_TOO_SHORT');
      const value = String(sample[f.name]);
      const q = value.length >= 3 ? value.slice(0, Math.min(value.length, 12)) : undefined;
      if (!q) return;
      const r = await t.admin.get(`${base}?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=[0,99]`);
      expect(r.status).toBe(200);
      expect(
        r.body.some((x: any) => x.id === id),
        `q=${q}`,
      ).toBe(true);
    });

    it('exports the CSV named after the list and the day', async () => {
      const r = await t.admin.get(`${base}/export?filter=${encodeURIComponent(JSON.stringify({ id }))}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/text\/csv/);
      expect(r.headers.get('content-disposition')).toBe(
        `attachment; filename="${csvFileName(m.label.many, todayParis())}"`,
      );
      expect(r.text.trim().split('\r\n')).toHaveLength(2);
    });

    it('deletes in both shapes', async () => {
      if (singleRow(m)) {
        // The one row goes, then comes back, to be deleted with the other shape.
        expect((await t.admin.post(`${base}/delete/${id}`)).body).toEqual({ status: 'DELETED', id });
        const again = await t.admin.post(base, sample);
        expect(again.status, again.text).toBe(200);
        id = again.body.id;
      }
      const other = singleRow(m) ? null : await t.admin.post(base, await sampleRecord(t.admin, m, 3));
      if (other) {
        expect(other.status, other.text).toBe(200);
        const d1 = await t.admin.post(`${base}/delete/${other.body.id}`, m.deleteReason ? { reason: 'Essai' } : {});
        expect(d1.status, d1.text).toBe(200);
        expect(d1.body).toEqual({ status: 'DELETED', id: other.body.id });
      }
      // A reason where the entity asks for one (x-delete-reason: payments).
      const d2 = await t.admin.del(`${base}/${id}${m.deleteReason ? '?reason=Essai' : ''}`);
      expect(d2.status, d2.text).toBe(200);
      expect(d2.body.id).toBe(id);
      expect((await t.admin.get(`${base}/${id}`)).status).toBe(404);
    });
  },
);

describe.each(ENTITY_METAS.filter((m) => m.appendOnly).map((m) => [m.name, m] as const))(
  '%s (append-only)',
  (_name, m) => {
    const base = `/rest/${m.base}`;
    it('is read through the API and never written', async () => {
      expect((await t.admin.get(`${base}?range=[0,9]`)).status).toBe(200);
      expect((await t.admin.post(`${base}/search`, {})).status).toBe(200);
      for (const [method, path] of [
        ['POST', base],
        ['POST', `${base}/edit`],
        ['PUT', `${base}/1`],
        ['DELETE', `${base}/1`],
        ['POST', `${base}/delete/1`],
      ] as const) {
        const r = await t.admin.request(method, path, {});
        expect(r.status, `${method} ${path}`).toBe(404);
      }
    });

    it('is protected by the database against UPDATE, DELETE and TRUNCATE', async () => {
      // Row triggers: they fire when the table holds a row (a fresh table of logs may hold none yet).
      if ((await t.knex(m.table).first()) !== undefined) {
        await expect(t.knex(m.table).update({ id: 1 })).rejects.toThrow(/NOT_AUTHORISED/);
        await expect(t.knex(m.table).delete()).rejects.toThrow(/NOT_AUTHORISED/);
      }
      // CASCADE: a table others reference (bills) must be refused by its own trigger, not only by their foreign keys.
      await expect(t.knex.raw(`TRUNCATE "${m.table}" CASCADE`)).rejects.toThrow(/NOT_AUTHORISED/);
    });
  },
);
