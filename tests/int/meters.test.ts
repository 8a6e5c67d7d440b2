// Meter readings (api/domain/meters/): the index only grows with the date, one
// reading per meter and day, none on an inactive meter or after its removal; the
// read-only consumption follows every change; the special list by meter; the
// creation screen's meters and its all-or-nothing batch route, with rights; the tile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../common/messages';
import { todayParis } from '../../common/dates';
import { startTestServer, type Client, type TestServer } from './harness';
import { createdThroughEdit, expectRefused, postOk, unique } from './http-helpers';
import { userWithRights } from './security-helpers';

let t: TestServer;
let placeTypeId: number;
let electricity: number;
let water: number;
beforeAll(async () => {
  t = await startTestServer();
  placeTypeId = (await t.admin.get('/rest/place-type?range=[0,0]')).body[0].id;
  electricity = (await createdThroughEdit(t.admin, 'meter-type', { label: unique('Élec '), unit: 'kWh' })).id;
  water = (await createdThroughEdit(t.admin, 'meter-type', { label: unique('Eau '), unit: 'm³' })).id;
});
afterAll(async () => {
  await t?.close();
});

const place = async () => createdThroughEdit(t.admin, 'place', { code: unique('P').slice(0, 10), placeTypeId });
async function meter(extra: Record<string, unknown> = {}) {
  return createdThroughEdit(t.admin, 'meter', {
    placeId: (await place()).id,
    meterTypeId: electricity,
    number: unique('C'),
    ...extra,
  });
}
const read = (meterId: number, readingDate: string, quantity: number, c: Client = t.admin) =>
  c.post('/rest/meter-reading/edit', { id: 0, meterId, readingDate, quantity }, { returnEditItem: 'true' });
async function readOk(meterId: number, readingDate: string, quantity: number) {
  const r = await read(meterId, readingDate, quantity);
  expect(r.status, r.text).toBe(200);
  return r.body.item;
}
/** date → consumption of every reading of the meter, oldest first. */
async function chain(meterId: number): Promise<[string, number, number | null][]> {
  const r = await t.admin.get(`/rest/meter-reading/meter/${meterId}`);
  expect(r.status, r.text).toBe(200);
  return r.body.map((x: any) => [x.readingDate, x.quantity, x.consumption]).reverse();
}

describe('consumption', () => {
  it('is the index minus the previous one, and follows inserts, edits, moves and deletes', async () => {
    const m = await meter();
    const first = await readOk(m.id, '2026-01-31', 100);
    expect(first.consumption).toBeNull();
    const feb = await readOk(m.id, '2026-02-28', 130);
    expect(feb.consumption).toBe(30);

    // inserted between: itself and the next one
    const mid = await readOk(m.id, '2026-02-15', 110);
    expect(mid.consumption).toBe(10);
    expect(await chain(m.id)).toEqual([
      ['2026-01-31', 100, null],
      ['2026-02-15', 110, 10],
      ['2026-02-28', 130, 20],
    ]);

    // edited: quantity, then date (moved after the next one)
    expect((await t.admin.put(`/rest/meter-reading/${mid.id}`, { quantity: 125 })).status).toBe(200);
    expect(await chain(m.id)).toEqual([
      ['2026-01-31', 100, null],
      ['2026-02-15', 125, 25],
      ['2026-02-28', 130, 5],
    ]);
    const moved = await t.admin.put(`/rest/meter-reading/${mid.id}`, { readingDate: '2026-03-10', quantity: 141.5 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.consumption).toBe(11.5);
    expect(await chain(m.id)).toEqual([
      ['2026-01-31', 100, null],
      ['2026-02-28', 130, 30],
      ['2026-03-10', 141.5, 11.5],
    ]);

    // deleted: the next one now counts from the one before
    expect((await t.admin.del(`/rest/meter-reading/${feb.id}`)).status).toBe(200);
    expect(await chain(m.id)).toEqual([
      ['2026-01-31', 100, null],
      ['2026-03-10', 141.5, 41.5],
    ]);
    expect((await t.admin.post(`/rest/meter-reading/delete/${first.id}`)).status).toBe(200);
    expect(await chain(m.id)).toEqual([['2026-03-10', 141.5, null]]);
  });

  it('has no float noise and is never written by clients', async () => {
    const m = await meter();
    await readOk(m.id, '2026-01-01', 0.1);
    const r = await readOk(m.id, '2026-02-01', 0.3);
    expect(r.consumption).toBe(0.2);
    const forced = await t.admin.put(`/rest/meter-reading/${r.id}`, { consumption: 999 });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.body.consumption).toBe(0.2);
  });

  it('follows a reading moved to another meter, on both meters', async () => {
    const a = await meter();
    const b = await meter();
    await readOk(a.id, '2026-01-01', 10);
    const moving = await readOk(a.id, '2026-02-01', 20);
    await readOk(a.id, '2026-03-01', 35);
    await readOk(b.id, '2026-01-15', 5);
    const r = await t.admin.put(`/rest/meter-reading/${moving.id}`, { meterId: b.id });
    expect(r.status, r.text).toBe(200);
    expect(await chain(a.id)).toEqual([
      ['2026-01-01', 10, null],
      ['2026-03-01', 35, 25],
    ]);
    expect(await chain(b.id)).toEqual([
      ['2026-01-15', 5, null],
      ['2026-02-01', 20, 15],
    ]);
  });
});

