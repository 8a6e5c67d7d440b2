// Price model SENIOR: a couple package per night that only senior occupants can fill.
import { describe, expect, it } from 'vitest';
import { BillLineType, PriceModel, priceStay } from '../../../api/domain/pricing';
import { CAT, HIGH, compact, context, grid, linesOf, option, request, seasons, warningCodes } from './fixtures';

const c = context({
  priceGrids: [
    grid({
      label: 'Forfait senior',
      priceModel: PriceModel.SENIOR,
      periods: seasons({ high: { pricePerNight: 2500 } }),
      options: [
        option({ id: 1, label: 'Adulte', ageCategoryId: CAT.ADULT }, { [HIGH]: 800 }),
        option({ id: 2, label: 'Senior', ageCategoryId: CAT.SENIOR }, { [HIGH]: 800 }),
      ],
    }),
  ],
});

describe('price model: senior', () => {
  it('two seniors pay the senior package', () => {
    const quote = priceStay(c, request({ occupants: [{ ageCategoryId: CAT.SENIOR, quantity: 2 }] }));
    expect(compact(quote.lines)).toEqual([['Forfait senior – nuit', 7, 2500, 17500]]);
    expect(quote.warnings).toEqual([]);
  });

  it('a senior with a younger adult: the adult is not in the package', () => {
    const quote = priceStay(
      c,
      request({
        occupants: [
          { ageCategoryId: CAT.SENIOR, quantity: 1 },
          { ageCategoryId: CAT.ADULT, quantity: 1 },
        ],
      }),
    );
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Adulte', 7, 800, 5600]]);
    expect(quote.total).toBe(23100);
  });

  it('without any senior every occupant pays and the desk is warned', () => {
    const quote = priceStay(c, request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: 2 }] }));
    expect(quote.total).toBe(17500 + 11200);
    expect(warningCodes(quote)).toEqual(['SENIOR_REQUIRED']);
  });
});
