// The site plan's API over HTTP: the image (upload checks, stored bytes), place
// positions (bounds, history), the occupancy map for a night or a period with the
// legend bands of §9 (docs/constants.md), zone rates; rights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { Canvas } from '../../api/demo/planning';
import { userWithRights, allAt } from './security-helpers';

let t: TestServer;
const ids: Record<string, number> = {};
let adult = 0;
const post = (path: string, body: unknown) => postOk(t.admin, path, body);

async function upload(fileName: string, data: Buffer, type = 'image/png') {
  const fd = new FormData();
  fd.append('uploadfile', new Blob([new Uint8Array(data)], { type }), fileName);
  const res = await fetch(`${t.url}/rest/planning/plan/image`, {
    method: 'POST',
    body: fd,
    headers: { Cookie: t.admin.cookie! },
  });
  return { status: res.status, body: await res.json() };
}

async function book(placeId: number, startDate: string, endDate: string, kind = 'booking') {
  const s = await post('/rest/booking/create', {
    kind,
    customerId: ids.customer,
    occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: adult, quantity: 2 }] }],
  });
  return s.booking;
}

beforeAll(async () => {
  t = await startTestServer();
  adult = (await t.knex('age_category').where('minAge', 18).first('id')).id;
  const type = (await t.knex('place_type').where('code', 'CONF').first('id')).id;
  ids.layout = (await post('/rest/layout', { code: unique('ZP'), label: unique('Zone plan ') })).id;
  ids.other = (await post('/rest/layout', { code: unique('ZQ'), label: unique('Zone autre ') })).id;
  for (const c of ['M1', 'M2', 'M3', 'M4'])
    ids[c] = (await post('/rest/place', { code: unique(c), placeTypeId: type, layoutId: ids.layout, capacity: 6 })).id;
  ids.M5 = (await post('/rest/place', { code: unique('M5'), placeTypeId: type, layoutId: ids.other, capacity: 6 })).id;
  ids.customer = (await post('/rest/customer', { lastName: 'Planiste' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('plan image', () => {
  it('has no plan at first; an upload creates it, with the image size', async () => {
    expect((await t.admin.get('/rest/planning/plan')).body.plan).toBeNull();
    expect((await t.admin.get('/rest/planning/plan/image')).status).toBe(404);
    const png = new Canvas(120, 80, [10, 200, 30]).png();
    const r = await upload('plan-du-camping.png', png);
    expect(r.status).toBe(200);
    expect(r.body.plan).toMatchObject({ imageMime: 'image/png', imageWidth: 120, imageHeight: 80 });
    const img = await fetch(`${t.url}/rest/planning/plan/image`, { headers: { Cookie: t.admin.cookie! } });
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);
    const h = await t.knex('post_history').where({ entity: 'plan' }).orderBy('id', 'desc').first('detail');
    expect(h.detail).toBe('Image du plan remplacée (120 × 80 px)');
    // Replacing keeps one plan.
    expect((await upload('plan.png', new Canvas(200, 100, [0, 0, 0]).png())).body.plan.imageWidth).toBe(200);
    expect(await t.knex('plan').count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('refuses other types and contents that lie about their type, in French', async () => {
    let r = await upload('plan.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(r).toMatchObject({
      status: 400,
      body: { code: 'IMAGE_TYPE', message: 'Formats acceptés : .jpg, .jpeg, .png, .gif' },
    });
    r = await upload('plan.png', Buffer.from('GIF89a\x10\x00\x10\x00'), 'image/png');
    expect(r.body.code).toBe('IMAGE_TYPE');
  });
});

describe('positions', () => {
  it('saves positions inside the image, one history line per place', async () => {
    const r = await t.admin.put('/rest/planning/plan/positions', {
      positions: [
        { placeId: ids.M1, planX: 10.26, planY: 20 },
        { placeId: ids.M2, planX: 50, planY: 60 },
      ],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ status: 'SAVED', changed: 2 });
    expect(await t.knex('place').where('id', ids.M1).first('planX', 'planY')).toEqual({ planX: 10.3, planY: 20 });
    const again = await t.admin.put('/rest/planning/plan/positions', {
      positions: [{ placeId: ids.M1, planX: 10.3, planY: 20 }],
    });
    expect(again.body.changed).toBe(0);
    const view = await t.admin.get('/rest/planning/plan');
    expect(view.body.places.find((p: any) => p.id === ids.M2)).toMatchObject({ planX: 50, planY: 60 });
    expect(
      await t.knex('post_history').where({ entity: 'place', recordId: ids.M2 }).orderBy('id', 'desc').first('detail'),
    ).toEqual({ detail: 'Position sur le plan' });
  });

  it('refuses positions outside the image, half positions and unknown places', async () => {
    let r = await t.admin.put('/rest/planning/plan/positions', {
      positions: [{ placeId: ids.M1, planX: 5000, planY: 1 }],
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ 'positions.0.planX': 'Nombre invalide' });
    r = await t.admin.put('/rest/planning/plan/positions', { positions: [{ placeId: ids.M1, planX: 5, planY: null }] });
    expect(r.body.errors).toEqual({ 'positions.0.planY': 'Champ obligatoire' });
    r = await t.admin.put('/rest/planning/plan/positions', { positions: [{ placeId: 99999999, planX: 1, planY: 1 }] });
    expect(r.body.code).toBe('PLACE_NOT_FOUND');
    // Taking a place off the plan.
    r = await t.admin.put('/rest/planning/plan/positions', {
      positions: [{ placeId: ids.M2, planX: null, planY: null }],
    });
    expect(r.status).toBe(200);
  });
});

describe('occupancy map', () => {
  it('colours each place by its occupancy rate, zones by theirs', async () => {
    const b1 = await book(ids.M1, '2030-05-01', '2030-05-05'); // every night of the period
    await book(ids.M2, '2030-05-03', '2030-05-10'); // two nights of four
    await book(ids.M3, '2030-05-01', '2030-05-05', 'quote'); // a quote holds nothing
    await post('/rest/unavailability', {
      placeId: ids.M4,
      startDate: '2030-04-20',
      endDate: '2030-05-20',
      reason: 'Travaux',
    });
    const r = await t.admin.get('/rest/planning/plan/occupancy?date=2030-05-01&nights=4');
    expect(r.status, r.text).toBe(200);
    const by = (id: number) => r.body.places.find((p: any) => p.placeId === id);
    expect(by(ids.M1)).toMatchObject({
      state: 'occupied',
      rate: 100,
      band: '100',
      occupiedNights: 4,
      stay: { bookingId: b1.id, code: b1.code, customer: 'Planiste', category: 'booking' },
      arrival: { code: b1.code },
    });
    expect(by(ids.M2)).toMatchObject({ state: 'partial', rate: 50, band: '50', occupiedNights: 2 });
    expect(by(ids.M2).stay).toBeUndefined();
    expect(by(ids.M3)).toMatchObject({ state: 'free', rate: 0, band: '0' });
    expect(by(ids.M4)).toMatchObject({ state: 'unavailable', rate: null, band: 'below', unavailableNights: 4 });
    expect(by(ids.M5)).toMatchObject({ state: 'free', band: '0' });
    // The zone: 6 occupied of 12 sellable place-nights (M4 cannot be sold).
    expect(r.body.layouts.find((l: any) => l.layoutId === ids.layout)).toMatchObject({
      places: 4,
      occupiedNights: 6,
      sellableNights: 12,
      rate: 50,
      band: '50',
    });
    expect(r.body.layouts.find((l: any) => l.layoutId === ids.other)).toMatchObject({ rate: 0, band: '0' });
  });

  it('on one night a place is free or occupied; the departure day is free', async () => {
    const r = await t.admin.get('/rest/planning/plan/occupancy?date=2030-05-05');
    const by = (id: number) => r.body.places.find((p: any) => p.placeId === id);
    expect(by(ids.M1)).toMatchObject({ state: 'free', band: '0', departure: { customer: 'Planiste' } });
    expect(by(ids.M2)).toMatchObject({ state: 'occupied', band: '100' });
    expect((await t.admin.get('/rest/planning/plan/occupancy?date=2030-05-05&nights=0')).body.code).toBe(
      'INVALID_QUERY',
    );
    expect((await t.admin.get('/rest/planning/plan/occupancy?date=demain')).status).toBe(400);
  });

  it('needs the "plan" right', async () => {
    const reader = await userWithRights(t, {
      rights: { ...allAt('000').rights, 'camp.plan': { rights: '001', canExport: false } },
    });
    expect((await reader.client.get('/rest/planning/plan/occupancy?date=2030-05-01')).status).toBe(200);
    const w = await reader.client.put('/rest/planning/plan/positions', {
      positions: [{ placeId: ids.M1, planX: 1, planY: 1 }],
    });
    expect(w.status).toBe(401);
    expect(w.body.message).toBe('401 Droit insuffisant');
    const none = await userWithRights(t, allAt('000'));
    expect((await none.client.get('/rest/planning/plan')).status).toBe(401);
  });
});
