// The booking lists and searches of §2 (docs/screens.md): bookings by status (active, cancelled,
// partner), arrivals and departures of a day, departures to clean, who is on site,
// birthdays, free places; the home tiles; rights on the hand-written routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { act, book, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';
import { userWithRights } from './security-helpers';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let ref: Ref;
const today = todayParis();
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
});
afterAll(async () => {
  await t?.close();
});

const tile = async (key: string) =>
  (await t.admin.get('/rest/home/tiles')).body.tiles.find((x: any) => x.key === key)?.count;

describe('arrivals and departures of the day', () => {
  it('lists arrivals, then the same stay in departures once arrived, and counts them on /home', async () => {
    const c = await makeCustomer(t.admin, { lastName: 'Arrivant', birthDate: `1980${today.slice(4)}` });
    const place = await makePlace(t.admin, ref);
    const arrivalsBefore = await tile('arrivals-today');
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId: c.id,
      startDate: today,
      endDate: addDays(today, 3),
    });
    expect(await tile('arrivals-today')).toBe(arrivalsBefore + 1);
    const arrivals = await t.admin.get(`/rest/booking/arrivals?date=${today}`);
    const row = arrivals.body.find((r: any) => r.bookingId === b.booking.id);
    expect(row).toMatchObject({
      code: b.booking.code,
      placeCode: place.code,
      customerName: 'Arrivant Test',
      persons: 2,
      arrivedAt: null,
    });
    await act(t.admin, b.booking.id, 'arrive');
    expect(await tile('arrivals-today')).toBe(arrivalsBefore);
    expect(
      (await t.admin.get(`/rest/booking/arrivals?date=${today}`)).body.find((r: any) => r.bookingId === b.booking.id)
        .arrivedAt,
    ).toBeTruthy();
    // On site tonight, and a birthday today.
    expect((await t.admin.get(`/rest/booking/occupation?date=${today}`)).body.map((r: any) => r.bookingId)).toContain(
      b.booking.id,
    );
    const birthdays = await t.admin.get(`/rest/booking/birthdays?from=${today}&to=${today}`);
    expect(birthdays.body.find((r: any) => r.personId === c.id)).toMatchObject({
      personKind: 'customer',
      birthday: today,
      age: Number(today.slice(0, 4)) - 1980,
      placeCode: place.code,
    });
    expect(await tile('birthdays')).toBeGreaterThanOrEqual(1);
    // Departure day: in the departure list and the cleaning list.
    const dep = addDays(today, 3);
    expect((await t.admin.get(`/rest/booking/departures?date=${dep}`)).body.map((r: any) => r.bookingId)).toContain(
      b.booking.id,
    );
    const next = await book(t.admin, ref, {
      placeId: place.id,
      customerId: c.id,
      startDate: dep,
      endDate: addDays(dep, 2),
    });
    // The list only reads; the screen first brings the day's cleaning tasks in step.
    expect(
      (await t.admin.get(`/rest/booking/departure-cleaning?date=${dep}`)).body.find(
        (r: any) => r.bookingId === b.booking.id,
      ).taskId,
    ).toBeNull();
    expect((await t.admin.post('/rest/planning/cleaning/sync', { from: dep, to: addDays(dep, 1) })).status).toBe(200);
    const cleaning = await t.admin.get(`/rest/booking/departure-cleaning?date=${dep}`);
    const toClean = cleaning.body.find((r: any) => r.bookingId === b.booking.id);
    expect(toClean).toMatchObject({ nextArrival: dep, urgent: true });
    // The departure feeds the cleaning list: its task, to be ready for the same-day arrival, nobody on it yet.
    expect(toClean).toMatchObject({ taskId: expect.any(Number), taskStatus: 'todo', taskMode: 'ready', cleaner: null });
    expect(['cleaning', 'control']).toContain(toClean.taskType);
    const cleaner = (await t.admin.post('/rest/cleaning-user', { lastName: 'Ménagère', firstName: 'Rose' })).body;
    const task = (await t.admin.get(`/rest/cleaning-task/${toClean.taskId}`)).body;
    expect(
      (
        await t.admin.put(`/rest/cleaning-task/${toClean.taskId}`, {
          ...task,
          cleaningUserId: cleaner.id,
          status: 'taken',
        })
      ).status,
    ).toBe(200);
    const again = (await t.admin.get(`/rest/booking/departure-cleaning?date=${dep}`)).body.find(
      (r: any) => r.bookingId === b.booking.id,
    );
    expect(again).toMatchObject({ taskId: toClean.taskId, taskStatus: 'taken', cleaner: 'Rose Ménagère' });
    await act(t.admin, b.booking.id, 'depart');
    expect(
      (await t.admin.get(`/rest/booking/departures?date=${dep}`)).body.find((r: any) => r.bookingId === b.booking.id)
        .goneAt,
    ).toBeTruthy();
    expect((await t.admin.get(`/rest/booking/arrivals?date=${dep}`)).body.map((r: any) => r.bookingId)).toContain(
      next.booking.id,
    );
    expect((await t.admin.get('/rest/booking/arrivals?date=2026-02-30')).status).toBe(400);
  });
});

