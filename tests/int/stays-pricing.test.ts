// The stored price of a stay over HTTP (api/domain/stays/pricing.ts): the server prices
// every occupancy and sums the booking — a total sent by a client is ignored; the
// price follows changes of dates, occupants, occupancies, booking fields and moves;
// a manual price is kept and flagged; tourist tax exemptions; booking fees once per
// booking; a grid's later change does not re-price an agreed stay; the rights.
//
// The campsite of this file: a place type priced 30 €/night in summer 2031, a 3★
// tourist tax of 0,60 € + 10 % (0,66 € per person-night, rules-fr §1, docs/statements.md#tourist-tax), booking fees of
// 15 € on this grid, an "acompte" of 30 % due within 8 days, balance 30 days before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../../common/messages';
import { addDays, todayParis } from '../../common/dates';
import { formatCents } from '../../common/money';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, expectRefused, postOk, unique } from './http-helpers';
import { userWithRights } from './security-helpers';

let t: TestServer;
const ids: Record<string, number> = {};
let adult = 0;
let child = 0;
const post = (path: string, body: unknown) => postOk(t.admin, path, body);
const created = (base: string, body: Record<string, unknown>) => createdThroughEdit(t.admin, base, body);
const NIGHT = 3000;
const TAX = 66; // 0,60 € + 10 %
const FEES = 1500;

async function book(
  placeId: number,
  startDate: string,
  endDate: string,
  extra: Record<string, unknown> = {},
  adults = 2,
) {
  const s = await post('/rest/booking/create', {
    kind: 'booking',
    customerId: ids.customer,
    ...extra,
    occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: adult, quantity: adults }] }],
  });
  return { bookingId: s.booking.id as number, occupancyId: s.occupancies[0].id as number, booking: s.booking };
}
const booking = async (id: number) => (await t.admin.get(`/rest/booking/${id}`)).body;
const occupancy = async (id: number) => (await t.admin.get(`/rest/occupancy/${id}`)).body;
const linesOf = (occ: any, type: number) => occ.pricedQuote.quote.lines.filter((l: any) => l.lineType === type);

