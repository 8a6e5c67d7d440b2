// Access control (issue 30, docs/access-control.md) over HTTP: the badge and plates made at
// check-in (createBadgeOnArrival), the barrier's pull with the module's token (401 without),
// the stay's events received by a barrier system started here, departure and cancellation
// revoking, an extension extending, a badge never held twice at once (parallel requests and
// plain SQL), the CSV export's layout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { act, book, makePlace, type Ref, staysServer } from './stays-fixtures';
import { addDays, todayParis } from '../../common/dates';
import { processAccessEvents } from '../../api/domain/access/events';
import { EXPORT_HEADER } from '../../api/domain/access/routes';

let t: TestServer;
let ref: Ref;
let customerId: number;
let barrier: Server;
let barrierUrl = '';
let moduleId = 0;
const received: { headers: Record<string, unknown>; body: any }[] = [];
const TOKEN = 'jeton-barriere-0123456789abcdef';
const today = todayParis();

async function setModule(settings: Record<string, unknown>, isActive = true) {
  const cur = (await t.admin.get(`/rest/establishment/module/${moduleId}`)).body;
  const r = await t.admin.put(`/rest/establishment/module/${moduleId}`, {
    ...cur,
    isActive,
    settings: { ...cur.settings, ...settings },
  });
  expect(r.status, r.text).toBe(200);
}

const pull = (token?: string, since?: string) =>
  t
    .client()
    .request(
      'GET',
      `/rest/access-control/credentials${since ? `?since=${encodeURIComponent(since)}` : ''}`,
      undefined,
      token ? { 'X-Access-Token': token } : {},
    );

async function arrivedStay(plate?: string) {
  const b = await book(t.admin, ref, {
    placeId: (await makePlace(t.admin, ref)).id,
    customerId,
    startDate: today,
    endDate: addDays(today, 5),
  });
  const occupancyId =
    b.occupancies?.[0]?.id ?? (await t.knex('occupancy').where('bookingId', b.booking.id).first('id')).id;
  if (plate) {
    const vt = (await t.knex('vehicle_type').first('id')).id;
    const r = await t.admin.post('/rest/occupancy-vehicle', { occupancyId, vehicleTypeId: vt, licencePlate: plate });
    expect(r.status, r.text).toBe(200);
  }
  const a = await act(t.admin, b.booking.id, 'arrive');
  expect(a.status, a.text).toBe(200);
  return { bookingId: b.booking.id as number, occupancyId: occupancyId as number };
}

const credentials = async (q: string) => (await t.admin.get(`/rest/access-control/credential-list?${q}`)).body.rows;

beforeAll(async () => {
  barrier = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(data) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => barrier.listen(0, '127.0.0.1', resolve));
  barrierUrl = `http://127.0.0.1:${(barrier.address() as AddressInfo).port}/events`;
  ({ t, ref, customerId } = await staysServer());
  moduleId = (await t.knex('module_config').where('kind', 'access-control').first('id')).id;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => barrier?.close(() => resolve()));
});

