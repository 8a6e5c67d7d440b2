// Residential places let to a resident (a place affectation) on the stays' side: never
// found free nor sold to a night stay while let, unless a sublet through the campsite
// covers the dates; on the planning board, the contract as a long « Résidentiel » bar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, expectRefused, postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
let resType: number;
let parcel: number;
let placeId: number;
let freeResPlace: number;
let affId: number;

const details = () => [{ ageCategoryId: c.adult, quantity: 2 }];
const search = (startDate: string, endDate: string) =>
  postOk(t.admin, '/rest/booking/search-availability', {
    startDate,
    endDate,
    persons: 2,
    placeTypeId: resType,
    residential: true,
  }).then((r: any[]) => r.map((x) => x.placeId));
const create = (startDate: string, endDate: string, place = placeId) =>
  t.admin.post('/rest/booking/create', {
    kind: 'booking',
    customerId: c.customer,
    occupancies: [{ placeId: place, startDate, endDate, details: details() }],
  });

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 1);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const family = (await post('/rest/place-family', { code: unique('FR'), label: unique('Résid '), kind: 'pitch' })).id;
  const tva = (await t.knex('tva').where('rate', 1000).first('id')).id;
  resType = (
    await post('/rest/place-type', {
      code: unique('RS'),
      label: unique('Résidentiel '),
      placeFamilyId: family,
      maxPersons: 6,
      isResidential: true,
      tvaId: tva,
    })
  ).id;
  parcel = (await post('/rest/parcel-type', { label: unique('Parcelle ') })).id;
  await post('/rest/parcel-type-price-period', {
    parcelTypeId: parcel,
    startDate: '2030-01-01',
    endDate: '2031-01-01',
    price: 240000,
  });
  const newPlace = async () =>
    (await post('/rest/place', { code: unique('R').slice(0, 10), placeTypeId: resType, capacity: 6 })).id as number;
  placeId = await newPlace();
  freeResPlace = await newPlace();
  affId = (
    await createdThroughEdit(t.admin, 'place-affectation', {
      placeId,
      customerId: c.customer,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      parcelTypeId: parcel,
      deadlines: 4,
    })
  ).id;
  await createdThroughEdit(t.admin, 'sublet', {
    placeAffectationId: affId,
    startDate: '2030-07-01',
    endDate: '2030-07-15',
    mode: 'campsite',
    occupantName: 'Famille Martin',
    price: 70000,
    commissionRateBp: 2000,
  });
  await createdThroughEdit(t.admin, 'sublet', {
    placeAffectationId: affId,
    startDate: '2030-08-01',
    endDate: '2030-08-15',
    mode: 'resident',
    occupantName: 'Cousins du résident',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a let residential place and night stays', () => {
  it('is not found free while let, except on the nights a sublet through the campsite covers', async () => {
    const inLease = await search('2030-05-01', '2030-05-08');
    expect(inLease).toContain(freeResPlace);
    expect(inLease).not.toContain(placeId);
    // A sublet by the resident sells nothing through the campsite.
    expect(await search('2030-08-02', '2030-08-09')).not.toContain(placeId);
    // Straddling the sublet's end: some nights stay let.
    expect(await search('2030-07-10', '2030-07-20')).not.toContain(placeId);
    expect(await search('2030-07-02', '2030-07-09')).toContain(placeId);
    // After the contract's end, the place is free again.
    expect(await search('2031-02-01', '2031-02-05')).toContain(placeId);
  });

  it('counts the let nights as not free on the planning board, except those a campsite sublet frees', async () => {
    const free = await t.admin.get(
      `/rest/planning/free?from=2030-06-29&to=2031-01-02&placeIds=${placeId},${freeResPlace}`,
    );
    expect(free.status, free.text).toBe(200);
    expect(free.body.total).toBe(2);
    const d = free.body.days;
    expect([d['2030-06-30'], d['2030-07-01'], d['2030-07-14'], d['2030-07-15']]).toEqual([1, 2, 2, 1]);
    // a sublet by the resident frees nothing; after the contract's end the place is free again
    expect([d['2030-08-05'], d['2030-12-30'], d['2030-12-31'], d['2031-01-01']]).toEqual([1, 1, 2, 2]);
  });

  it('refuses a stay created or moved onto the let nights, with its French message', async () => {
    expectRefused(await create('2030-05-01', '2030-05-08'), 'PLACE_LET_TO_RESIDENT', 'placeId');
    expectRefused(await create('2030-08-02', '2030-08-09'), 'PLACE_LET_TO_RESIDENT', 'placeId');
    const elsewhere = await bookStay(t, c, c.places[0], '2030-05-01', '2030-05-08');
    const occ = (await t.admin.get(`/rest/occupancy/${elsewhere.occupancyId}`)).body;
    expectRefused(
      await t.admin.put(`/rest/occupancy/${occ.id}`, { ...occ, placeId }),
      'PLACE_LET_TO_RESIDENT',
      'placeId',
    );
    // The sublet's stay is sold; stretched past the sublet's nights it is refused.
    const r = await create('2030-07-02', '2030-07-09');
    expect(r.status, r.text).toBe(200);
    const sub = (await t.admin.get(`/rest/occupancy/${r.body.occupancies[0].id}`)).body;
    expectRefused(
      await t.admin.put(`/rest/occupancy/${sub.id}`, { ...sub, endDate: '2030-07-20' }),
      'PLACE_LET_TO_RESIDENT',
      'placeId',
    );
  });
});