beforeAll(async () => {
  t = await startTestServer();
  adult = (await t.knex('age_category').where('minAge', 18).first('id')).id;
  child = (await t.knex('age_category').where('isTouristTaxExempt', true).orderBy('order').first('id')).id;
  const family = (
    await post('/rest/place-family', { code: unique('FP'), label: unique('Famille prix '), kind: 'pitch' })
  ).id;
  ids.type = (
    await post('/rest/place-type', {
      code: unique('TP'),
      label: unique('Type prix '),
      placeFamilyId: family,
      maxPersons: 8,
    })
  ).id;
  ids.bareType = (
    await post('/rest/place-type', {
      code: unique('TN'),
      label: unique('Type sans grille '),
      placeFamilyId: family,
      maxPersons: 8,
    })
  ).id;
  for (const c of ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'])
    ids[c] = (await post('/rest/place', { code: unique(c), placeTypeId: ids.type, capacity: 8 })).id;
  ids.N1 = (await post('/rest/place', { code: unique('N1'), placeTypeId: ids.bareType, capacity: 8 })).id;
  ids.grid = (
    await post('/rest/price-grid', { label: unique('Grille prix '), placeTypeId: ids.type, priceModel: 1 })
  ).id;
  ids.summer = (
    await post('/rest/price-grid-period', {
      priceGridId: ids.grid,
      label: 'Été',
      startDate: '2031-06-01',
      endDate: '2031-09-01',
      pricePerNight: NIGHT,
    })
  ).id;
  await created('booking-fee', { label: 'Frais de dossier', amount: FEES, priceGridIds: [ids.grid] });
  const terms = await created('payment-terms', {
    label: unique('Acompte 30 % '),
    downPaymentKind: 'acompte',
    downPaymentRate: 3000,
    balanceDaysBeforeArrival: 30,
  });
  await created('pricing-settings', {
    validFrom: '2020-01-01',
    touristTaxMode: 'real',
    classification: 3,
    paymentTermsId: terms.id,
    downPaymentDueDays: 8,
  });
  await created('tourist-tax-tariff', { label: 'Camping 3★', classification: 3, amount: 60, startDate: '2030-01-01' });
  await created('tourist-tax-surcharge', {
    label: 'Taxe additionnelle départementale',
    kind: 'departmental',
    rate: 1000,
    startDate: '2030-01-01',
  });
  ids.seasonal = (await t.knex('tourist_tax_exemption').where('label', 'like', '%saisonnier%').first('id')).id;
  ids.customer = (await post('/rest/customer', { lastName: 'Tarif', firstName: 'Anne' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the server prices the stay', () => {
  it('stores the engine’s quote on the occupancy and its totals on the booking', async () => {
    const b = await book(ids.S1, '2031-07-04', '2031-07-08');
    const q = await post('/rest/pricing/quote', {
      placeId: ids.S1,
      startDate: '2031-07-04',
      endDate: '2031-07-08',
      occupants: [{ ageCategoryId: adult, quantity: 2 }],
    });
    const total = 4 * NIGHT + 2 * 4 * TAX + FEES;
    expect(q.total).toBe(total);
    const o = await occupancy(b.occupancyId);
    expect(o).toMatchObject({ amount: total, isManualPrice: false, quoteDate: todayParis(), priceGridId: ids.grid });
    expect(o.pricedQuote.quote.lines).toEqual(q.lines);
    expect(o.pricedQuote.quote.vatTotals).toEqual(q.vatTotals);
    const deposit = Math.round(4 * NIGHT * 0.3) + FEES;
    expect(await booking(b.bookingId)).toMatchObject({
      totalAmount: total,
      touristTaxAmount: 2 * 4 * TAX,
      isManualPrice: false,
      downPaymentKind: 'acompte',
      downPaymentAmount: deposit,
      downPaymentDueDate: addDays(todayParis(), 8),
      balanceAmount: total - deposit,
      balanceDueDate: '2031-06-04',
    });
  });

  it('ignores a total sent by the client, on every path', async () => {
    const b = await book(ids.S2, '2031-07-10', '2031-07-12', { totalAmount: 1 });
    const total = 2 * NIGHT + 2 * 2 * TAX + FEES;
    expect(b.booking.totalAmount).toBe(total);
    let r = await t.admin.put(`/rest/booking/${b.bookingId}`, { totalAmount: 5, notes: 'remise à 5 centimes ?' });
    expect(r.status, r.text).toBe(200);
    r = await t.admin.post('/rest/booking/edit', {
      id: b.bookingId,
      totalAmount: 7,
      downPaymentAmount: 0,
      isManualPrice: true,
    });
    expect(r.status, r.text).toBe(200);
    r = await t.admin.put(`/rest/occupancy/${b.occupancyId}`, {
      amount: 9,
      isManualPrice: true,
      pricedQuote: { quote: null },
    });
    expect(r.status, r.text).toBe(200);
    expect(await booking(b.bookingId)).toMatchObject({
      totalAmount: total,
      downPaymentAmount: Math.round(2 * NIGHT * 0.3) + FEES,
      isManualPrice: false,
      notes: 'remise à 5 centimes ?',
    });
    expect((await occupancy(b.occupancyId)).amount).toBe(total);
  });

  it('keeps a stay it cannot price, with the reason, and prices the others', async () => {
    const s = await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: [
        {
          placeId: ids.N1,
          startDate: '2031-08-01',
          endDate: '2031-08-03',
          details: [{ ageCategoryId: adult, quantity: 1 }],
        },
        {
          placeId: ids.S3,
          startDate: '2031-08-01',
          endDate: '2031-08-03',
          details: [{ ageCategoryId: adult, quantity: 1 }],
        },
      ],
    });
    const [bare, priced] = s.occupancies;
    expect(bare).toMatchObject({ amount: null, isManualPrice: false });
    expect(bare.pricedQuote.error).toEqual({
      code: 'PRICE_GRID_NOT_FOUND',
      message: formatMessage('PRICE_GRID_NOT_FOUND'),
    });
    // The booking's fees go on its first occupancy that can be priced.
    expect(priced.amount).toBe(2 * NIGHT + 2 * TAX + FEES);
    expect(s.booking.totalAmount).toBe(2 * NIGHT + 2 * TAX + FEES);
  });
});

describe('the price follows what it is made of', () => {
  it('dates, occupants, an occupancy added and one cancelled', async () => {
    const b = await book(ids.S4, '2031-06-10', '2031-06-13');
    const one = 3 * NIGHT + 2 * 3 * TAX + FEES;
    expect((await booking(b.bookingId)).totalAmount).toBe(one);
    // Dates: one more night.
    let r = await t.admin.put(`/rest/occupancy/${b.occupancyId}`, { startDate: '2031-06-10', endDate: '2031-06-14' });
    expect(r.status, r.text).toBe(200);
    const four = 4 * NIGHT + 2 * 4 * TAX + FEES;
    expect((await booking(b.bookingId)).totalAmount).toBe(four);
    // Occupants: a third adult (tax), then a child (a minor: exempt, free on this grid).
    const third = await post('/rest/occupancy-detail', {
      occupancyId: b.occupancyId,
      ageCategoryId: adult,
      quantity: 1,
    });
    expect((await booking(b.bookingId)).totalAmount).toBe(four + 4 * TAX);
    await post('/rest/occupancy-detail', { occupancyId: b.occupancyId, ageCategoryId: child, quantity: 2 });
    expect((await booking(b.bookingId)).totalAmount).toBe(four + 4 * TAX);
    expect((await t.admin.del(`/rest/occupancy-detail/${third.id}`)).status).toBe(200);
    expect((await booking(b.bookingId)).totalAmount).toBe(four);
    // Another occupancy: its own price, no second fees.
    const added = await post(`/rest/booking/${b.bookingId}/occupancy`, {
      placeId: ids.S5,
      startDate: '2031-06-10',
      endDate: '2031-06-12',
      details: [{ ageCategoryId: adult, quantity: 1 }],
    });
    const second = added.occupancies.find((o: any) => o.placeId === ids.S5);
    expect(second.amount).toBe(2 * NIGHT + 2 * TAX);
    expect(added.booking.totalAmount).toBe(four + 2 * NIGHT + 2 * TAX);
    // Cancel the first: the fees move to the one left.
    r = await t.admin.post(`/rest/occupancy/${b.occupancyId}/cancel`, { reason: 'Une seule tente finalement' });
    expect(r.status, r.text).toBe(200);
    expect((await booking(b.bookingId)).totalAmount).toBe(2 * NIGHT + 2 * TAX + FEES);
    expect(linesOf(await occupancy(second.id), 8)).toHaveLength(1);
  });

  it('two occupancies pay the booking fees once', async () => {
    const s = await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: ['S1', 'S2'].map((c) => ({
        placeId: ids[c],
        startDate: '2031-08-20',
        endDate: '2031-08-23',
        details: [{ ageCategoryId: adult, quantity: 2 }],
      })),
    });
    const fees = s.occupancies.flatMap((o: any) => o.pricedQuote.quote.lines.filter((l: any) => l.lineType === 8));
    expect(fees).toHaveLength(1);
    expect(s.occupancies.map((o: any) => o.pricedQuote.withBookingFees)).toEqual([true, false]);
    expect(s.booking.totalAmount).toBe(2 * (3 * NIGHT + 2 * 3 * TAX) + FEES);
    expect(s.booking.totalAmount).toBe(s.occupancies[0].amount + s.occupancies[1].amount);
    // The first one deleted (generic route): the fees move to the other.
    expect((await t.admin.del(`/rest/occupancy/${s.occupancies[0].id}`)).status).toBe(200);
    expect((await booking(s.booking.id)).totalAmount).toBe(3 * NIGHT + 2 * 3 * TAX + FEES);
    expect(linesOf(await occupancy(s.occupancies[1].id), 8)).toHaveLength(1);
  });

  it('booking fields: promo code, insurance and the partner price the stay again', async () => {
    const b = await book(ids.S6, '2031-06-20', '2031-06-22');
    const before = (await booking(b.bookingId)).totalAmount;
    const insurance = await created('cancellation-insurance', {
      label: 'Annulation test',
      rate: 500,
      minimumAmount: 0,
    });
    let r = await t.admin.put(`/rest/booking/${b.bookingId}`, { withCancellationInsurance: true });
    expect(r.status, r.text).toBe(200);
    const ins = linesOf(await occupancy(b.occupancyId), 11);
    expect(ins).toEqual([expect.objectContaining({ amount: Math.round(2 * NIGHT * 0.05) })]);
    expect((await booking(b.bookingId)).totalAmount).toBe(before + Math.round(2 * NIGHT * 0.05));
    r = await t.admin.put(`/rest/booking/${b.bookingId}`, { promoCode: 'INCONNU' });
    expect((await occupancy(b.occupancyId)).pricedQuote.quote.warnings.map((w: any) => w.code)).toContain(
      'PROMO_CODE_NOT_APPLICABLE',
    );
    await t.admin.put(`/rest/booking/${b.bookingId}`, { withCancellationInsurance: false, promoCode: null });
    await t.admin.put(`/rest/cancellation-insurance/${insurance.id}`, { isActive: false });
    expect((await booking(b.bookingId)).totalAmount).toBe(before);
  });
});