describe('the index only grows with the date', () => {
  let m: any;
  beforeAll(async () => {
    m = await meter();
    await readOk(m.id, '2026-01-31', 100);
    await readOk(m.id, '2026-03-31', 200);
  });

  it('refuses an index below the previous reading or above the next one', async () => {
    expectRefused(await read(m.id, '2026-04-30', 99.9), 'METER_READING_QUANTITY', 'quantity');
    expectRefused(await read(m.id, '2026-02-28', 200.5), 'METER_READING_QUANTITY', 'quantity');
    expectRefused(await read(m.id, '2026-02-28', 50), 'METER_READING_QUANTITY', 'quantity');
    expectRefused(await read(m.id, '2025-12-31', 100.1), 'METER_READING_QUANTITY', 'quantity');
  });

  it('accepts the same index as its neighbours (no consumption)', async () => {
    const feb = await readOk(m.id, '2026-02-28', 100);
    expect(feb.consumption).toBe(0);
    const r = await t.admin.put(`/rest/meter-reading/${feb.id}`, { quantity: 200 });
    expect(r.status, r.text).toBe(200);
    expect(await chain(m.id)).toEqual([
      ['2026-01-31', 100, null],
      ['2026-02-28', 200, 100],
      ['2026-03-31', 200, 0],
    ]);
  });

  it('refuses an edit that would pass a neighbour', async () => {
    const [, , last] = (await t.admin.get(`/rest/meter-reading/meter/${m.id}`)).body.reverse();
    expectRefused(
      await t.admin.put(`/rest/meter-reading/${last.id}`, { quantity: 150 }),
      'METER_READING_QUANTITY',
      'quantity',
    );
  });

  it('takes one reading per meter and day', async () => {
    expectRefused(await read(m.id, '2026-03-31', 250), 'METER_READING_DATE', 'readingDate');
    expectRefused(await read(m.id, '2026-01-31', 100), 'METER_READING_DATE', 'readingDate');
  });

  it('needs an index of zero or more', async () => {
    const missing = await t.admin.post('/rest/meter-reading/edit', { id: 0, meterId: m.id, readingDate: '2026-06-30' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.quantity).toBe(formatMessage('REQUIRED'));
    expectRefused(await read(m.id, '2026-06-30', -1), 'VALIDATION_FAILED');
    expect((await read(m.id, '2026-06-30', -1)).body.errors.quantity).toBe(
      formatMessage('METER_READING_QUANTITY_REQUIRED'),
    );
  });
});

describe('inactive and removed meters', () => {
  it('take no reading dated after the removal', async () => {
    const m = await meter({ installedOn: '2025-01-01', removedOn: '2026-03-31', isActive: false });
    await readOk(m.id, '2026-03-31', 10);
    expectRefused(await read(m.id, '2026-04-01', 11), 'METER_REMOVED', 'readingDate');
  });

  it('an inactive meter with no removal date takes no new reading, its old ones stay editable', async () => {
    const m = await meter();
    const old = await readOk(m.id, '2026-01-31', 10);
    expect((await t.admin.put(`/rest/meter/${m.id}`, { isActive: false })).status).toBe(200);
    expectRefused(await read(m.id, '2026-02-28', 11), 'METER_REMOVED', 'meterId');
    const fix = await t.admin.put(`/rest/meter-reading/${old.id}`, { quantity: 9.5, notes: 'corrigé' });
    expect(fix.status, fix.text).toBe(200);
  });

  it('a meter cannot be removed before one of its readings', async () => {
    const m = await meter();
    await readOk(m.id, '2026-05-31', 10);
    expectRefused(
      await t.admin.put(`/rest/meter/${m.id}`, { removedOn: '2026-05-30' }),
      'METER_HAS_LATER_READINGS',
      'removedOn',
    );
    expect((await t.admin.put(`/rest/meter/${m.id}`, { removedOn: '2026-05-31' })).status).toBe(200);
  });

  it('a meter with readings cannot be deleted', async () => {
    const m = await meter();
    await readOk(m.id, '2026-05-31', 10);
    expectRefused(await t.admin.del(`/rest/meter/${m.id}`), 'METER_IN_USE');
  });
});

describe('GET /rest/meter-reading/meter/{meterId}', () => {
  it('lists the readings of that meter only, latest first', async () => {
    const a = await meter();
    const b = await meter();
    await readOk(a.id, '2026-01-31', 1);
    await readOk(a.id, '2026-03-31', 3);
    await readOk(a.id, '2026-02-28', 2);
    await readOk(b.id, '2026-02-28', 7);
    const r = await t.admin.get(`/rest/meter-reading/meter/${a.id}`);
    expect(r.body.map((x: any) => [x.meterId, x.readingDate])).toEqual([
      [a.id, '2026-03-31'],
      [a.id, '2026-02-28'],
      [a.id, '2026-01-31'],
    ]);
    expect((await t.admin.get('/rest/meter-reading/meter/99999999')).body).toEqual([]);
    expectRefused(await t.admin.get('/rest/meter-reading/meter/abc'), 'INVALID_ID');
  });
});

describe('meter reading creation', () => {
  let pitch: any, other: any, m1: any, m2: any;
  const date = '2026-06-30';
  beforeAll(async () => {
    pitch = await place();
    other = await place();
    m1 = await createdThroughEdit(t.admin, 'meter', { placeId: pitch.id, meterTypeId: water, number: unique('W') });
    m2 = await createdThroughEdit(t.admin, 'meter', {
      placeId: other.id,
      meterTypeId: water,
      number: unique('W'),
      installedOn: '2026-01-01',
    });
    await readOk(m1.id, '2026-05-31', 40);
    await readOk(m1.id, '2026-04-30', 30);
    // not listed: another type, inactive, removed before the date, installed after it
    await createdThroughEdit(t.admin, 'meter', { placeId: pitch.id, meterTypeId: electricity, number: unique('E') });
    await createdThroughEdit(t.admin, 'meter', {
      placeId: pitch.id,
      meterTypeId: water,
      number: unique('W'),
      isActive: false,
    });
    await createdThroughEdit(t.admin, 'meter', {
      placeId: pitch.id,
      meterTypeId: water,
      number: unique('W'),
      installedOn: '2025-01-01',
      removedOn: '2026-06-29',
    });
    await createdThroughEdit(t.admin, 'meter', {
      placeId: pitch.id,
      meterTypeId: water,
      number: unique('W'),
      installedOn: '2026-07-01',
    });
  });
  const creation = (c: Client = t.admin, d = date) =>
    c.get(`/rest/meter-reading/creation?meterTypeId=${water}&readingDate=${d}`);
  const mine = (rows: any[]) => rows.filter((r) => [pitch.id, other.id].includes(r.placeId));

  it('lists the meters of the type in service on the date, with place and last reading', async () => {
    const r = await creation();
    expect(r.status, r.text).toBe(200);
    expect(r.body.meterType).toMatchObject({ id: water, unit: 'm³' });
    expect(mine(r.body.rows)).toEqual([
      {
        meterId: m1.id,
        number: m1.number,
        placeId: pitch.id,
        placeCode: pitch.code,
        placeLabel: null,
        lastReading: { id: expect.any(Number), readingDate: '2026-05-31', quantity: 40 },
        readingOnDate: null,
      },
      {
        meterId: m2.id,
        number: m2.number,
        placeId: other.id,
        placeCode: other.code,
        placeLabel: null,
        lastReading: null,
        readingOnDate: null,
      },
    ]);
    // On the date of a reading: that reading, and the one before as the last.
    const may = mine((await creation(t.admin, '2026-05-31')).body.rows);
    expect(may[0].lastReading.readingDate).toBe('2026-04-30');
    expect(may[0].readingOnDate).toEqual({ id: expect.any(Number), quantity: 40 });
  });

  it('refuses bad parameters', async () => {
    expectRefused(await t.admin.get(`/rest/meter-reading/creation?meterTypeId=abc`), 'INVALID_ID');
    expectRefused(
      await t.admin.get(`/rest/meter-reading/creation?meterTypeId=${water}&readingDate=2026-02-30`),
      'INCORRECT_DATES',
    );
    expectRefused(await t.admin.get(`/rest/meter-reading/creation?meterTypeId=99999999`), 'REFERENCE_NOT_FOUND');
  });

  const bulk = (rows: unknown[], c: Client = t.admin, readingDate = date) =>
    c.post('/rest/meter-reading/bulk', { meterTypeId: water, readingDate, rows });
  const count = async () => Number((await t.knex('meter_reading').count({ n: '*' }))[0].n);

  it('saves nothing when one row is refused, and says which rows and why', async () => {
    const before = await count();
    const r = await bulk([{ meterId: m1.id, quantity: 39 }, { meterId: m2.id, quantity: 5 }, { placeId: other.id }]);
    expect(r.status, r.text).toBe(400);
    expect(r.body.code).toBe('METER_READINGS_REFUSED');
    expect(r.body.errors).toEqual({
      'rows.0.quantity': formatMessage('METER_READING_QUANTITY'),
      'rows.2.quantity': formatMessage('METER_READING_QUANTITY_REQUIRED'),
    });
    expect(await count()).toBe(before);
  });

  it(
    'refuses a place with no meter of the type, ' + 'a meter of another type, a date not after the last reading',
    async () => {
      const bare = await place();
      const elec = await createdThroughEdit(t.admin, 'meter', {
        placeId: bare.id,
        meterTypeId: electricity,
        number: unique('E'),
      });
      const r = await bulk(
        [
          { placeId: bare.id, quantity: 1 },
          { meterId: elec.id, quantity: 1 },
          { meterId: m1.id, quantity: 45 },
        ],
        t.admin,
        '2026-05-31',
      );
      expect(r.status, r.text).toBe(400);
      expect(r.body.errors).toEqual({
        'rows.0.placeId': formatMessage('PITCH_NO_METER'),
        'rows.1.meterId': formatMessage('PITCH_NO_METER'),
        'rows.2.readingDate': formatMessage('METER_READING_DATE'),
      });
    },
  );

  it('saves every row in one go, by meter or by place, with its consumption', async () => {
    const r = await bulk([
      { meterId: m1.id, quantity: 52.25, notes: 'fuite réparée' },
      { placeId: other.id, quantity: 7 },
    ]);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'SAVED', saved: 2 });
    expect(r.body.items.map((x: any) => [x.meterId, x.readingDate, x.quantity, x.consumption, x.notes])).toEqual([
      [m1.id, date, 52.25, 12.25, 'fuite réparée'],
      [m2.id, date, 7, null, null],
    ]);
    const again = await creation();
    expect(mine(again.body.rows).map((x) => x.readingOnDate?.quantity)).toEqual([52.25, 7]);
    // The same batch again: both meters already have this date.
    const twice = await bulk(
      [
        { meterId: m1.id, quantity: 60 },
        { meterId: m1.id, quantity: 61 },
      ],
      t.admin,
      '2026-07-31',
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ 'rows.1.readingDate': formatMessage('METER_READING_DATE') });
  });

  it('refuses malformed batches', async () => {
    expectRefused(await bulk([]), 'METER_READINGS_EMPTY');
    for (const body of [
      null,
      [],
      { meterTypeId: water, readingDate: date, rows: 'x' },
      { meterTypeId: water, readingDate: date, rows: [{ quantity: 1 }] },
      { meterTypeId: water, readingDate: date, rows: [{ meterId: m1.id, quantity: 1, consumption: 3 }] },
      { meterTypeId: water, readingDate: date, rows: [3] },
    ]) {
      const r = await t.admin.post('/rest/meter-reading/bulk', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const r = await t.admin.post('/rest/meter-reading/bulk', { meterTypeId: 'x', readingDate: '31/06/2026', rows: [] });
    expect(Object.keys(r.body.errors).sort()).toEqual(['meterTypeId', 'readingDate']);
    const typed = await bulk([{ meterId: m1.id, quantity: '12,5' }], t.admin, '2026-12-31');
    expect(typed.body.errors).toEqual({ 'rows.0.quantity': formatMessage('INVALID_NUMBER') });
  });

  it('checks the camp.meter rights: read to see the meters, write to save', async () => {
    const reader = await userWithRights(t, { rights: { 'camp.meter': { rights: '001' } } });
    const writer = await userWithRights(t, { rights: { 'camp.meter': { rights: '011' } } });
    const stranger = await userWithRights(t, { rights: { 'camp.pitch': { rights: '111' } } });
    expect((await creation(reader.client)).status).toBe(200);
    expectRefused401(await bulk([{ meterId: m2.id, quantity: 8 }], reader.client, '2026-08-31'));
    expectRefused401(await creation(stranger.client));
    expectRefused401(await bulk([{ meterId: m2.id, quantity: 8 }], stranger.client, '2026-08-31'));
    expectRefused401(await stranger.client.get(`/rest/meter-reading/meter/${m1.id}`));
    expectRefused401(await read(m2.id, '2026-08-31', 8, reader.client));
    expect((await bulk([{ meterId: m2.id, quantity: 8 }], writer.client, '2026-08-31')).status).toBe(200);
    const anonymous = t.client();
    expect((await anonymous.get(`/rest/meter-reading/creation?meterTypeId=${water}`)).status).toBe(403);
    expect(
      (await anonymous.post('/rest/meter-reading/bulk', { meterTypeId: water, readingDate: date, rows: [] })).status,
    ).toBe(403);
  });
});

function expectRefused401(r: { status: number; body: any; text: string }) {
  expect(r.status, r.text).toBe(401);
  expect(r.body.code).toBe('INSUFFICIENT_RIGHT');
}

describe('home tile "Relevés de compteurs"', () => {
  const tile = async () =>
    (await t.admin.get('/rest/home/tiles')).body.tiles.find((x: any) => x.key === 'meter-readings');

  it('counts the meters in service not read yet this month', async () => {
    const before = await tile();
    expect(before).toMatchObject({ label: 'Relevés de compteurs', route: '/meter-reading-creation' });
    const m = await meter();
    expect((await tile()).count).toBe(before.count + 1);
    await readOk(m.id, todayParis(), 1);
    expect((await tile()).count).toBe(before.count);
    const removed = await meter({ installedOn: '2020-01-01', removedOn: '2021-01-01' });
    expect(removed.id).toBeGreaterThan(0);
    expect((await tile()).count).toBe(before.count);
    await postOk(t.admin, `/rest/meter/edit`, { id: m.id, isActive: false });
    expect((await tile()).count).toBe(before.count);
  });
});