describe('booking lists', () => {
  it('by status, cancelled, partner, with a text search from 3 characters', async () => {
    const c = await makeCustomer(t.admin, { lastName: 'Kerlistec' });
    const place = await makePlace(t.admin, ref);
    const a = await book(t.admin, ref, {
      placeId: place.id,
      customerId: c.id,
      startDate: '2030-07-01',
      endDate: '2030-07-03',
    });
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId: c.id,
      startDate: '2030-07-05',
      endDate: '2030-07-08',
    });
    const p = await book(t.admin, ref, {
      placeId: place.id,
      customerId: c.id,
      partnerId: ref.partners[1],
      startDate: '2030-07-10',
      endDate: '2030-07-12',
    });
    await act(t.admin, b.booking.id, 'cancel', { reason: 'Test' });
    const ids = (r: any) => r.body.items.map((x: any) => x.id);
    const active = await t.admin.post('/rest/booking/list', { q: 'kerlis' });
    expect(ids(active)).toEqual(expect.arrayContaining([a.booking.id, p.booking.id]));
    expect(ids(active)).not.toContain(b.booking.id);
    expect(active.body.items.find((x: any) => x.id === a.booking.id)).toMatchObject({
      customerName: 'Kerlistec Test',
      places: place.code,
      statusId: 2,
    });
    expect(ids(await t.admin.post('/rest/booking/list', { scope: 'cancelled', q: 'kerlis' }))).toEqual([b.booking.id]);
    expect(ids(await t.admin.post('/rest/booking/list', { scope: 'partner', q: 'kerlis' }))).toEqual([p.booking.id]);
    expect(ids(await t.admin.post('/rest/booking/list', { statusId: 9, q: 'kerlis' }))).toEqual([b.booking.id]);
    // The screens send null for an empty filter (the body the stay lists sent when they answered 400).
    const nulls = { statusId: null, kind: null, from: null, to: null, q: 'kerlis', dueOptions: false, page: 1 };
    for (const scope of ['active', 'cancelled', 'partner']) {
      const r = await t.admin.post('/rest/booking/list', { scope, ...nulls, pageSize: 20 });
      expect(r.status, scope).toBe(200);
    }
    expect(ids(await t.admin.post('/rest/booking/list', { ...nulls, kind: 'booking', statusId: 0 }))).toEqual(
      expect.arrayContaining([a.booking.id, p.booking.id]),
    );
    expect((await t.admin.post('/rest/booking/list', { kind: 'holiday' })).status).toBe(400);
    expect((await t.admin.post('/rest/booking/list', { q: 'ke' })).body.code).toBe('SEARCH_TOO_SHORT');
    expect((await t.admin.post('/rest/booking/list', { statusId: 99 })).status).toBe(400);
    const paged = await t.admin.post('/rest/booking/list', {
      q: 'kerlis',
      pageSize: 1,
      page: 2,
      sort: { field: 'startDate', order: 'ASC' },
    });
    expect(paged.body).toMatchObject({ total: 2, page: 2 });
    expect(ids(paged)).toEqual([p.booking.id]);
  });
});

