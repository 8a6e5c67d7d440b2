// Special offers, last-minute offers, booking fees, insurance, discounts, partners,
// down payment, tourist tax settings and grid choice over HTTP, checked to the cent;
// the rules of offers ("a special offer needs at least one tariff"…) in the API and the
// database; who may ask for a quote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../common/messages';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, createThroughEdit, expectRefused, oneRow } from './http-helpers';
import { userWithRights } from './security-helpers';

let t: TestServer;
const ids: Record<string, number> = {};

const q = (filter: Record<string, unknown>) => `?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const one = (base: string, filter: Record<string, unknown>) => oneRow(t.admin, base, filter);
const create = (base: string, body: Record<string, unknown>) => createThroughEdit(t.admin, base, body);
const created = (base: string, body: Record<string, unknown>) => createdThroughEdit(t.admin, base, body);
const MAY = { startDate: '2027-05-01', endDate: '2027-05-08' };
const quote = async (body: Record<string, unknown>) => {
  const r = await t.admin.post('/rest/pricing/quote', {
    placeTypeId: ids.cara,
    occupants: [{ ageCategoryId: ids.adult, quantity: 2 }],
    ...MAY,
    ...body,
  });
  expect(r.status, r.text).toBe(200);
  return r.body;
};
const byType = (body: any, type: number) => body.lines.filter((l: any) => l.lineType === type);

beforeAll(async () => {
  t = await startTestServer();
  ids.cara = (await one('place-type', { code: 'CARA' })).id;
  ids.adult = (await one('age-category', { label: 'Adulte' })).id;
  ids.web = (await one('access-channel', { code: 'WEB' })).id;
  ids.direct = (await one('access-channel', { code: 'DIRECT' })).id;
  ids.partner = (await one('partner', { accountingCode: '411ARMOR' })).id;
  ids.terms = (await t.admin.get(`/rest/payment-terms${q({ downPaymentRate: 2500 })}`)).body[0].id;
  // No tourist tax on the bill (au forfait), arrhes of 25 % due within 8 days.
  await created('pricing-settings', {
    validFrom: '2020-01-01',
    touristTaxMode: 'flat',
    paymentTermsId: ids.terms,
    downPaymentDueDays: 8,
  });
  const grid = await created('price-grid', {
    label: 'Caravanes – public',
    placeTypeId: ids.cara,
    priceModel: 1,
    includedOccupants: 2,
  });
  ids.grid = grid.id;
  ids.low = (
    await created('price-grid-period', {
      priceGridId: ids.grid,
      label: 'Printemps',
      startDate: '2027-04-01',
      endDate: '2027-07-03',
      pricePerNight: 2000,
    })
  ).id;
  ids.optAdult = (await created('price-grid-option', { priceGridId: ids.grid, ageCategoryId: ids.adult })).id;
  await t.admin.put(`/rest/pricing/grid/${ids.grid}/option/${ids.optAdult}/prices`, {
    prices: [{ priceGridPeriodId: ids.low, price: 500 }],
  });
});
afterAll(() => t?.close());

describe('special offers: rules', () => {
  it('a special offer needs at least one tariff, in the API and in the database', async () => {
    expectRefused(await create('special-offer', { label: 'Sans tarif', type: 2, rate: 1000 }), 'VALIDATION_FAILED');
    const r = await create('special-offer', { label: 'Sans tarif', type: 2, rate: 1000, priceGridIds: [] });
    expect(r.body.errors.priceGridIds).toBe(formatMessage('SPECIAL_OFFER_NEEDS_TARIFF'));
    await expect(
      t.knex('special_offer').insert({ label: 'Pirate', type: 2, rate: 1000, priceGridIds: '[]' }),
    ).rejects.toThrow(/ck_special_offer__tariff/);
    expectRefused(
      await create('special-offer', { label: 'Grille inconnue', type: 2, rate: 1000, priceGridIds: [999999] }),
      'REFERENCE_NOT_FOUND',
      'priceGridIds',
    );
  });

  it('checks each type’s values, the 4 weekly steps and the applied options', async () => {
    const base = { priceGridIds: [ids.grid] };
    expectRefused(await create('special-offer', { ...base, label: 'Sans taux', type: 2 }), 'REQUIRED', 'rate');
    expectRefused(
      await create('special-offer', { ...base, label: '7 = 7', type: 4, stayNights: 7, paidNights: 7 }),
      'INCORRECT_FORM',
      'paidNights',
    );
    expectRefused(
      await create('special-offer', { ...base, label: 'Rien d’inclus', type: 6 }),
      'REQUIRED',
      'appliedOptionIds',
    );
    const steps = [1, 2, 3, 4, 4].map((weeks) => ({ weeks, value: 500 }));
    const five = await create('special-offer', { ...base, label: 'Cinq paliers', type: 2, rate: 500, steps });
    expect(five.status).toBe(400);
    expect(five.body.errors.steps).toBeTruthy();
    expectRefused(
      await create('special-offer', { ...base, label: 'Durées', type: 2, rate: 500, minNights: 7, maxNights: 3 }),
      'INCORRECT_FORM',
      'maxNights',
    );
    const other = await created('price-grid', { label: 'Autre grille', placeTypeId: ids.cara, isActive: false });
    const foreign = await created('price-grid-option', { priceGridId: other.id, ageCategoryId: ids.adult });
    expectRefused(
      await create('special-offer', { ...base, label: 'Option étrangère', type: 6, appliedOptionIds: [foreign.id] }),
      'OPTION_NOT_IN_OFFER_GRIDS',
      'appliedOptionIds',
    );
  });
});

describe('special offers in quotes', () => {
  it('an early-booking offer applies while it is valid, on stays of its minimum duration', async () => {
    const offer = await created('special-offer', {
      label: 'Réservez tôt',
      type: 2,
      rate: 1000,
      bookingEndDate: '2027-03-01',
      minNights: 5,
      priceGridIds: [ids.grid],
    });
    ids.early = offer.id;
    const early = await quote({ quoteDate: '2027-01-15' });
    expect(byType(early, 12).map((l: any) => [l.amount, l.vatRateBp, l.specialOfferId])).toEqual([
      [-1400, 1000, offer.id],
    ]);
    expect(early).toMatchObject({ total: 12600, appliedSpecialOfferIds: [offer.id], appliedLastMinuteOfferIds: [] });
    expect(byType(await quote({ quoteDate: '2027-03-01' }), 12)).toEqual([]);
    expect(byType(await quote({ quoteDate: '2027-01-15', endDate: '2027-05-04' }), 12)).toEqual([]);
  });

  it(
    'a promo code offer applies with its code only (any case), ' + 'on top of a competing offer when duplicate',
    async () => {
      const promo = await created('special-offer', {
        label: 'Code ÉTÉ',
        type: 1,
        amount: 1000,
        promoCode: 'ete2027',
        visibility: 2,
        priceGridIds: [ids.grid],
      });
      expect(promo.promoCode).toBe('ETE2027');
      const both = await quote({ quoteDate: '2027-01-15', promoCode: 'Ete2027' });
      expect(byType(both, 12).map((l: any) => [l.specialOfferId, l.amount])).toEqual([
        [ids.early, -1400],
        [promo.id, -1000],
      ]);
      expect(both.total).toBe(11600);
      const wrong = await quote({ quoteDate: '2027-01-15', promoCode: 'FAUX' });
      expect(wrong.warnings.map((w: any) => w.code)).toEqual(['PROMO_CODE_NOT_APPLICABLE']);
      expect(wrong.total).toBe(12600);
    },
  );

  it('a last-minute offer applies to arrivals within its days, reported as a last-minute offer', async () => {
    const lm = await created('last-minute-offer', { label: 'Dernière minute', rate: 1500, daysBeforeArrival: 7 });
    const r = await quote({ quoteDate: '2027-04-28' });
    expect(byType(r, 12).map((l: any) => [l.amount, l.specialOfferId, l.lastMinuteOfferId])).toEqual([
      [-2100, null, lm.id],
    ]);
    expect(r).toMatchObject({ total: 11900, appliedSpecialOfferIds: [], appliedLastMinuteOfferIds: [lm.id] });
    expect(byType(await quote({ quoteDate: '2027-04-23' }), 12)).toEqual([]);
    await t.admin.put(`/rest/last-minute-offer/${lm.id}`, { isActive: false });
  });

  it('a desk discount reduces the stay after the offers', async () => {
    const loyalty = await one('discount', { label: 'Fidélité 5 %' });
    const r = await quote({ quoteDate: '2027-03-15', discountIds: [loyalty.id] });
    expect(byType(r, 9).map((l: any) => [l.amount, l.discountId])).toEqual([[-700, loyalty.id]]);
    expect(r.total).toBe(13300);
  });

  it('refuses to delete a grid or an option an offer uses', async () => {
    await created('special-offer', {
      label: 'Petit déjeuner offert',
      type: 6,
      appliedOptionIds: [ids.optAdult],
      priceGridIds: [ids.grid],
      isActive: false,
    });
    expectRefused(await t.admin.del(`/rest/price-grid/${ids.grid}`), 'PRICE_GRID_IN_USE');
    expectRefused(await t.admin.del(`/rest/price-grid-option/${ids.optAdult}`), 'OPTION_IN_USE');
  });
});

describe('fees, insurance, down payment, partner', () => {
  it('booking fees by sales channel', async () => {
    const fee = await created('booking-fee', {
      label: 'Frais de dossier internet',
      amount: 1500,
      channelIds: [ids.web],
    });
    const web = await quote({ quoteDate: '2027-03-15', channelId: ids.web });
    expect(byType(web, 8).map((l: any) => [l.label, l.amount, l.vatRateBp])).toEqual([
      ['Frais de dossier internet', 1500, 1000],
    ]);
    expect(byType(await quote({ quoteDate: '2027-03-15', channelId: ids.direct }), 8)).toEqual([]);
    await t.admin.put(`/rest/booking-fee/${fee.id}`, { isActive: false });
  });

  it('cancellation insurance: rate of the stay with a minimum, outside VAT; one default', async () => {
    expectRefused(await create('cancellation-insurance', { label: 'Sans tarif' }), 'INSURANCE_RATE_OR_AMOUNT', 'rate');
    const first = await created('cancellation-insurance', {
      label: 'Annulation A',
      rate: 350,
      minimumAmount: 1000,
      isDefault: true,
    });
    const second = await created('cancellation-insurance', {
      label: 'Annulation B',
      fixedAmount: 2500,
      isDefault: true,
    });
    expect((await t.admin.get(`/rest/cancellation-insurance/${first.id}`)).body.isDefault).toBe(false);
    const withB = await quote({ quoteDate: '2027-03-15', withCancellationInsurance: true });
    expect(byType(withB, 11).map((l: any) => [l.label, l.amount, l.vatRateBp, l.vatAmount])).toEqual([
      ['Annulation B', 2500, null, 0],
    ]);
    // 3,5 % of 140 € = 4,90 €, below the 10 € minimum
    const withA = await quote({
      quoteDate: '2027-03-15',
      withCancellationInsurance: true,
      cancellationInsuranceId: first.id,
    });
    expect(byType(withA, 11).map((l: any) => l.amount)).toEqual([1000]);
    await t.admin.put(`/rest/cancellation-insurance/${second.id}`, { isActive: false });
  });

  it(
    'arrhes of 25 % from the payment terms, ' + 'balance 30 days before arrival; flat tourist tax off the bill',
    async () => {
      const r = await quote({ quoteDate: '2027-01-15' });
      expect(r.downPayment).toEqual({
        kind: 1,
        rateBp: 2500,
        amount: 3150,
        dueDate: '2027-01-23',
        isFullPayment: false,
      });
      expect(r.balance).toEqual({ amount: 9450, dueDate: '2027-04-01' });
      expect(r.touristTax).toMatchObject({ mode: 2, taxablePersons: 2, amount: 0 });
      expect(byType(r, 2)).toEqual([]);
      // arrival within 30 days: everything at once
      const late = await quote({ quoteDate: '2027-04-20' });
      expect(late.downPayment).toMatchObject({ isFullPayment: true, amount: late.total });
    },
  );

  it('a partner gets its own grid and its commission on the partner bill', async () => {
    const own = await created('price-grid', {
      label: 'Caravanes – Armor Évasion',
      placeTypeId: ids.cara,
      priceModel: 1,
      includedOccupants: 2,
      partnerIds: [ids.partner],
    });
    await created('price-grid-period', {
      priceGridId: own.id,
      label: 'Saison',
      startDate: '2027-04-01',
      endDate: '2027-10-01',
      pricePerNight: 1800,
    });
    const r = await quote({ quoteDate: '2027-03-15', partnerId: ids.partner });
    expect(r.priceGridId).toBe(own.id);
    expect(r.total).toBe(12600);
    // 12 % of 126 € on the partner bill, VAT 20 % extracted; not in the customer's total
    expect(r.partnerLines.map((l: any) => [l.lineType, l.amount, l.vatRateBp, l.vatAmount])).toEqual([
      [13, 1512, 2000, 252],
    ]);
    expect((await quote({ quoteDate: '2027-03-15' })).priceGridId).toBe(ids.grid);
    expectRefused(
      await create('price-grid', { label: 'Partenaire inconnu', placeTypeId: ids.cara, partnerIds: [999999] }),
      'REFERENCE_NOT_FOUND',
      'partnerIds',
    );
  });

  it('takes the grid whose periods cover the stay: per week in summer, Saturday to Saturday', async () => {
    const week = await created('price-grid', { label: 'Caravanes – semaines', placeTypeId: ids.cara, priceModel: 2 });
    await created('price-grid-period', {
      priceGridId: week.id,
      label: 'Été',
      startDate: '2027-07-03',
      endDate: '2027-08-28',
      pricePerWeek: 60000,
      extraNightPrice: 9000,
      arrivalDays: [6],
      departureDays: [6],
      minNights: 7,
    });
    const summer = await quote({ startDate: '2027-07-03', endDate: '2027-07-17', quoteDate: '2027-03-15' });
    expect(summer.priceGridId).toBe(week.id);
    expect(byType(summer, 1).map((l: any) => [l.quantity, l.unitPrice, l.amount])).toEqual([[2, 60000, 120000]]);
    expect(summer.warnings).toEqual([]);
    // 10 nights: a week and 3 extra nights; arriving on a Sunday is flagged
    const sunday = await quote({ startDate: '2027-07-04', endDate: '2027-07-14', quoteDate: '2027-03-15' });
    expect(sunday.total).toBe(60000 + 3 * 9000);
    expect(sunday.warnings.map((w: any) => w.code)).toEqual(['ARRIVAL_DAY_NOT_ALLOWED', 'DEPARTURE_DAY_NOT_ALLOWED']);
    expect((await quote({ quoteDate: '2027-03-15' })).priceGridId).toBe(ids.grid);
  });
});

describe('tourist tax tariffs', () => {
  it('one tariff per classification on any night, in the API and in the database', async () => {
    await created('tourist-tax-tariff', { label: '3★ 2027', classification: 3, amount: 60, startDate: '2027-01-01' });
    expectRefused(
      await create('tourist-tax-tariff', {
        label: '3★ été',
        classification: 3,
        amount: 70,
        startDate: '2027-06-01',
        endDate: '2027-09-01',
      }),
      'OVERLAPPING_PERIODS',
      'startDate',
    );
    expect(
      (await create('tourist-tax-tariff', { label: '4★ 2027', classification: 4, amount: 80, startDate: '2027-01-01' }))
        .status,
    ).toBe(200);
    await expect(
      t.knex('tourist_tax_tariff').insert({ label: 'Pirate', classification: 3, amount: 10, startDate: '2028-01-01' }),
    ).rejects.toThrow(/ex_tourist_tax_tariff__overlap/);
  });
});

describe('who may quote', () => {
  it('the booking desk (booking.booking) and the price setters (stay.price) may; others get 401', async () => {
    const body = { placeTypeId: ids.cara, ...MAY, quoteDate: '2027-03-15' };
    const desk = await userWithRights(t, { rights: { 'booking.booking': { rights: '001', canExport: false } } });
    expect((await desk.client.post('/rest/pricing/quote', body)).status).toBe(200);
    const prices = await userWithRights(t, { rights: { 'stay.price': { rights: '001', canExport: false } } });
    expect((await prices.client.post('/rest/pricing/quote', body)).status).toBe(200);
    // reading is not writing: the desk cannot change option prices
    const put = await desk.client.put(`/rest/pricing/grid/${ids.grid}/option/${ids.optAdult}/prices`, { prices: [] });
    expect(put.status).toBe(401);
    const other = await userWithRights(t, { rights: { 'customer.customer': { rights: '111', canExport: false } } });
    const r = await other.client.post('/rest/pricing/quote', body);
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('401 Droit insuffisant');
  });
});