describe('manual price', () => {
  it('is kept after a change of dates and a move on the planning, and flagged', async () => {
    const b = await book(ids.S3, '2031-07-15', '2031-07-19');
    let r = await t.admin.put(`/rest/occupancy/${b.occupancyId}`, {
      priceOverrides: [{ priceGridOptionId: null, unitPrice: 2500 }],
    });
    expect(r.status, r.text).toBe(200);
    let o = await occupancy(b.occupancyId);
    expect(o).toMatchObject({ isManualPrice: true, amount: 4 * 2500 + 2 * 4 * TAX + FEES });
    const line = linesOf(o, 1)[0];
    expect(line).toMatchObject({ isManualPrice: true, unitPrice: 2500, quantity: 4, computedAmount: 4 * NIGHT });
    expect(o.pricedQuote.quote.warnings).toContainEqual(
      expect.objectContaining({ code: 'PRICE_MANUALLY_CHANGED', message: 'Prix modifié manuellement' }),
    );
    expect((await booking(b.bookingId)).isManualPrice).toBe(true);
    // One more night: still the manual price per night.
    r = await t.admin.put(`/rest/occupancy/${b.occupancyId}`, { endDate: '2031-07-20' });
    expect(r.status, r.text).toBe(200);
    o = await occupancy(b.occupancyId);
    expect(o).toMatchObject({ isManualPrice: true, amount: 5 * 2500 + 2 * 5 * TAX + FEES });
    // Moved on the planning: the check shows it, the move keeps it.
    const move = {
      kind: 'occupancy',
      id: b.occupancyId,
      placeId: ids.S4,
      startDate: '2031-07-15',
      endDate: '2031-07-21',
    };
    const check = await post('/rest/planning/move/check', move);
    expect(check.price).toMatchObject({
      before: 5 * 2500 + 10 * TAX + FEES,
      after: 6 * 2500 + 12 * TAX + FEES,
      difference: 2500 + 2 * TAX,
      bookingTotalAfter: 6 * 2500 + 12 * TAX + FEES,
    });
    await post('/rest/planning/move', move);
    expect(await booking(b.bookingId)).toMatchObject({ totalAmount: 6 * 2500 + 12 * TAX + FEES, isManualPrice: true });
    // Removed: the grid's price again.
    await t.admin.put(`/rest/occupancy/${b.occupancyId}`, { priceOverrides: [] });
    expect(await booking(b.bookingId)).toMatchObject({
      totalAmount: 6 * NIGHT + 12 * TAX + FEES,
      isManualPrice: false,
    });
    const h = await t
      .knex('post_history')
      .where({ entity: 'booking', recordId: b.bookingId })
      .orderBy('id')
      .pluck('detail');
    expect(h).toContain(`Prix modifié manuellement : hébergement ${formatCents(2500)} par nuit`);
    expect(h).toContain('Prix manuel retiré : prix de la grille');
  });

  it('refuses two manual prices for one item and a negative price', async () => {
    const b = await book(ids.S5, '2031-07-25', '2031-07-27');
    expectRefused(
      await t.admin.put(`/rest/occupancy/${b.occupancyId}`, {
        priceOverrides: [
          { priceGridOptionId: null, unitPrice: 1 },
          { priceGridOptionId: null, unitPrice: 2 },
        ],
      }),
      'INCORRECT_FORM',
      'priceOverrides',
    );
    const r = await t.admin.put(`/rest/occupancy/${b.occupancyId}`, {
      priceOverrides: [{ priceGridOptionId: null, unitPrice: -1 }],
    });
    expect(r.status).toBe(400);
    expect((await occupancy(b.occupancyId)).isManualPrice).toBe(false);
  });
});