describe('search availability', () => {
  it('answers the free places for dates, persons, type or family and features', async () => {
    const family = (await t.knex('place_family').where('code', 'LOC').first()).id;
    const elec = (await t.knex('feature').where('code', 'ELEC').first()).id;
    const clim = (await t.knex('feature').where('code', 'CLIM').first()).id;
    const c = await makeCustomer(t.admin);
    const free = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH6, capacity: 6 });
    const taken = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH6, capacity: 6 });
    const closed = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH6, capacity: 6 });
    const small = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH4, capacity: 4 });
    const inactive = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH6, isActive: false });
    await t.admin.put(`/rest/place/${free.id}/features`, { featureIds: [elec, clim] });
    await t.admin.put(`/rest/place/${taken.id}/features`, { featureIds: [elec, clim] });
    await t.admin.put(`/rest/place/${small.id}/features`, { featureIds: [elec] });
    await book(t.admin, ref, { placeId: taken.id, customerId: c.id, startDate: '2030-08-03', endDate: '2030-08-10' });
    await t.admin.post('/rest/unavailability', { placeId: closed.id, startDate: '2030-08-01', endDate: '2030-08-05' });
    const search = async (q: Record<string, unknown>) => {
      const r = await t.admin.post('/rest/booking/search-availability', {
        startDate: '2030-08-04',
        endDate: '2030-08-06',
        ...q,
      });
      expect(r.status, r.text).toBe(200);
      return r.body.map((x: any) => x.placeId);
    };
    const all = await search({ persons: 2, placeFamilyId: family });
    expect(all).toEqual(expect.arrayContaining([free.id, small.id]));
    for (const id of [taken.id, closed.id, inactive.id]) expect(all).not.toContain(id);
    expect(await search({ persons: 5, placeFamilyId: family })).not.toContain(small.id);
    expect(await search({ persons: 2, placeTypeId: ref.placeTypes.MH4 })).not.toContain(free.id);
    const withClim = await search({ persons: 2, featureIds: [elec, clim] });
    expect(withClim).toContain(free.id);
    expect(withClim).not.toContain(small.id);
    // Half-open: free again from the departure day.
    expect(
      await search({ startDate: '2030-08-10', endDate: '2030-08-12', persons: 2, placeTypeId: ref.placeTypes.MH6 }),
    ).toContain(taken.id);
    const row = (
      await t.admin.post('/rest/booking/search-availability', {
        startDate: '2030-08-04',
        endDate: '2030-08-06',
        placeTypeId: ref.placeTypes.MH6,
      })
    ).body.find((x: any) => x.placeId === free.id);
    expect(row).toMatchObject({
      code: free.code,
      placeTypeLabel: 'Mobil-home 6 personnes',
      placeFamilyLabel: 'Locatifs',
      capacity: 6,
    });
    expect(row.features.map((f: any) => f.id).sort()).toEqual([elec, clim].sort());
    for (const [body, code] of [
      [{ endDate: '2030-08-06' }, 'DATES_REQUIRED'],
      [{ startDate: '2030-08-06', endDate: '2030-08-06' }, 'START_NOT_EQUAL_END'],
      [{ startDate: '2030-08-07', endDate: '2030-08-06' }, 'START_BEFORE_END'],
    ] as const) {
      expect((await t.admin.post('/rest/booking/search-availability', body)).body.code).toBe(code);
    }
  });
});

describe('rights on the stay routes', () => {
  it('reading needs read, acting needs write, a reset needs delete', async () => {
    const c = await makeCustomer(t.admin);
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId: c.id,
      startDate: '2030-09-01',
      endDate: '2030-09-03',
    });
    const none = await userWithRights(t, { rights: { 'booking.booking': { rights: '000', canExport: false } } });
    const reader = await userWithRights(t, { rights: { 'booking.booking': { rights: '001', canExport: false } } });
    const writer = await userWithRights(t, { rights: { 'booking.booking': { rights: '011', canExport: false } } });
    expect((await none.client.post('/rest/booking/list', {})).status).toBe(401);
    expect((await none.client.get(`/rest/booking/arrivals?date=${today}`)).status).toBe(401);
    expect((await reader.client.post('/rest/booking/list', {})).status).toBe(200);
    expect((await reader.client.get(`/rest/booking/${b.booking.id}/summary`)).status).toBe(200);
    expect((await reader.client.post(`/rest/booking/${b.booking.id}/cancel`, { reason: 'x' })).status).toBe(401);
    expect((await reader.client.post('/rest/booking/create', {})).status).toBe(401);
    expect((await writer.client.post(`/rest/booking/${b.booking.id}/reset`, { reason: 'x' })).status).toBe(401);
    expect((await writer.client.post(`/rest/booking/${b.booking.id}/validate`)).status).toBe(200);
    expect((await t.client().post('/rest/booking/list', {})).status).toBe(403);
    expect((await t.knex('booking').where('id', b.booking.id).first()).statusId).toBe(3);
  });
});
