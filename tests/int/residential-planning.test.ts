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