describe('tourist tax exemptions', () => {
  it('an exempt adult lowers the tax by 0,66 € per night, with its reason', async () => {
    const b = await book(ids.S6, '2031-07-01', '2031-07-04');
    const full = (await booking(b.bookingId)).touristTaxAmount;
    expect(full).toBe(2 * 3 * TAX);
    const detail = (await t.knex('occupancy_detail').where('occupancyId', b.occupancyId).first('id')).id;
    expectRefused(
      await t.admin.put(`/rest/occupancy-detail/${detail}`, { exemptQuantity: 1 }),
      'EXEMPTION_REASON_REQUIRED',
      'touristTaxExemptionId',
    );
    expectRefused(
      await t.admin.put(`/rest/occupancy-detail/${detail}`, { exemptQuantity: 3, touristTaxExemptionId: ids.seasonal }),
      'EXEMPTIONS_ABOVE_OCCUPANTS',
      'exemptQuantity',
    );
    const r = await t.admin.put(`/rest/occupancy-detail/${detail}`, {
      exemptQuantity: 1,
      touristTaxExemptionId: ids.seasonal,
    });
    expect(r.status, r.text).toBe(200);
    const after = await booking(b.bookingId);
    expect(full - after.touristTaxAmount).toBe(3 * TAX); // 1 person × 3 nights × 0,66 €
    expect((await occupancy(b.occupancyId)).pricedQuote.quote.touristTax).toMatchObject({
      taxablePersons: 1,
      exemptPersons: 1,
      nights: 3,
      amount: 3 * TAX,
    });
    // The database has the last word.
    await expect(
      t.knex('occupancy_detail').where('id', detail).update({ touristTaxExemptionId: null }),
    ).rejects.toThrow(/ck_occupancy_detail__exemption_reason/);
    await expect(t.knex('occupancy_detail').where('id', detail).update({ exemptQuantity: 5 })).rejects.toThrow(
      /ck_occupancy_detail__exempt_within_quantity/,
    );
  });
});