describe('the planning board', () => {
  it('shows the contract as « Résidentiel » bars cut around the campsite sublets, which show as stays', async () => {
    const r = await t.admin.get(
      `/rest/planning/window?from=2030-06-01&to=2030-09-01&placeIds=${placeId},${freeResPlace}`,
    );
    expect(r.status, r.text).toBe(200);
    const f = r.body.residentialFields as string[];
    const bars = (r.body.residentials as unknown[][]).map((x) => Object.fromEntries(f.map((k, i) => [k, x[i]])));
    const who = (await t.admin.get(`/rest/customer/${c.customer}`)).body;
    const label = `Résidentiel — ${who.lastName} ${who.firstName}`;
    expect(bars.filter((b) => b.kind === 'residential')).toEqual([
      expect.objectContaining({ placeId, startDate: '2030-01-01', endDate: '2030-07-01', placeAffectationId: affId }),
      expect.objectContaining({ placeId, startDate: '2030-07-15', endDate: '2030-12-31', placeAffectationId: affId }),
    ]);
    for (const b of bars) expect(b.label as string).toContain(b.kind === 'residential' ? label : 'Sous-location');
    expect(new Set(bars.map((b) => b.id)).size).toBe(bars.length);
    // The campsite sublet's stay (sold above) is an occupancy bar in the gap: the sublet has no bar of its own.
    const of = r.body.occupancyFields as string[];
    const stays = (r.body.occupancies as unknown[][]).map((x) => Object.fromEntries(of.map((k, i) => [k, x[i]])));
    expect(stays).toEqual([expect.objectContaining({ placeId, startDate: '2030-07-02', endDate: '2030-07-09' })]);
    expect(bars.filter((b) => b.kind === 'sublet')).toEqual([]);
    // The same bars whatever the window: a narrower one gives the same ids and dates.
    const narrow = await t.admin.get(`/rest/planning/window?from=2030-08-01&to=2030-08-10&placeIds=${placeId}`);
    expect(narrow.body.residentials).toEqual([(r.body.residentials as unknown[][]).find((x) => x[2] === '2030-07-15')]);
    // A campsite sublet with no stay yet shows as its own bar, between two « Résidentiel » ones.
    const sublet = await createdThroughEdit(t.admin, 'sublet', {
      placeAffectationId: affId,
      startDate: '2030-10-01',
      endDate: '2030-10-08',
      mode: 'campsite',
      occupantName: 'Famille Durand',
      price: 30000,
      commissionRateBp: 2000,
    });
    const oct = await t.admin.get(`/rest/planning/window?from=2030-09-25&to=2030-10-20&placeIds=${placeId}`);
    expect(oct.body.residentials.map((x: unknown[]) => [x[2], x[3], x[4], x[5], x[7]])).toEqual([
      ['2030-07-15', '2030-10-01', 'residential', label, null],
      ['2030-10-01', '2030-10-08', 'sublet', 'Sous-location — Famille Durand', sublet.id],
      ['2030-10-08', '2030-12-31', 'residential', label, null],
    ]);
    // A place not let has no residential bar.
    expect(bars.some((b) => b.placeId === freeResPlace)).toBe(false);
  });
});
