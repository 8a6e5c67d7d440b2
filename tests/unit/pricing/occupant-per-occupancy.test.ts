// Occupant price model PER_OCCUPANCY_PER_OCCUPANT: one price per person for the stay,
// from the arrival period, whatever the number of nights.
import { describe, expect, it } from 'vitest';
import { BillLineType, OccupantPriceModel, priceStay } from '../../../api/domain/pricing';
import { CAT, HIGH, LOW, compact, context, grid, linesOf, option, request } from './fixtures';

const c = context({
  priceGrids: [
    grid({
      occupantPriceModel: OccupantPriceModel.PER_OCCUPANCY_PER_OCCUPANT,
      options: [
        option({ id: 1, label: 'Adulte', ageCategoryId: CAT.ADULT }, { [LOW]: 2000, [HIGH]: 3000 }),
        option({ id: 2, label: 'Enfant', ageCategoryId: CAT.CHILD }, { [HIGH]: 1500 }),
      ],
    }),
  ],
});
const occupants = [
  { ageCategoryId: CAT.ADULT, quantity: 2 },
  { ageCategoryId: CAT.CHILD, quantity: 1 },
];

describe('occupant model: per occupancy per occupant', () => {
  it('each person pays once for the stay', () => {
    const quote = priceStay(c, request({ occupants }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([
      ['Adulte', 2, 3000, 6000],
      ['Enfant', 1, 1500, 1500],
    ]);
  });

  it('the price does not depend on the number of nights', () => {
    const quote = priceStay(c, request({ endDate: '2025-07-19', occupants }));
    expect(linesOf(quote, BillLineType.ATTENDANT).reduce((s, l) => s + l.amount, 0)).toBe(7500);
  });

  it('the arrival period gives the price', () => {
    const quote = priceStay(
      c,
      request({ startDate: '2025-07-03', occupants: [{ ageCategoryId: CAT.ADULT, quantity: 2 }] }),
    );
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Adulte', 2, 2000, 4000]]);
  });
});
