// The permission matrix (§6 (docs/rights.md), §8, docs/errors.md#messages): for every entity, every generated /rest/
// route and every level 000 / 001 / 011 / 111 (plus the export flag), the server answers
// what the level allows — 200 — or 401 "401 Droit insuffisant", and 403 without
// a session. Reading needs 001, creating and editing 011, deleting 111, CSV export
// the export flag. Denied writes change nothing. The hand-written routes have their
// own matrix (security-matrix-routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_METAS } from '../../common/generated/meta/index';
import { ROUTES } from '../../api/generated/routes';
import type { RouteDef } from '../../common/route-def';
import type { EntityMeta } from '../../common/entity-meta';
import { startTestServer, type Client, type TestServer } from './harness';
import { DOMAIN_CREATED, sampleRecord, singleRow } from './samples';
import { allowedAt as allowed, createUser, matrixProfiles, type Profile } from './security-helpers';

let t: TestServer;
let profiles: Profile[] = [];
let anonymous: Client;

beforeAll(async () => {
  t = await startTestServer();
  // Samples reference the first row by name: a plain user, so that the rule "only
  // administrators manage administrators" does not get in the way…
  await createUser(t, { login: 'aaaa-matrice' });
  // …and the first group by label a group without rights (the seeded ones grant more than 011).
  await t.admin.post('/rest/security/group', { label: '0 Matrice' });
  profiles = await matrixProfiles(t);
  anonymous = t.client();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

function concrete(r: RouteDef, id: number): string {
  return r.path.replace(':id', String(id)).replace(':from', '2030-01-01').replace(':to', '2030-02-01');
}

/** A valid sample, or undefined when the entity's samples cannot be built (its references refuse them). */
async function trySample(m: EntityMeta, n: number): Promise<Record<string, unknown> | undefined> {
  try {
    return await sampleRecord(t.admin, m, n);
  } catch {
    return undefined;
  }
}
async function tryCreate(m: EntityMeta, n: number): Promise<Record<string, any> | undefined> {
  const sample = await trySample(m, n);
  if (!sample) return undefined;
  const r = await t.admin.post(`/rest/${m.base}`, sample);
  return r.status === 200 ? r.body : undefined;
}

const count = async (m: EntityMeta) => Number((await t.knex(m.table).count({ n: '*' }))[0].n);

describe('every level is checked on the server', () => {
  it('the test users hold exactly their level on every functionality', async () => {
    for (const p of profiles) {
      const me = (await p.client.get('/rest/security/me')).body;
      for (const f of Object.values<any>(me.rights)) {
        expect(f).toEqual({
          canRead: p.level !== '000',
          canWrite: allowed(p, 'write'),
          canDelete: p.level === '111',
          canExport: p.exp,
        });
      }
    }
  });
});

describe.each(ENTITY_METAS.map((m) => [m.name, m] as const))('%s', (_name, m) => {
  // Rows the generic path cannot make twice (or at all) are read here; their writes are
  // declared routes of their module, in the routes matrix (security-matrix-routes).
  const noSample = m.appendOnly || !!DOMAIN_CREATED[m.name] || singleRow(m);
  const routes = ROUTES.filter((r) => r.entity === m.name);
  const base = `/rest/${m.base}`;

  it('every route: 403 without a session', async () => {
    for (const r of routes) {
      const res = await anonymous.request(r.method, concrete(r, 1), r.method === 'GET' ? undefined : {});
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
    }
  });

  it('reads and exports: 200 when the level allows, 401 otherwise', async () => {
    const any = (await t.admin.get(`${base}?range=[0,0]`)).body?.[0];
    let id = any?.id as number | undefined;
    // A record made for this test goes afterwards: the next tests make their own from the same samples.
    const made = !id && !noSample ? (await tryCreate(m, 1))?.id : undefined;
    id ??= made;
    if (!noSample) expect(id, `${m.name}: no sample could be saved`).toBeDefined();
    for (const r of routes.filter((x) => x.access === 'read' || x.access === 'export')) {
      const needsRecord = r.op === 'get' || r.op === 'documentInfo' || (r.op === 'getEdit' && id !== undefined);
      const path = concrete(r, needsRecord ? (id ?? 99999999) : r.op === 'getEdit' ? 0 : (id ?? 1));
      for (const p of profiles) {
        const res = await p.client.request(r.method, path, r.method === 'GET' ? undefined : {});
        const label = `${p.name} ${r.method} ${path}`;
        if (allowed(p, r.access))
          expect(res.status, `${label} ${res.text.slice(0, 200)}`).toBe(needsRecord && id === undefined ? 404 : 200);
        else {
          expect(res.status, label).toBe(401);
          expect(res.body.message).toBe('401 Droit insuffisant');
        }
      }
    }
    if (made) expect((await t.admin.del(`${base}/${made}${m.deleteReason ? '?reason=test' : ''}`)).status).toBe(200);
  });

  it.skipIf(noSample)('creates and updates: 200 from level 011, 401 below, and a refusal changes nothing', async () => {
    const control = await tryCreate(m, 1);
    const ok = !!control;
    // Saved again and again below without reading it back: no version, so no 409 (README « Versions »).
    const { version: _v, ...A } = control ?? { id: 99999999 };
    const before = await count(m);
    const stamp = ok ? (await t.knex(m.table).where('id', A.id).first())?.updatedAt : undefined;
    const writes = routes.filter((r) => r.access === 'write');
    for (const p of profiles.filter((x) => !allowed(x, 'write'))) {
      for (const r of writes) {
        const res = await p.client.request(
          r.method,
          concrete(r, A.id),
          r.op === 'order' ? [A.id] : { ...A, id: r.op === 'save' ? A.id : undefined },
        );
        expect(res.status, `${p.name} ${r.method} ${r.path}`).toBe(401);
      }
    }
    expect(await count(m)).toBe(before);
    if (ok && m.timestamps) expect((await t.knex(m.table).where('id', A.id).first()).updatedAt).toBe(stamp);
    for (const p of profiles.filter((x) => allowed(x, 'write'))) {
      for (const r of writes) {
        let res;
        if (r.op === 'create' || r.op === 'save') {
          const sample = (await trySample(m, 2)) ?? {};
          res =
            r.op === 'create'
              ? await p.client.post(base, sample)
              : await p.client.post(`${base}/edit`, { id: 0, ...sample });
          if (res.status === 200) await t.admin.del(`${base}/${res.body.id}${m.deleteReason ? '?reason=test' : ''}`);
          if (ok && r.op === 'save') {
            const upd = await p.client.post(`${base}/edit`, { ...A });
            expect(upd.status, `${p.name} POST edit (update) ${upd.text}`).toBe(200);
          }
        } else if (r.op === 'update') {
          const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = A;
          res = await p.client.put(concrete(r, A.id), rest);
        } else {
          res = await p.client.post(concrete(r, A.id), [A.id]);
        }
        const label = `${p.name} ${r.method} ${r.path} ${res.text.slice(0, 200)}`;
        expect(ok, `${m.name}: no sample could be saved`).toBe(true);
        expect(res.status, label).toBe(200);
      }
    }
    if (ok) await t.admin.del(`${base}/${A.id}${m.deleteReason ? '?reason=test' : ''}`);
  });

  it.skipIf(noSample)('deletes: 200 at level 111 only, 401 below and the record stays', async () => {
    const dels = routes.filter((r) => r.access === 'delete');
    const control = await tryCreate(m, 3);
    const ok = !!control;
    const id = control?.id ?? 99999999;
    for (const p of profiles.filter((x) => !allowed(x, 'delete'))) {
      for (const r of dels)
        expect(
          (await p.client.request(r.method, concrete(r, id), r.method === 'POST' ? {} : undefined)).status,
          `${p.name} ${r.method} ${r.path}`,
        ).toBe(401);
    }
    if (ok) expect(await t.knex(m.table).where('id', id).first()).toBeTruthy();
    const p = profiles.find((x) => x.level === '111')!;
    for (const [i, r] of dels.entries()) {
      let target = id;
      if (i > 0 && ok) target = (await tryCreate(m, 3))!.id;
      // An entity declared x-delete-reason is deleted with its reason (README of schemas/).
      const why = m.deleteReason ? 'Contrôle des droits' : undefined;
      const res = await p.client.request(
        r.method,
        why && r.method === 'DELETE' ? `${concrete(r, target)}?reason=${encodeURIComponent(why)}` : concrete(r, target),
        r.method === 'POST' ? (why ? { reason: why } : {}) : undefined,
      );
      expect(ok, `${m.name}: no sample could be saved`).toBe(true);
      expect(res.status, `111 ${r.method} ${r.path} ${res.text}`).toBe(200);
      expect(await t.knex(m.table).where('id', target).first()).toBeUndefined();
    }
  });
});
