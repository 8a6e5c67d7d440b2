// Price model WEEK: per started week; extra nights on nights 8–13, 15–20, 22–27 (spec §9, docs/constants.md#prices).
import { describe, expect, it } from 'vitest';
import { PriceModel, addDays, priceStay } from '../../../api/domain/pricing';
import { compact, context, grid, request, seasons, warningCodes } from './fixtures';

// 400 € a week in low season, 600 € in high season; extra nights 70 € and 90 €
const weekGrid = (extra = true) =>
  grid({
    label: 'Mobil-home',
    priceModel: PriceModel.WEEK,
    periods: seasons({
      low: { pricePerWeek: 40000, extraNightPrice: extra ? 7000 : null },
      high: { pricePerWeek: 60000, extraNightPrice: extra ? 9000 : null },
      late: { pricePerWeek: 40000, extraNightPrice: extra ? 7000 : null },
    }),
  });

const priceNights = (nights: number, extra = true) =>
  priceStay(context({ priceGrids: [weekGrid(extra)] }), request({ endDate: addDays('2025-07-05', nights) }));

describe('price model: week', () => {
  it('one week costs the weekly price', () => {
    const quote = priceNights(7);
    expect(compact(quote.lines)).toEqual([['Mobil-home – semaine', 1, 60000, 60000]]);
    expect(quote.lines[0].vatAmount).toBe(5455); // 60000 − round(60000 / 1,1 = 54545,45)
  });

  it('a stay shorter than a week pays the started week', () => {
    expect(compact(priceNights(3).lines)).toEqual([['Mobil-home – semaine entamée', 1, 60000, 60000]]);
  });

  it.each([
    // nights, expected total (600 € a week, 90 € an extra night)
    [8, 60000 + 9000],
    [10, 60000 + 3 * 9000],
    [13, 60000 + 6 * 9000],
    [14, 2 * 60000],
    [15, 2 * 60000 + 9000],
    [20, 2 * 60000 + 6 * 9000],
    [21, 3 * 60000],
    [22, 3 * 60000 + 9000],
    [27, 3 * 60000 + 6 * 9000],
    [28, 4 * 60000],
  ])('%i nights cost %i cents (extra nights 8–13, 15–20, 22–27)', (nights, total) => {
    expect(priceNights(nights).total).toBe(total);
  });

  it('10 nights: one week line and one extra-night line', () => {
    expect(compact(priceNights(10).lines)).toEqual([
      ['Mobil-home – semaine', 1, 60000, 60000],
      ['Mobil-home – nuit supplémentaire', 3, 9000, 27000],
    ]);
  });

  it('16 nights: consecutive weeks at one price share a line', () => {
    expect(compact(priceNights(16).lines)).toEqual([
      ['Mobil-home – semaine', 2, 60000, 120000],
      ['Mobil-home – nuit supplémentaire', 2, 9000, 18000],
    ]);
  });

  it('beyond the fourth week the leftover nights are a started week', () => {
    // 29 nights: 4 weeks + night 29, outside the 8–13 / 15–20 / 22–27 ranges
    expect(compact(priceNights(29).lines)).toEqual([
      ['Mobil-home – semaine', 4, 60000, 240000],
      ['Mobil-home – semaine entamée', 1, 60000, 60000],
    ]);
  });

  it('without an extra-night price every started week is due', () => {
    expect(priceNights(10, false).total).toBe(2 * 60000);
    expect(priceNights(8, false).total).toBe(2 * 60000);
  });

  it('extra nights never cost more than a started week', () => {
    const g = grid({
      priceModel: PriceModel.WEEK,
      periods: seasons({ high: { pricePerWeek: 60000, extraNightPrice: 12000 } }),
    });
    // 6 extra nights at 120 € = 720 € > 600 €: the started week wins
    const quote = priceStay(context({ priceGrids: [g] }), request({ endDate: '2025-07-18' }));
    expect(quote.total).toBe(120000);
    // 4 extra nights at 120 € = 480 €: extra nights
    expect(priceStay(context({ priceGrids: [g] }), request({ endDate: '2025-07-16' })).total).toBe(60000 + 48000);
  });

  it('each week takes the price of the period holding its first night', () => {
    // Saturday 28 June (low) to Saturday 12 July: one low week, one high week
    const quote = priceStay(
      context({ priceGrids: [weekGrid()] }),
      request({ startDate: '2025-06-28', endDate: '2025-07-12' }),
    );
    expect(compact(quote.lines)).toEqual([
      ['Mobil-home – semaine', 1, 40000, 40000],
      ['Mobil-home – semaine', 1, 60000, 60000],
    ]);
    expect(quote.total).toBe(100000);
  });

  it('a period without weekly price warns "no pricing for period"', () => {
    const g = grid({ priceModel: PriceModel.WEEK, periods: seasons({ high: { pricePerNight: 3000 } }) });
    const quote = priceStay(context({ priceGrids: [g] }), request());
    expect(quote.lines).toEqual([]);
    expect(warningCodes(quote)).toEqual(['NO_PRICING_FOR_PERIOD']);
  });
});
