// Regional model BRITTANY: nightly prices, each block of 7 nights capped at the weekly price.
import { describe, expect, it } from 'vitest';
import { PriceModel, priceStay } from '../../../api/domain/pricing';
import { compact, context, grid, request, seasons } from './fixtures';

const c = context({
  priceGrids: [
    grid({
      label: 'Mobil-home',
      priceModel: PriceModel.BRITTANY,
      periods: seasons({
        low: { pricePerNight: 6000, pricePerWeek: 40000 },
        high: { pricePerNight: 10000, pricePerWeek: 60000 },
      }),
    }),
  ],
});
const nights = (endDate: string) => priceStay(c, request({ endDate }));

describe('price model: Brittany', () => {
  it('5 nights at 100 € stay under the week cap', () => {
    expect(compact(nights('2025-07-10').lines)).toEqual([['Mobil-home – nuit', 5, 10000, 50000]]);
  });

  it('6 nights at 100 € equal the week price: still nightly', () => {
    expect(compact(nights('2025-07-11').lines)).toEqual([['Mobil-home – nuit', 6, 10000, 60000]]);
  });

  it('7 nights are capped at the week price', () => {
    expect(compact(nights('2025-07-12').lines)).toEqual([['Mobil-home – semaine', 1, 60000, 60000]]);
  });

  it('10 nights: a capped week and 3 nights', () => {
    expect(compact(nights('2025-07-15').lines)).toEqual([
      ['Mobil-home – semaine', 1, 60000, 60000],
      ['Mobil-home – nuit', 3, 10000, 30000],
    ]);
  });

  it('14 nights: two capped weeks share a line', () => {
    expect(compact(nights('2025-07-19').lines)).toEqual([['Mobil-home – semaine', 2, 60000, 120000]]);
  });

  it('13 nights: the second block of 6 nights costs no more than a week', () => {
    expect(nights('2025-07-18').total).toBe(60000 + 60000);
  });

  it('a low-season week is capped at the low-season week price', () => {
    // 7 × 60 € = 420 € > 400 €
    const quote = priceStay(c, request({ startDate: '2025-06-28', endDate: '2025-07-05' }));
    expect(compact(quote.lines)).toEqual([['Mobil-home – semaine', 1, 40000, 40000]]);
  });
});
