// Pricing rules the desk relies on (issue 13, docs/stays.md#preferences): no quote, and no write, for more
// occupants than the place, its type and its equipment hold (§5 (docs/pricing.md#validation), message of
// §8, docs/errors.md#messages); the tourist-tax exemption of minors follows from the age range, and a category of
// minors saved as taxable is refused with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { bookingBody, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';
import { MESSAGES } from '../../common/messages';

let t: TestServer;
let ref: Ref;
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
});
afterAll(async () => {
  await t?.close();
});

const quote = (body: Record<string, unknown>) =>
  t.admin.post('/rest/pricing/quote', { startDate: '2029-07-01', endDate: '2029-07-08', ...body });
const adults = (n: number) => [{ ageCategoryId: ref.ages.adult, quantity: n }];

describe('occupants above capacity', () => {
  it('a quote for 5 people on a 4-person place is refused with the §8 message; 4 are not refused for it', async () => {
    const place = await makePlace(t.admin, ref, { capacity: 4 });
    const r = await quote({ placeId: place.id, occupants: adults(5) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
    expect(r.body.message).toBe(MESSAGES.QUANTITY_ABOVE_CAPACITY);
    expect(r.body.errors.occupants).toContain('5 personnes pour 4 places');
    const ok = await quote({ placeId: place.id, occupants: adults(4) });
    expect(ok.body.code).not.toBe('QUANTITY_ABOVE_CAPACITY');
  });

  it('the equipment and the place type limit the quote too', async () => {
    const place = await makePlace(t.admin, ref, { capacity: 8 });
    const small = await t.knex('equipment').orderBy('capacity').first('id', 'capacity');
    const r = await quote({ placeId: place.id, equipmentId: small.id, occupants: adults(small.capacity + 1) });
    expect(r.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
    const type = await t.knex('place_type').where('id', ref.placeTypes.CONF).first('maxPersons');
    const byType = await quote({ placeTypeId: ref.placeTypes.CONF, occupants: adults(type.maxPersons + 1) });
    expect(byType.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
  });

  it('a booking for more people than the place holds is refused, and so is adding one more occupant', async () => {
    const customer = await makeCustomer(t.admin);
    const place = await makePlace(t.admin, ref, { capacity: 4 });
    const over = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, {
        placeId: place.id,
        customerId: customer.id,
        adults: 5,
        startDate: '2029-07-01',
        endDate: '2029-07-04',
      }),
    );
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
    const ok = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, {
        placeId: place.id,
        customerId: customer.id,
        adults: 4,
        startDate: '2029-07-01',
        endDate: '2029-07-04',
      }),
    );
    expect(ok.status, ok.text).toBe(200);
    const more = await t.admin.post('/rest/occupancy-detail', {
      occupancyId: ok.body.occupancies[0].id,
      ageCategoryId: ref.ages.child,
      quantity: 1,
    });
    expect(more.body.code).toBe('QUANTITY_ABOVE_CAPACITY');
  });
});

describe('minors and the tourist tax', () => {
  it('a category of minors saved as taxable is refused; ticked, or for adults, it is saved', async () => {
    const bad = await t.admin.post('/rest/age-category', {
      label: 'Ados 12–17 ans',
      minAge: 12,
      maxAge: 17,
      isTouristTaxExempt: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('MINORS_EXEMPTION_INCONSISTENT');
    expect(bad.body.errors.isTouristTaxExempt).toBe(
      "Catégorie d'âge incohérente : les moins de 18 ans sont exonérés de taxe de séjour (âges 12–17 ans)",
    );
    const good = await t.admin.post('/rest/age-category', {
      label: 'Ados 12–17 ans',
      minAge: 12,
      maxAge: 17,
      isTouristTaxExempt: true,
    });
    expect(good.status, good.text).toBe(200);
    // Unticking it later is refused too.
    const untick = await t.admin.put(`/rest/age-category/${good.body.id}`, { ...good.body, isTouristTaxExempt: false });
    expect(untick.body.code).toBe('MINORS_EXEMPTION_INCONSISTENT');
    const adultsCat = await t.admin.post('/rest/age-category', {
      label: 'Étudiants 18–25 ans',
      minAge: 18,
      maxAge: 25,
      isTouristTaxExempt: false,
    });
    expect(adultsCat.status, adultsCat.text).toBe(200);
  });
});
