// The stored price's pure part (api/domain/stays/price-model.ts): the quote request an
// occupancy makes (exemptions, manual prices, pins of an agreed price), and the
// booking's totals summed from its occupancies' quotes — with property tests over
// quotes of the real engine.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DownPaymentKind, priceStay } from '../../../api/domain/pricing';
import {
  bookingTotals,
  gridPinHolds,
  stayQuoteRequest,
  type BookingPricing,
  type Pins,
  type StayInputs,
  type StoredPrice,
} from '../../../api/domain/stays/price-model';
import type { StayQuote } from '../../../api/domain/pricing/quote-for-stay';
import { CAT, DOWN_PAYMENT_25, VAT, context, request, touristTax } from '../pricing/fixtures';

const stay = (over: Partial<StayInputs> = {}): StayInputs => ({
  placeId: 7,
  placeTypeId: 3,
  startDate: '2025-07-05',
  endDate: '2025-07-12',
  details: [{ ageCategoryId: CAT.ADULT, quantity: 2 }],
  animals: [],
  vehicles: [],
  extras: [],
  priceOverrides: [],
  ...over,
});
const desk: BookingPricing = {
  partnerId: null,
  accessChannelId: 4,
  promoCode: ' ete ',
  discountIds: [2],
  withCancellationInsurance: true,
};
const pins = (over: Partial<Pins> = {}): Pins => ({
  quoteDate: '2025-03-01',
  priceGridId: 11,
  priceGridVersion: 4,
  gridPlaceTypeId: 3,
  gridPartnerId: null,
  ...over,
});

describe('the quote request of an occupancy', () => {
  it(
    'sums occupants by category with their exempt persons, ' + 'animals, vehicles; keeps extras’ dates inside the stay',
    () => {
      const req = stayQuoteRequest(
        stay({
          details: [
            { ageCategoryId: CAT.ADULT, quantity: 2, exemptQuantity: 1 },
            { ageCategoryId: CAT.ADULT, quantity: 1 },
            { ageCategoryId: CAT.CHILD, quantity: 2, exemptQuantity: 0 },
          ],
          animals: [
            { animalTypeId: 20, quantity: 1 },
            { animalTypeId: 20, quantity: null },
          ],
          vehicles: [{ vehicleTypeId: 30 }, { vehicleTypeId: 30 }],
          extras: [
            { extraId: 10, quantity: 1, startDate: '2025-07-06', endDate: '2025-07-08' },
            { extraId: 11, quantity: null, startDate: '2025-06-01', endDate: '2025-07-08' },
          ],
          priceOverrides: [{ priceGridOptionId: null, unitPrice: 2500 }],
        }),
        desk,
        null,
        '2025-03-02',
      );
      expect(req).toEqual({
        placeId: 7,
        startDate: '2025-07-05',
        endDate: '2025-07-12',
        quoteDate: '2025-03-02',
        occupants: [
          { ageCategoryId: CAT.ADULT, quantity: 3, exemptQuantity: 1 },
          { ageCategoryId: CAT.CHILD, quantity: 2 },
        ],
        animals: [{ animalTypeId: 20, quantity: 2 }],
        vehicles: [{ vehicleTypeId: 30, quantity: 2 }],
        extras: [
          { extraId: 10, quantity: 1, startDate: '2025-07-06', endDate: '2025-07-08' },
          { extraId: 11, quantity: 1 },
        ],
        promoCode: 'ete',
        channelId: 4,
        partnerId: null,
        discountIds: [2],
        withCancellationInsurance: true,
        overrides: [{ priceGridOptionId: null, unitPrice: 2500 }],
      });
    },
  );

  it('keeps the agreed grid version and quote date while the place type and partner stay', () => {
    expect(stayQuoteRequest(stay(), desk, pins(), '2025-05-01')).toMatchObject({
      priceGridId: 11,
      historyVersion: 4,
      quoteDate: '2025-03-01',
    });
    expect(stayQuoteRequest(stay(), desk, pins(), '2025-05-01')).not.toHaveProperty('placeId');
    // Another place type, or another partner: the grid is chosen again, the quote date stays.
    expect(stayQuoteRequest(stay({ placeTypeId: 5 }), desk, pins(), '2025-05-01')).toMatchObject({
      placeId: 7,
      quoteDate: '2025-03-01',
    });
    expect(stayQuoteRequest(stay(), { ...desk, partnerId: 9 }, pins(), '2025-05-01')).toMatchObject({ placeId: 7 });
    expect(stayQuoteRequest(stay({ placeId: null }), desk, pins({ priceGridId: null }), '2025-05-01')).toMatchObject({
      placeTypeId: 3,
      quoteDate: '2025-03-01',
    });
    expect(gridPinHolds(pins({ priceGridVersion: null }), 3, null)).toBe(false);
    expect(gridPinHolds(pins({ gridPartnerId: 9 }), 3, 9)).toBe(true);
  });
});

