// Which grid prices the stay, and the checks the grid and offer screens share with the engine.
import { describe, expect, it } from 'vitest';
import { PeriodType, priceStay, validatePriceGrid, validateSpecialOffer } from '../../../api/domain/pricing';
import { CAT, EXTRA, context, grid, offer, option, period, request, seasons } from './fixtures';

describe('grid selection', () => {
  const publicGrid = grid({ id: 1 });
  const partnerGrid = grid({ id: 2, partnerIds: [4], periods: seasons({ high: { pricePerNight: 2700 } }) });
  const c = context({
    priceGrids: [partnerGrid, publicGrid],
    partners: [{ id: 4, label: 'CE', commissionRateBp: 0, vatRateId: null, commissionPeriods: [] }],
  });

  it('by place type: the public grid, or the partner’s own grid', () => {
    expect(priceStay(c, request({ priceGridId: null, placeTypeId: 5 })).priceGridId).toBe(1);
    expect(priceStay(c, request({ priceGridId: null, placeTypeId: 5, partnerId: 4 })).priceGridId).toBe(2);
  });

  it('an explicit grid wins', () => {
    expect(priceStay(c, request({ priceGridId: 2 })).total).toBe(18900);
  });

  it('no grid for the place type is refused', () => {
    expect(() => priceStay(c, request({ priceGridId: null, placeTypeId: 6 }))).toThrow('Grille tarifaire introuvable');
  });
});

describe('grid and offer validation', () => {
  it('accepts the default grid', () => {
    expect(validatePriceGrid(grid())).toEqual([]);
  });

  it('refuses overlapping periods, broken months and years, negative prices', () => {
    const g = grid({
      periods: [
        period({ id: 1, startDate: '2025-06-01', endDate: '2025-07-01', periodType: PeriodType.MONTH }),
        period({ id: 2, startDate: '2025-06-15', endDate: '2025-07-15', periodType: PeriodType.MONTH }),
        period({
          id: 3,
          startDate: '2026-01-01',
          endDate: '2027-01-01',
          periodType: PeriodType.YEAR,
          pricePerNight: -1,
        }),
        period({ id: 4, startDate: '2028-01-01', endDate: '2028-06-01', periodType: PeriodType.YEAR }),
        period({ id: 5, startDate: '2029-01-02', endDate: '2029-01-01' }),
      ],
    });
    expect(validatePriceGrid(g).map((i) => [i.code, i.field])).toEqual([
      ['OVERLAPPING_PERIODS', 'periods.1.startDate'],
      ['INCORRECT_DATES', 'periods.1.startDate'],
      ['INCORRECT_PRICE_PER_NIGHT', 'periods.2'],
      ['INCORRECT_DATES', 'periods.3.startDate'],
      ['START_BEFORE_END', 'periods.4.endDate'],
    ]);
  });

  it('refuses an option twice in a grid, or both mandatory and with an included quantity', () => {
    const g = grid({
      options: [
        option({ id: 1, ageCategoryId: CAT.ADULT }),
        option({ id: 2, ageCategoryId: CAT.ADULT }),
        option({ id: 3, extraId: EXTRA.CLEANING, isRequired: true, includedQuantity: 1 }),
      ],
    });
    expect(validatePriceGrid(g).map((i) => i.code)).toEqual([
      'OPTION_ALREADY_IN_GRID',
      'OPTION_MANDATORY_AND_INCLUDED',
    ]);
  });

  it('a special offer needs a tariff and at most 4 weekly steps', () => {
    expect(validateSpecialOffer(offer({ id: 1 }))).toEqual([]);
    const bad = offer({
      id: 1,
      priceGridIds: [],
      steps: [5].map((weeks) => ({ id: 1, specialOfferId: 1, weeks, value: 100 })),
      minNights: 7,
      maxNights: 3,
    });
    expect(validateSpecialOffer(bad).map((i) => i.code)).toEqual([
      'SPECIAL_OFFER_NEEDS_TARIFF',
      'INVALID_CHOICE',
      'INCORRECT_FORM',
    ]);
  });
});
