// Availability search at the desk (issue 13, docs/stays.md#preferences): occupants by age category as the wizard
// asks them, the price the booking will charge on each place (the stays' own pricing,
// not a quote of all adults), and no residential place for a night stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { unique } from './stays-fixtures';
import { createdThroughEdit } from './http-helpers';

let t: TestServer;
const ids: Record<string, number> = {};
const post = async (path: string, body: unknown) => {
  const r = await t.admin.post(path, body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body;
};
const START = '2029-07-04';
const END = '2029-07-08';

beforeAll(async () => {
  t = await startTestServer();
  ids.adult = (await t.knex('age_category').where('minAge', 18).first('id')).id;
  ids.child = (await t.knex('age_category').where('minAge', 3).first('id')).id;
  const family = (
    await post('/rest/place-family', { code: unique('FD'), label: unique('Famille dispo '), kind: 'pitch' })
  ).id;
  ids.type = (
    await post('/rest/place-type', {
      code: unique('TD'),
      label: unique('Type dispo '),
      placeFamilyId: family,
      maxPersons: 6,
    })
  ).id;
  ids.resType = (
    await post('/rest/place-type', {
      code: unique('TR'),
      label: unique('Résidentiel dispo '),
      placeFamilyId: family,
      maxPersons: 6,
      isResidential: true,
    })
  ).id;
  ids.small = (await post('/rest/place', { code: unique('D2-'), placeTypeId: ids.type, capacity: 2 })).id;
  ids.big = (await post('/rest/place', { code: unique('D6-'), placeTypeId: ids.type, capacity: 6 })).id;
  ids.res = (await post('/rest/place', { code: unique('R6-'), placeTypeId: ids.resType, capacity: 6 })).id;
  ids.grid = (
    await post('/rest/price-grid', { label: unique('Grille dispo '), placeTypeId: ids.type, priceModel: 1 })
  ).id;
  await post('/rest/price-grid-period', {
    priceGridId: ids.grid,
    label: 'Été',
    startDate: '2029-06-01',
    endDate: '2029-09-01',
    pricePerNight: 3000,
  });
  // A child costs less than an adult: pricing the child as an adult would show another price.
  const opt = await post('/rest/price-grid-option', { priceGridId: ids.grid, ageCategoryId: ids.child });
  const period = (await t.knex('price_grid_period').where('priceGridId', ids.grid).first('id')).id;
  await t.admin.put(`/rest/pricing/grid/${ids.grid}/option/${opt.id}/prices`, {
    prices: [{ priceGridPeriodId: period, price: 250 }],
  });
  await createdThroughEdit(t.admin, 'booking-fee', {
    label: 'Frais de dossier',
    amount: 1500,
    priceGridIds: [ids.grid],
  });
  ids.customer = (await post('/rest/customer', { lastName: 'Dispo', firstName: 'Léa' })).id;
});
afterAll(async () => {
  await t?.close();
});

const occupants = () => [
  { ageCategoryId: ids.adult, quantity: 2 },
  { ageCategoryId: ids.child, quantity: 1 },
];

describe('search-availability', () => {
  it('counts the occupants by age category: 3 people leave out the 2-person place', async () => {
    const r = await post('/rest/booking/search-availability', {
      startDate: START,
      endDate: END,
      occupants: occupants(),
    });
    const found = r.map((x: any) => x.placeId);
    expect(found).toContain(ids.big);
    expect(found).not.toContain(ids.small);
  });

  it('offers no residential place for a night stay (and prices nothing for it)', async () => {
    const r = await post('/rest/booking/search-availability', {
      startDate: START,
      endDate: END,
      occupants: occupants(),
    });
    expect(r.map((x: any) => x.placeId)).not.toContain(ids.res);
    expect(r.every((x: any) => x.placeTypeId !== ids.resType)).toBe(true);
  });

  it('shows on each place the price the booking then charges, for the same occupants', async () => {
    const r = await post('/rest/booking/search-availability', {
      startDate: START,
      endDate: END,
      occupants: occupants(),
      withPrices: true,
    });
    const row = r.find((x: any) => x.placeId === ids.big);
    expect(row.price.error).toBeNull();
    const shown = row.price.total as number;
    expect(shown).toBeGreaterThan(0);
    const b = await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: [{ placeId: ids.big, startDate: START, endDate: END, details: occupants() }],
    });
    expect(b.booking.totalAmount).toBe(shown);
    // All adults (what the screen used to quote) is another price.
    const asAdults = await post('/rest/pricing/quote', {
      placeTypeId: ids.type,
      startDate: START,
      endDate: END,
      occupants: [{ ageCategoryId: ids.adult, quantity: 3 }],
    });
    expect(asAdults.total).not.toBe(shown);
  });
});