describe('an agreed price', () => {
  it(
    'a change of the grid does not re-price it; a later change keeps the agreed version; « aux tarifs du jour » ' +
      'takes the new one',
    async () => {
      const b = await book(ids.S2, '2031-08-05', '2031-08-08');
      const agreed = 3 * NIGHT + 2 * 3 * TAX + FEES;
      const grid = (await t.admin.get(`/rest/price-grid/${ids.grid}`)).body;
      let r = await t.admin.put(`/rest/price-grid-period/${ids.summer}`, { pricePerNight: 4000 });
      expect(r.status, r.text).toBe(200);
      expect((await t.admin.get(`/rest/price-grid/${ids.grid}`)).body.historyVersion).toBe(grid.historyVersion + 1);
      expect((await booking(b.bookingId)).totalAmount).toBe(agreed);
      // One more adult: the tax changes, the night stays at the agreed 30 €.
      await post('/rest/occupancy-detail', { occupancyId: b.occupancyId, ageCategoryId: adult, quantity: 1 });
      expect((await occupancy(b.occupancyId)).priceGridVersion).toBe(grid.historyVersion);
      expect((await booking(b.bookingId)).totalAmount).toBe(agreed + 3 * TAX);
      // A new booking gets the new price.
      const fresh = await book(ids.S5, '2031-08-05', '2031-08-08');
      expect(fresh.booking.totalAmount).toBe(3 * 4000 + 2 * 3 * TAX + FEES);
      // Re-priced at today's prices on request.
      r = await t.admin.post(`/rest/booking/${b.bookingId}/reprice`, { atCurrentPrices: true });
      expect(r.status, r.text).toBe(200);
      expect(r.body.booking.totalAmount).toBe(3 * 4000 + 3 * 3 * TAX + FEES);
      expect(r.body.history[0].detail).toMatch(/^Prix recalculé aux tarifs du jour : /);
      await t.admin.put(`/rest/price-grid-period/${ids.summer}`, { pricePerNight: NIGHT });
    },
  );
});

