// The one mapping from database rows (entity names) to the engine's types, the quote
// request's shape check, slices, and the warning catalogue.
import { describe, expect, it } from 'vitest';
import {
  LAST_MINUTE_ID_BASE,
  lastMinuteToOffer,
  toDiscount,
  toDownPayment,
  toPeriod,
  toPriceGrid,
  toSpecialOffer,
  toInsurance,
  type Stored,
} from '../../../api/domain/pricing/mapping';
import {
  DiscountUnit,
  DownPaymentKind,
  MinNightsOperator,
  PRICING_WARNING_TEXTS,
  SpecialOfferType,
  validateSlices,
} from '../../../api/domain/pricing';
import { parseQuoteRequest } from '../../../api/domain/pricing/quote-for-stay';
import { MESSAGES } from '../../../common/messages';

const offerRow = (over: Partial<Stored<'special-offer'>>): Stored<'special-offer'> => ({
  id: 7,
  label: 'Offre',
  publicLabel: null,
  kind: 'classic',
  type: 2,
  visibility: 1,
  amount: 1500,
  rate: 1000,
  stayNights: null,
  paidNights: null,
  steps: [],
  periodStartDate: null,
  periodEndDate: null,
  bookingStartDate: null,
  bookingEndDate: null,
  minNights: null,
  maxNights: null,
  priceGridIds: [1],
  placeTypeIds: [],
  appliedOptionIds: [],
  channelIds: [],
  promoCode: null,
  lastMinuteDays: null,
  isActive: true,
  ...over,
});

describe('rows → engine types', () => {
  it('a special offer takes cents for "less X euros" and basis points for the percentage types', () => {
    expect(toSpecialOffer(offerRow({ type: SpecialOfferType.LESS_AMOUNT })).value).toBe(1500);
    for (const type of [
      SpecialOfferType.LESS_PERCENT,
      SpecialOfferType.PRICE_STRIKEOUT,
      SpecialOfferType.LAST_MINUTE,
    ]) {
      expect(toSpecialOffer(offerRow({ type })).value).toBe(1000);
    }
    expect(toSpecialOffer(offerRow({ type: SpecialOfferType.X_EQUALS_Y })).value).toBe(0);
    const stepped = toSpecialOffer(
      offerRow({
        steps: [
          { weeks: 1, value: 500 },
          { weeks: 2, value: 1000 },
        ],
        publicLabel: 'Séjours longs',
      }),
    );
    expect(stepped.steps).toEqual([
      { id: 1, specialOfferId: 7, weeks: 1, value: 500 },
      { id: 2, specialOfferId: 7, weeks: 2, value: 1000 },
    ]);
    expect(stepped.label).toBe('Séjours longs');
  });

  it('a last-minute offer becomes a type 7 offer with a shifted id, on every grid when it names none', () => {
    const row: Stored<'last-minute-offer'> = {
      id: 3,
      label: 'Dernière minute',
      daysBeforeArrival: 7,
      rate: 1500,
      visibility: 2,
      periodStartDate: null,
      periodEndDate: null,
      minNights: 2,
      maxNights: null,
      priceGridIds: [],
      placeTypeIds: [4],
      channelIds: [],
      isActive: true,
    };
    const offer = lastMinuteToOffer(row, [11, 12]);
    expect(offer).toMatchObject({
      id: LAST_MINUTE_ID_BASE + 3,
      type: SpecialOfferType.LAST_MINUTE,
      value: 1500,
      lastMinuteDays: 7,
      priceGridIds: [11, 12],
      placeTypeIds: [4],
      visibility: 2,
    });
    expect(lastMinuteToOffer({ ...row, priceGridIds: [12] }, [11, 12]).priceGridIds).toEqual([12]);
  });

  it('discounts, insurance and down payment keep their entity names out of the engine', () => {
    expect(toDiscount({ id: 1, label: '5 %', unit: 'percentage', rate: 500, amount: null })).toEqual({
      id: 1,
      label: '5 %',
      unit: DiscountUnit.PERCENT,
      value: 500,
    });
    expect(toDiscount({ id: 2, label: '10 €', unit: 'currency', rate: null, amount: 1000 })).toEqual({
      id: 2,
      label: '10 €',
      unit: DiscountUnit.AMOUNT,
      value: 1000,
    });
    expect(toInsurance({ id: 1, label: 'A', rate: 350, fixedAmount: null, minimumAmount: 1000, tvaId: null })).toEqual({
      id: 1,
      label: 'A',
      rateBp: 350,
      fixedAmount: null,
      minimumAmount: 1000,
      vatRateId: null,
    });
    const settings = { downPaymentDueDays: 8, fullPaymentMaxNights: null, fullPaymentDaysBeforeArrival: 15 };
    expect(
      toDownPayment(settings, { downPaymentKind: 'acompte', downPaymentRate: 3000, balanceDaysBeforeArrival: 30 }),
    ).toEqual({
      kind: DownPaymentKind.ACOMPTE,
      rateBp: 3000,
      dueDays: 8,
      balanceDaysBeforeArrival: 30,
      fullPaymentMaxNights: null,
      fullPaymentDaysBeforeArrival: 15,
    });
    expect(toDownPayment(settings, null)).toBeNull();
  });

  it('a period without minimum nights has no operator; a grid without VAT rate takes its place type’s', () => {
    const period: Stored<'price-grid-period'> = {
      id: 1,
      priceGridId: 1,
      label: 'P',
      periodType: 1,
      startDate: '2027-04-01',
      endDate: '2027-05-01',
      arrivalDays: [6],
      departureDays: [],
      minNights: null,
      minNightsOperator: 2,
      pricePerNight: 1000,
    };
    expect(toPeriod(period)).toMatchObject({
      minNights: null,
      minNightsOperator: null,
      arrivalDays: [6],
      pricePerWeek: null,
    });
    expect(toPeriod({ ...period, minNights: 7 }).minNightsOperator).toBe(MinNightsOperator.EXACTLY);
    const grid: Stored<'price-grid'> = {
      id: 1,
      label: 'G',
      placeTypeId: 2,
      historyVersion: 4,
      priceModel: 1,
      occupantPriceModel: 1,
      tvaId: null,
      isActive: true,
      includedOccupants: null,
      partnerIds: [],
    };
    const prices: Stored<'option-price'>[] = [
      {
        id: 9,
        priceGridOptionId: 5,
        priceGridPeriodId: 1,
        price: 300,
        slices: [{ fromNight: 1, toNight: null, price: 250 }],
      },
    ];
    const engine = toPriceGrid(
      {
        grid,
        periods: [period],
        options: [
          {
            id: 5,
            priceGridId: 1,
            label: null,
            ageCategoryId: 1,
            isRequired: false,
            includedQuantity: 0,
            priceUnit: 1,
            tvaId: null,
          },
        ],
        prices,
      },
      8,
    );
    expect(engine).toMatchObject({ vatRateId: 8, historyVersion: 4 });
    expect(engine.options[0]).toMatchObject({
      label: '',
      extraId: null,
      prices: [{ id: 9, price: 300, slices: [{ id: 1, optionPriceId: 9, fromNight: 1, toNight: null, price: 250 }] }],
    });
  });
});

