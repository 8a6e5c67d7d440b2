// Property tests (fast-check) over random grids, offers and stays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BillLineType,
  DiscountUnit,
  OccupantPriceModel,
  OfferVisibility,
  OptionPriceUnit,
  PriceModel,
  SpecialOfferType,
  addDays,
  priceStay,
  type PriceGridPeriod,
  type PricingContext,
  type SpecialOffer,
  type StayRequest,
} from '../../../api/domain/pricing';
import {
  ANIMAL,
  CAT,
  DOWN_PAYMENT_25,
  EXTRA,
  HIGH,
  LATE,
  LOW,
  VAT,
  context,
  grid,
  offer,
  option,
  seasons,
  touristTax,
} from './fixtures';

const price = fc.integer({ min: 0, max: 20_000 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const periodPrices: fc.Arbitrary<Partial<PriceGridPeriod>> = fc.record({
  pricePerNight: maybe(price),
  pricePerWeek: maybe(fc.integer({ min: 0, max: 100_000 })),
  pricePerStay: maybe(fc.integer({ min: 0, max: 50_000 })),
  firstNightPrice: maybe(price),
  extraNightPrice: maybe(price),
  minNights: maybe(fc.integer({ min: 1, max: 7 })),
});

const optionPrices = fc.record({ low: price, high: price, late: price });
const byPeriod = (p: { low: number; high: number; late: number }) => ({ [LOW]: p.low, [HIGH]: p.high, [LATE]: p.late });

const offerArb: fc.Arbitrary<SpecialOffer> = fc
  .record({
    id: fc.integer({ min: 1, max: 50 }),
    type: fc.constantFrom(...Object.values(SpecialOfferType)),
    visibility: fc.constantFrom(...Object.values(OfferVisibility)),
    percent: fc.integer({ min: 0, max: 10_000 }),
    amount: fc.integer({ min: 0, max: 100_000 }),
    x: fc.integer({ min: 2, max: 14 }),
    y: fc.integer({ min: 0, max: 13 }),
    steps: fc.boolean(),
    applied: fc.subarray([1, 2, 10, 11, 20]),
    promo: fc.boolean(),
    lastMinuteDays: fc.integer({ min: 0, max: 60 }),
  })
  .map((o) =>
    offer({
      id: o.id,
      type: o.type,
      visibility: o.visibility,
      value: o.type === SpecialOfferType.LESS_AMOUNT ? o.amount : o.percent,
      stayNights: o.x,
      paidNights: Math.min(o.y, o.x - 1),
      steps: o.steps
        ? [1, 2, 3, 4].map((weeks) => ({ id: weeks, specialOfferId: o.id, weeks, value: (o.percent * weeks) % 10_001 }))
        : [],
      appliedOptionIds: o.applied,
      promoCode: o.promo ? 'ETE25' : null,
      lastMinuteDays: o.lastMinuteDays,
    }),
  );

const contextArb: fc.Arbitrary<PricingContext> = fc
  .record({
    priceModel: fc.constantFrom(...Object.values(PriceModel)),
    occupantPriceModel: fc.constantFrom(...Object.values(OccupantPriceModel)),
    low: periodPrices,
    high: periodPrices,
    late: periodPrices,
    includedOccupants: maybe(fc.integer({ min: 0, max: 3 })),
    adult: optionPrices,
    child: optionPrices,
    electricity: optionPrices,
    cleaning: optionPrices,
    dog: optionPrices,
    offers: fc.array(offerArb, { maxLength: 4 }),
    fees: fc.integer({ min: 0, max: 3000 }),
    insuranceBp: fc.integer({ min: 0, max: 1000 }),
    discountBp: fc.integer({ min: 0, max: 10_000 }),
    surchargeBp: fc.integer({ min: 0, max: 25_000 }),
    tariff: fc.integer({ min: 0, max: 500 }),
  })
  .map((a) =>
    context({
      priceGrids: [
        grid({
          priceModel: a.priceModel,
          occupantPriceModel: a.occupantPriceModel,
          includedOccupants: a.includedOccupants,
          periods: seasons({ low: a.low, high: a.high, late: a.late }),
          options: [
            option({ id: 1, label: 'Adulte', ageCategoryId: CAT.ADULT }, byPeriod(a.adult)),
            option({ id: 2, label: 'Enfant', ageCategoryId: CAT.CHILD }, byPeriod(a.child)),
            option({ id: 10, label: 'Électricité', extraId: EXTRA.ELECTRICITY }, byPeriod(a.electricity)),
            option(
              {
                id: 11,
                label: 'Ménage',
                extraId: EXTRA.CLEANING,
                priceUnit: OptionPriceUnit.PER_STAY,
                vatRateId: VAT.STANDARD,
              },
              byPeriod(a.cleaning),
            ),
            option({ id: 20, label: 'Chien', animalTypeId: ANIMAL.DOG }, byPeriod(a.dog)),
          ],
        }),
      ],
      specialOffers: a.offers,
      bookingFees: [
        {
          id: 1,
          label: 'Frais de dossier',
          amount: a.fees,
          vatRateId: VAT.STANDARD,
          channelIds: [],
          priceGridIds: [],
          isActive: true,
        },
      ],
      cancellationInsurance: {
        id: 1,
        label: 'Assurance annulation',
        rateBp: a.insuranceBp,
        fixedAmount: null,
        minimumAmount: 0,
        vatRateId: null,
      },
      discounts: [{ id: 1, label: 'Remise', unit: DiscountUnit.PERCENT, value: a.discountBp }],
      partners: [
        { id: 1, label: 'Partenaire', commissionRateBp: 1000, vatRateId: VAT.STANDARD, commissionPeriods: [] },
      ],
      touristTax: touristTax({
        tariffs: [
          { id: 1, classificationId: 3, label: 'Tarif', startDate: '2025-01-01', endDate: null, amount: a.tariff },
        ],
        surcharges: [{ id: 1, label: 'Surtaxe', rateBp: a.surchargeBp, startDate: '2025-01-01', endDate: null }],
      }),
      downPayment: DOWN_PAYMENT_25,
    }),
  );

// stays from April to the end of September 2025 (some nights fall outside the periods)
const requestArb: fc.Arbitrary<StayRequest> = fc
  .record({
    start: fc.integer({ min: 0, max: 185 }),
    nights: fc.integer({ min: 1, max: 30 }),
    lead: fc.integer({ min: 0, max: 120 }),
    adults: fc.integer({ min: 0, max: 4 }),
    exempt: fc.integer({ min: 0, max: 2 }),
    children: fc.integer({ min: 0, max: 3 }),
    babies: fc.integer({ min: 0, max: 2 }),
    seniors: fc.integer({ min: 0, max: 2 }),
    electricity: fc.integer({ min: 0, max: 2 }),
    cleaning: fc.integer({ min: 0, max: 1 }),
    dogs: fc.integer({ min: 0, max: 2 }),
    promo: fc.boolean(),
    discount: fc.boolean(),
    insurance: fc.boolean(),
    partner: fc.boolean(),
    override: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: price, weight: 1 }),
  })
  .map((r) => {
    const startDate = addDays('2025-04-01', r.start);
    return {
      priceGridId: 1,
      startDate,
      endDate: addDays(startDate, r.nights),
      quoteDate: addDays(startDate, -r.lead),
      occupants: [
        { ageCategoryId: CAT.ADULT, quantity: r.adults, exemptQuantity: Math.min(r.exempt, r.adults) },
        { ageCategoryId: CAT.CHILD, quantity: r.children },
        { ageCategoryId: CAT.BABY, quantity: r.babies },
        { ageCategoryId: CAT.SENIOR, quantity: r.seniors },
      ],
      extras: [
        { extraId: EXTRA.ELECTRICITY, quantity: r.electricity },
        { extraId: EXTRA.CLEANING, quantity: r.cleaning },
      ],
      animals: [{ animalTypeId: ANIMAL.DOG, quantity: r.dogs }],
      promoCode: r.promo ? 'ete25' : null,
      discountIds: r.discount ? [1] : [],
      withCancellationInsurance: r.insurance,
      partnerId: r.partner ? 1 : null,
      overrides: r.override === null ? [] : [{ priceGridOptionId: null, unitPrice: r.override }],
    };
  });

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('pricing properties', () => {
  it('the total equals the sum of the lines, and every line is quantity × unit price', () => {
    fc.assert(
      fc.property(contextArb, requestArb, (c, r) => {
        const quote = priceStay(c, r);
        expect(quote.total).toBe(sum(quote.lines.map((l) => l.amount)));
        for (const line of quote.lines) {
          expect(line.amount).toBe(line.quantity * line.unitPrice);
          expect(Number.isSafeInteger(line.amount) && Number.isSafeInteger(line.vatAmount)).toBe(true);
        }
        expect(quote.touristTaxTotal).toBe(
          sum(quote.lines.filter((l) => l.lineType === BillLineType.TAX).map((l) => l.amount)),
        );
        expect(quote.balance.amount + (quote.downPayment?.amount ?? 0)).toBe(quote.total);
      }),
      { numRuns: 300 },
    );
  });

  it('the VAT of each rate equals the sum of its lines’ VAT', () => {
    fc.assert(
      fc.property(contextArb, requestArb, (c, r) => {
        const quote = priceStay(c, r);
        const rates = [
          ...new Set(quote.lines.filter((l) => l.vatRateBp !== null).map((l) => l.vatRateBp as number)),
        ].sort((a, b) => a - b);
        expect(quote.vatTotals.map((t) => t.vatRateBp)).toEqual(rates);
        for (const total of quote.vatTotals) {
          const lines = quote.lines.filter((l) => l.vatRateBp === total.vatRateBp);
          expect(total.vatAmount).toBe(sum(lines.map((l) => l.vatAmount)));
          expect(total.totalInclVat).toBe(sum(lines.map((l) => l.amount)));
          expect(total.totalExclVat + total.vatAmount).toBe(total.totalInclVat);
        }
        expect(quote.totalVat).toBe(sum(quote.vatTotals.map((t) => t.vatAmount)));
        for (const line of quote.lines.filter((l) => l.vatRateBp === null)) expect(line.vatAmount).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('no negative total, down payment or balance', () => {
    fc.assert(
      fc.property(contextArb, requestArb, (c, r) => {
        const quote = priceStay(c, r);
        expect(quote.total).toBeGreaterThanOrEqual(0);
        expect(quote.total - quote.touristTaxTotal).toBeGreaterThanOrEqual(0);
        expect(quote.downPayment?.amount ?? 0).toBeGreaterThanOrEqual(0);
        expect(quote.balance.amount).toBeGreaterThanOrEqual(0);
        expect(quote.partnerCommissionTotal).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('exempt persons are never taxed', () => {
    const extra = fc.record({
      children: fc.integer({ min: 0, max: 5 }),
      babies: fc.integer({ min: 0, max: 5 }),
      workers: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(contextArb, requestArb, extra, (c, r, more) => {
        const base = priceStay(c, r);
        const [adults, children, babies, seniors] = r.occupants!;
        const withExempt: StayRequest = {
          ...r,
          occupants: [
            {
              ...adults,
              quantity: adults.quantity + more.workers,
              exemptQuantity: (adults.exemptQuantity ?? 0) + more.workers,
            },
            { ...children, quantity: children.quantity + more.children },
            { ...babies, quantity: babies.quantity + more.babies },
            seniors,
          ],
        };
        const quote = priceStay(c, withExempt);
        expect(quote.touristTaxTotal).toBe(base.touristTaxTotal);
        expect(quote.touristTax?.taxablePersons).toBe(base.touristTax?.taxablePersons);
        // and the tax is the taxable persons × nights × the rate
        const taxable = adults.quantity - (adults.exemptQuantity ?? 0) + seniors.quantity;
        const rate = Math.floor(
          (c.touristTax!.tariffs[0].amount * (10_000 + c.touristTax!.surcharges[0].rateBp) + 5_000) / 10_000,
        );
        expect(base.touristTaxTotal).toBe(taxable * base.nights * rate);
      }),
      { numRuns: 300 },
    );
  });

  it('the same request always gives the same quote, and the inputs are left untouched', () => {
    fc.assert(
      fc.property(contextArb, requestArb, (c, r) => {
        const before = JSON.stringify([c, r]);
        const first = priceStay(c, r);
        const second = priceStay(structuredClone(c), structuredClone(r));
        expect(second).toEqual(first);
        expect(priceStay(c, r)).toEqual(first);
        expect(JSON.stringify([c, r])).toBe(before);
      }),
      { numRuns: 200 },
    );
  });

  it('a longer stay on a per-night grid never costs less', () => {
    const nightContext = contextArb.map((c) => ({
      ...c,
      priceGrids: c.priceGrids.map((g) => ({ ...g, priceModel: PriceModel.NIGHT })),
      specialOffers: [],
      discounts: [],
    }));
    fc.assert(
      fc.property(nightContext, requestArb, fc.integer({ min: 1, max: 10 }), (c, r, more) => {
        const stay = { ...r, overrides: [] };
        const shorter = priceStay(c, stay);
        const longer = priceStay(c, { ...stay, endDate: addDays(stay.endDate, more) });
        expect(longer.total).toBeGreaterThanOrEqual(shorter.total);
      }),
      { numRuns: 300 },
    );
  });
});
