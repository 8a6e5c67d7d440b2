// VAT per rate: prices are VAT-inclusive; a line's VAT = amount − round_half_up(amount
// × 10000 / (10000 + rate)); a rate's total is the sum of its lines.
import { describe, expect, it } from 'vitest';
import { OptionPriceUnit, priceStay, vatOfInclusive } from '../../../api/domain/pricing';
import { EXTRA, HIGH, context, grid, option, request, seasons } from './fixtures';

describe('VAT per rate', () => {
  it('10 % pitch, 20 % cleaning, 5,5 % bread: one total per rate, by ascending rate', () => {
    const g = grid({
      options: [
        option(
          { id: 11, label: 'Ménage', extraId: EXTRA.CLEANING, priceUnit: OptionPriceUnit.PER_STAY },
          { [HIGH]: 5000 },
        ),
        option({ id: 13, label: 'Pain', extraId: EXTRA.BREAKFAST }, { [HIGH]: 650 }),
      ],
    });
    const quote = priceStay(
      context({ priceGrids: [g] }),
      request({
        extras: [
          { extraId: EXTRA.CLEANING, quantity: 1 },
          { extraId: EXTRA.BREAKFAST, quantity: 1 },
        ],
      }),
    );
    // 210 € → net 190,91 VAT 19,09; 50 € → net 41,67 VAT 8,33; 45,50 € → net 43,13 VAT 2,37
    expect(quote.lines.map((l) => [l.amount, l.vatRateBp, l.vatAmount])).toEqual([
      [21000, 1000, 1909],
      [5000, 2000, 833],
      [4550, 550, 237],
    ]);
    expect(quote.vatTotals).toEqual([
      { vatRateBp: 550, totalExclVat: 4313, vatAmount: 237, totalInclVat: 4550 },
      { vatRateBp: 1000, totalExclVat: 19091, vatAmount: 1909, totalInclVat: 21000 },
      { vatRateBp: 2000, totalExclVat: 4167, vatAmount: 833, totalInclVat: 5000 },
    ]);
    expect(quote.total).toBe(30550);
    expect(quote.totalVat).toBe(2979);
    expect(quote.totalExclVat).toBe(27571);
  });

  it('the rate total is the sum of the lines, not the VAT of the summed amount', () => {
    // two 10 % lines of 1,05 €: 0,10 € VAT each (net 0,95), whereas 2,10 € would give 0,19 €
    const g = grid({
      periods: seasons({ high: { pricePerNight: 105 } }),
      options: [option({ id: 10, label: 'Électricité', extraId: EXTRA.ELECTRICITY }, { [HIGH]: 105 })],
    });
    const quote = priceStay(
      context({ priceGrids: [g] }),
      request({ endDate: '2025-07-06', extras: [{ extraId: EXTRA.ELECTRICITY, quantity: 1 }] }),
    );
    expect(quote.lines.map((l) => l.vatAmount)).toEqual([10, 10]);
    expect(quote.vatTotals[0].vatAmount).toBe(20);
    expect(vatOfInclusive(210, 1000)).toBe(19);
  });

  it('a negative line mirrors its positive to the cent', () => {
    expect(vatOfInclusive(-21000, 1000)).toBe(-1909);
    expect(vatOfInclusive(-105, 1000)).toBe(-10);
    expect(vatOfInclusive(-5000, 2000)).toBe(-833);
  });

  it('an unclassified camping pitch at 20 %', () => {
    const quote = priceStay(context({ priceGrids: [grid({ vatRateId: 2 })] }), request());
    expect(quote.vatTotals).toEqual([{ vatRateBp: 2000, totalExclVat: 17500, vatAmount: 3500, totalInclVat: 21000 }]);
  });
});
