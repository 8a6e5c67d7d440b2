// Price model SHORT_STAY_WEEKEND: a package for the period's minimum nights, then extra nights.
import { describe, expect, it } from 'vitest';
import { MinNightsOperator, PriceModel, priceStay } from '../../../api/domain/pricing';
import { compact, context, grid, request, seasons, warningCodes } from './fixtures';

// Weekend Friday → Sunday: 70 € for 2 nights, then 30 € a night
const weekendGrid = grid({
  label: 'Chalet',
  priceModel: PriceModel.SHORT_STAY_WEEKEND,
  periods: seasons({
    high: {
      pricePerStay: 7000,
      minNights: 2,
      minNightsOperator: MinNightsOperator.AT_LEAST,
      pricePerNight: 4000,
      extraNightPrice: 3000,
      arrivalDays: [5],
      departureDays: [7, 1],
    },
    low: { pricePerNight: 2500 },
  }),
});
const c = context({ priceGrids: [weekendGrid] });

describe('price model: short stay and weekend', () => {
  it('a Friday-to-Sunday weekend costs the package', () => {
    const quote = priceStay(c, request({ startDate: '2025-07-11', endDate: '2025-07-13' }));
    expect(compact(quote.lines)).toEqual([['Chalet – court séjour', 1, 7000, 7000]]);
    expect(quote.lines[0]).toMatchObject({ startDate: '2025-07-11', endDate: '2025-07-13' });
    expect(quote.warnings).toEqual([]);
  });

  it('nights after the package are extra nights', () => {
    // Friday to Monday: package + 1 extra night
    const quote = priceStay(c, request({ startDate: '2025-07-11', endDate: '2025-07-14' }));
    expect(compact(quote.lines)).toEqual([
      ['Chalet – court séjour', 1, 7000, 7000],
      ['Chalet – nuit supplémentaire', 1, 3000, 3000],
    ]);
    expect(quote.total).toBe(10000);
  });

  it('extra nights fall back to the price per night', () => {
    const g = grid({
      priceModel: PriceModel.SHORT_STAY_WEEKEND,
      periods: seasons({ high: { pricePerStay: 7000, pricePerNight: 4000 } }),
    });
    // no minNights: the package covers 2 nights, 2 more at 40 €
    const quote = priceStay(context({ priceGrids: [g] }), request({ startDate: '2025-07-11', endDate: '2025-07-15' }));
    expect(quote.total).toBe(7000 + 2 * 4000);
  });

  it('a shorter stay still pays the package, with warnings', () => {
    // Friday to Saturday: 1 night
    const quote = priceStay(c, request({ startDate: '2025-07-11', endDate: '2025-07-12' }));
    expect(quote.total).toBe(7000);
    expect(warningCodes(quote)).toEqual(['MIN_NIGHTS_NOT_MET', 'DEPARTURE_DAY_NOT_ALLOWED']);
  });

  it('a Saturday arrival is not a weekend arrival', () => {
    const quote = priceStay(c, request({ startDate: '2025-07-12', endDate: '2025-07-14' }));
    expect(warningCodes(quote)).toEqual(['ARRIVAL_DAY_NOT_ALLOWED']);
  });

  it('a period without package price is priced per night', () => {
    const quote = priceStay(c, request({ startDate: '2025-06-01', endDate: '2025-06-04' }));
    expect(compact(quote.lines)).toEqual([['Chalet – nuit', 3, 2500, 7500]]);
  });
});
