// Occupant price model WITH_SLICE: the price per person and night depends on the
// night's rank in the stay (slices of nights, inclusive bounds).
import { describe, expect, it } from 'vitest';
import { BillLineType, OccupantPriceModel, priceStay } from '../../../api/domain/pricing';
import { CAT, HIGH, compact, context, grid, linesOf, option, request } from './fixtures';

const adult = option({ id: 1, label: 'Adulte', ageCategoryId: CAT.ADULT }, { [HIGH]: 700 });
adult.prices[0].slices = [
  { id: 1, optionPriceId: adult.prices[0].id, fromNight: 1, toNight: 3, price: 700 },
  { id: 2, optionPriceId: adult.prices[0].id, fromNight: 4, toNight: null, price: 500 },
];
const child = option({ id: 2, label: 'Enfant', ageCategoryId: CAT.CHILD }, { [HIGH]: 400 });
const c = context({
  priceGrids: [grid({ occupantPriceModel: OccupantPriceModel.WITH_SLICE, options: [adult, child] })],
});

describe('occupant model: with slice', () => {
  it('nights 1–3 at 7 €, nights 4 and after at 5 €', () => {
    const quote = priceStay(c, request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: 2 }] }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([
      ['Adulte', 6, 700, 4200],
      ['Adulte', 8, 500, 4000],
    ]);
    expect(linesOf(quote, BillLineType.ATTENDANT).map((l) => [l.startDate, l.endDate])).toEqual([
      ['2025-07-05', '2025-07-08'],
      ['2025-07-08', '2025-07-12'],
    ]);
  });

  it('a price without slices applies to every night', () => {
    const quote = priceStay(c, request({ occupants: [{ ageCategoryId: CAT.CHILD, quantity: 1 }] }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Enfant', 7, 400, 2800]]);
  });

  it('a 2-night stay stays in the first slice', () => {
    const quote = priceStay(
      c,
      request({ endDate: '2025-07-07', occupants: [{ ageCategoryId: CAT.ADULT, quantity: 1 }] }),
    );
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Adulte', 2, 700, 1400]]);
  });
});