const FEES = [
  {
    id: 1,
    label: 'Frais de dossier',
    amount: 1500,
    vatRateId: VAT.STANDARD,
    channelIds: [],
    priceGridIds: [],
    isActive: true,
  },
];

function stored(quote: StayQuote | null, withBookingFees = true): StoredPrice {
  return {
    quoteDate: '2025-03-01',
    gridPlaceTypeId: 1,
    gridPartnerId: null,
    withBookingFees,
    quote,
    error: quote ? null : { code: 'PRICE_GRID_NOT_FOUND', message: 'Grille tarifaire introuvable' },
  };
}
const engine = (
  over: Parameters<typeof request>[0] = {},
  kind: DownPaymentKind = DownPaymentKind.ARRHES,
  fees = true,
) => {
  const q = priceStay(
    context({ downPayment: { ...DOWN_PAYMENT_25, kind }, touristTax: touristTax(), bookingFees: fees ? FEES : [] }),
    request(over),
  );
  return {
    ...q,
    lines: q.lines.map((l) => ({ ...l, lastMinuteOfferId: null })),
    appliedLastMinuteOfferIds: [],
  } as StayQuote;
};

describe('the booking’s totals', () => {
  it('sum the occupancies; an unpriced one adds nothing; due dates are the earliest still owed', () => {
    const a = engine();
    const b = engine(
      { startDate: '2025-06-07', endDate: '2025-06-10', overrides: [{ priceGridOptionId: null, unitPrice: 1000 }] },
      DownPaymentKind.ARRHES,
      false,
    );
    const t = bookingTotals([stored(a), stored(b, false), stored(null)]);
    expect(t).toEqual({
      totalAmount: a.total + b.total,
      touristTaxAmount: a.touristTaxTotal + b.touristTaxTotal,
      downPaymentKind: 'arrhes',
      downPaymentAmount: a.downPayment!.amount + b.downPayment!.amount,
      downPaymentDueDate: '2025-03-08',
      balanceAmount: a.balance.amount + b.balance.amount,
      balanceDueDate: '2025-05-08', // the June stay's balance comes first
      isManualPrice: true,
    });
    expect(bookingTotals([stored(engine({}, DownPaymentKind.ACOMPTE))]).downPaymentKind).toBe('acompte');
  });

  it('nothing priced: no totals', () => {
    expect(bookingTotals([])).toMatchObject({
      totalAmount: null,
      downPaymentKind: 'none',
      downPaymentAmount: null,
      balanceDueDate: null,
      isManualPrice: false,
    });
    expect(bookingTotals([stored(null), null]).totalAmount).toBeNull();
  });

  it('property: the total is the sum of the quotes, and down payment + balance = total', () => {
    const stayArb = fc.record({
      start: fc.integer({ min: 0, max: 60 }),
      nights: fc.integer({ min: 1, max: 21 }),
      adults: fc.integer({ min: 1, max: 4 }),
      exempt: fc.integer({ min: 0, max: 4 }),
      manual: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
      quoteDay: fc.integer({ min: 0, max: 120 }),
    });
    fc.assert(
      fc.property(fc.array(stayArb, { minLength: 1, maxLength: 5 }), (stays) => {
        const day = (n: number) => new Date(Date.UTC(2025, 5, 1 + n)).toISOString().slice(0, 10);
        const quotes = stays.map((s, i) =>
          engine(
            {
              startDate: day(s.start),
              endDate: day(s.start + s.nights),
              quoteDate: new Date(Date.UTC(2025, 1, 1 + s.quoteDay)).toISOString().slice(0, 10),
              occupants: [
                { ageCategoryId: CAT.ADULT, quantity: s.adults, exemptQuantity: Math.min(s.exempt, s.adults) },
              ],
              overrides: s.manual == null ? [] : [{ priceGridOptionId: null, unitPrice: s.manual }],
            },
            DownPaymentKind.ARRHES,
            i === 0,
          ),
        );
        const t = bookingTotals(quotes.map((q, i) => stored(q, i === 0)));
        expect(t.totalAmount).toBe(quotes.reduce((s, q) => s + q.total, 0));
        expect(t.downPaymentAmount! + t.balanceAmount!).toBe(t.totalAmount);
        expect(t.touristTaxAmount).toBe(quotes.reduce((s, q) => s + q.touristTaxTotal, 0));
        expect(t.isManualPrice).toBe(stays.some((s) => s.manual != null));
      }),
      { numRuns: 150 },
    );
  });
});