describe('rights', () => {
  it('changing or re-pricing needs the write right; a preview needs read', async () => {
    const b = await book(ids.S1, '2031-06-02', '2031-06-04');
    const reader = await userWithRights(t, { rights: { 'booking.booking': { rights: '001', canExport: false } } });
    expect(
      (
        await reader.client.put(`/rest/occupancy/${b.occupancyId}`, {
          priceOverrides: [{ priceGridOptionId: null, unitPrice: 1 }],
        })
      ).status,
    ).toBe(401);
    expect((await reader.client.post(`/rest/booking/${b.bookingId}/reprice`, {})).status).toBe(401);
    expect(
      (
        await reader.client.put(`/rest/planning/occupancy/${b.occupancyId}`, {
          occupancy: { startDate: '2031-06-02', endDate: '2031-06-05' },
        })
      ).status,
    ).toBe(401);
    const preview = await reader.client.post(`/rest/occupancy/${b.occupancyId}/quote`, {
      occupancy: { priceOverrides: [{ priceGridOptionId: null, unitPrice: 1000 }] },
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.quote.total).toBe(2 * 1000 + 2 * 2 * TAX + FEES);
    expect((await occupancy(b.occupancyId)).isManualPrice).toBe(false);
    const none = await userWithRights(t, { rights: { 'stay.price': { rights: '001', canExport: false } } });
    expect((await none.client.post(`/rest/occupancy/${b.occupancyId}/quote`, {})).status).toBe(401);
  });
});

describe('concurrency', () => {
  it('parallel changes of two occupancies of one booking: its totals stay the sum of their prices', async () => {
    const s = await post('/rest/booking/create', {
      kind: 'booking',
      customerId: ids.customer,
      occupancies: ['S3', 'S4'].map((c) => ({
        placeId: ids[c],
        startDate: '2031-06-24',
        endDate: '2031-06-27',
        details: [{ ageCategoryId: adult, quantity: 1 }],
      })),
    });
    const [a, b] = s.occupancies.map((o: any) => o.id as number);
    const writes = Array.from({ length: 8 }, (_, i) =>
      t.admin.post('/rest/occupancy-detail', { occupancyId: i % 2 ? b : a, ageCategoryId: adult, quantity: 1 }),
    );
    for (const r of await Promise.all(writes)) expect(r.status, r.text).toBe(200);
    const occs = await t.knex('occupancy').where('bookingId', s.booking.id).orderBy('id').select('amount');
    expect(occs.map((o: any) => o.amount)).toEqual([3 * NIGHT + 5 * 3 * TAX + FEES, 3 * NIGHT + 5 * 3 * TAX]);
    expect((await booking(s.booking.id)).totalAmount).toBe(occs[0].amount + occs[1].amount);
  });
});