describe('credentials of a stay', () => {
  it('makes a badge at check-in only when createBadgeOnArrival, and the plates of the stay', async () => {
    await setModule({ createBadgeOnArrival: false, pullToken: TOKEN, siteId: 'SITE-7', apiLogin: 'camping' });
    const off = await arrivedStay('ab 123 cd');
    expect((await credentials(`occupancyId=${off.occupancyId}`)).map((c: any) => [c.kind, c.value])).toEqual([
      ['plate', 'AB123CD'],
    ]);
    await setModule({ createBadgeOnArrival: true });
    const on = await arrivedStay();
    const rows = await credentials(`bookingId=${on.bookingId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'badge', state: 'active', validFrom: today, validUntil: addDays(today, 6) });
    expect(rows[0].value).toMatch(/^B\d{6}$/);
    // the token is a secret: answered masked
    expect(JSON.stringify((await t.admin.get(`/rest/establishment/module/${moduleId}`)).body)).not.toContain(TOKEN);
  });

  it('answers the barrier only with its token (401 without or wrong): the active credentials', async () => {
    expect((await pull()).status).toBe(401);
    const wrong = await pull('jeton-faux-0123456789abcdef');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('ACCESS_BAD_TOKEN');
    const r = await pull(TOKEN);
    expect(r.status, r.text).toBe(200);
    expect(r.body.siteId).toBe('SITE-7');
    expect(r.body.credentials.every((c: any) => c.active)).toBe(true);
    expect(r.body.credentials.map((c: any) => c.value)).toContain('AB123CD');
    // an inactive module's token opens nothing
    await setModule({}, false);
    expect((await pull(TOKEN)).status).toBe(401);
    await setModule({}, true);
  });

  it('pushes arrival, extension, departure and cancellation to apiUrl, revoking and extending', async () => {
    await setModule({ apiUrl: barrierUrl });
    const s = await arrivedStay('EF-456-GH');
    const since = (await pull(TOKEN)).body.at;
    // extension: the departure two days later, the credentials follow
    const occ = (await t.admin.get(`/rest/occupancy/${s.occupancyId}`)).body;
    const ext = await t.admin.put(`/rest/occupancy/${s.occupancyId}`, { ...occ, endDate: addDays(today, 7) });
    expect(ext.status, ext.text).toBe(200);
    expect(
      (await credentials(`occupancyId=${s.occupancyId}`)).every((c: any) => c.validUntil === addDays(today, 8)),
    ).toBe(true);
    const gone = await act(t.admin, s.bookingId, 'depart', { acceptBalance: true });
    expect(gone.status, gone.text).toBe(200);
    const after = await credentials(`occupancyId=${s.occupancyId}`);
    expect(after.map((c: any) => [c.state, c.revokedReason])).toEqual([
      ['revoked', 'departure'],
      ['revoked', 'departure'],
    ]);
    // the barrier's next pull: revoked ones come as inactive; the plain pull no longer holds them
    const changed = (await pull(TOKEN, since)).body.credentials.filter((c: any) => c.value === 'EF-456-GH');
    expect(changed.map((c: any) => c.active)).toEqual([false]);
    expect((await pull(TOKEN)).body.credentials.map((c: any) => c.value)).not.toContain('EF-456-GH');
    // a cancelled stay
    const c = await book(t.admin, ref, {
      placeId: (await makePlace(t.admin, ref)).id,
      customerId,
      startDate: addDays(today, 10),
      endDate: addDays(today, 12),
    });
    expect((await act(t.admin, c.booking.id, 'cancel', { reason: 'Empêchement' })).status).toBe(200);
    const run = await processAccessEvents(t.knex);
    expect(run.failed).toBe(0);
    const mine = received.filter((e) => [s.bookingId, c.booking.id].includes(e.body.bookingId));
    expect(mine.map((e) => e.body.event)).toEqual(['arrival', 'extension', 'departure', 'cancellation']);
    expect(mine[0].headers['x-api-login']).toBe('camping');
    expect(mine[0].body).toMatchObject({ siteId: 'SITE-7', occupancyId: s.occupancyId, startDate: today });
    expect(mine[1].body.endDate).toBe(addDays(today, 7));
    expect(mine[2].body.credentials.every((x: any) => !x.active)).toBe(true);
    // sent once: a second run sends nothing
    expect((await processAccessEvents(t.knex)).sent).toBe(0);
  });
});

describe('a badge held by one holder at a time', () => {
  it('of two desks giving the same badge at once, one wins; plain SQL is refused too', async () => {
    await setModule({ createBadgeOnArrival: false, apiUrl: null });
    const a = await arrivedStay();
    const b = await arrivedStay();
    const give = (occupancyId: number) =>
      t.admin.post('/rest/access-control/credential', { kind: 'badge', value: 'badge 42', occupancyId });
    const answers = await Promise.all([give(a.occupancyId), give(b.occupancyId), give(a.occupancyId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((r) => r.status === 400).map((r) => r.body.code)).toEqual([
      'ACCESS_BADGE_TAKEN',
      'ACCESS_BADGE_TAKEN',
    ]);
    await expect(
      t.knex('access_credential').insert({
        kind: 'badge',
        value: 'BADGE42',
        occupancyId: b.occupancyId,
        validFrom: addDays(today, 2),
        validUntil: addDays(today, 3),
      }),
    ).rejects.toThrow(/ex_access_credential__badge/);
    // revoked, the badge can be handed to the other stay
    const won = answers.find((r) => r.status === 200)!.body;
    expect((await t.admin.post(`/rest/access-control/credential/${won.id}/revoke`)).body.state).toBe('revoked');
    expect((await give(b.occupancyId)).status).toBe(200);
  });

  it('gives a resident a plate for the duration of the contract', async () => {
    const placeId = (await makePlace(t.admin, ref)).id;
    const parcel = await t.knex('parcel_type').first('id');
    const [aff] = await t
      .knex('place_affectation')
      .insert({ placeId, customerId, startDate: today, endDate: addDays(today, 365), parcelTypeId: parcel?.id ?? null })
      .returning('id');
    const r = await t.admin.post('/rest/access-control/credential', {
      kind: 'plate',
      value: 'RES-001-XY',
      placeAffectationId: aff.id,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      state: 'active',
      validFrom: today,
      validUntil: addDays(today, 366),
      bookingId: null,
    });
    expect((await pull(TOKEN)).body.credentials.map((c: any) => c.value)).toContain('RES-001-XY');
    // a holder is required, one only
    const none = await t.admin.post('/rest/access-control/credential', { kind: 'plate', value: 'X1' });
    expect(none.body.code).toBe('ACCESS_HOLDER_REQUIRED');
  });

  it('exports the credentials as CSV in the documented layout', async () => {
    const r = await t.admin.get('/rest/access-control/export?state=active');
    expect(r.status).toBe(200);
    const lines = r.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(EXPORT_HEADER.join(';'));
    expect(lines.some((l) => l.startsWith('badge;BADGE42;'))).toBe(true);
    expect(lines.slice(1).every((l) => l.split(';')[4] === 'active')).toBe(true);
  });
});