describe('the quote request', () => {
  it('accepts the documented shape and refuses the rest with French field errors', () => {
    expect(
      parseQuoteRequest({
        placeTypeId: 1,
        startDate: '2027-05-01',
        endDate: '2027-05-08',
        overrides: [{ priceGridOptionId: null, unitPrice: 1500 }],
      }),
    ).toBeTruthy();
    const bad = (() => {
      try {
        parseQuoteRequest({
          placeId: 3,
          startDate: '2027-02-30',
          endDate: '2027-05-08',
          extras: [{ extraId: 'x', quantity: 1 }],
        });
      } catch (e) {
        return e as any;
      }
    })();
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({
      startDate: 'Date invalide (AAAA-MM-JJ)',
      'extras.0.extraId': 'Nombre entier attendu',
    });
    const noTarget = (() => {
      try {
        parseQuoteRequest({ startDate: '2027-05-01', endDate: '2027-05-08' });
      } catch (e) {
        return e as any;
      }
    })();
    expect(noTarget.code).toBe('QUOTE_TARGET_REQUIRED');
  });
});

describe('slices and warnings', () => {
  it('slices run from night 1 without gap or overlap, only the last open', () => {
    expect(validateSlices([])).toBe(true);
    expect(
      validateSlices([
        { fromNight: 1, toNight: 3 },
        { fromNight: 4, toNight: null },
      ]),
    ).toBe(true);
    expect(validateSlices([{ fromNight: 2, toNight: null }])).toBe(false);
    expect(
      validateSlices([
        { fromNight: 1, toNight: 3 },
        { fromNight: 5, toNight: null },
      ]),
    ).toBe(false);
    expect(
      validateSlices([
        { fromNight: 1, toNight: null },
        { fromNight: 4, toNight: 6 },
      ]),
    ).toBe(false);
    expect(
      validateSlices([
        { fromNight: 1, toNight: 3 },
        { fromNight: 4, toNight: 2 },
      ]),
    ).toBe(false);
  });

  it('every warning the engine raises has its French text in the shared catalogue', () => {
    for (const [code, text] of Object.entries(PRICING_WARNING_TEXTS))
      expect(text, code).toBe((MESSAGES as Record<string, string>)[code]);
    expect(Object.keys(PRICING_WARNING_TEXTS)).toHaveLength(14);
  });
});
