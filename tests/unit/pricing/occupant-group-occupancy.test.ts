// Occupant price model PER_OCCUPANCY_PER_GROUP: one price per stay for the group of
// each age category.
import { describe, expect, it } from 'vitest';
import { BillLineType, OccupantPriceModel, priceStay } from '../../../api/domain/pricing';
import { CAT, HIGH, compact, context, grid, linesOf, option, request } from './fixtures';

const c = context({
  priceGrids: [
    grid({
      occupantPriceModel: OccupantPriceModel.PER_OCCUPANCY_PER_GROUP,
      options: [option({ id: 1, label: 'Groupe', ageCategoryId: CAT.ADULT }, { [HIGH]: 5000 })],
    }),
  ],
});

describe('occupant model: per occupancy per group', () => {
  it.each([1, 2, 6])('%i adults pay one group price for the stay', (adults) => {
    const quote = priceStay(c, request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: adults }] }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Groupe', 1, 5000, 5000]]);
  });

  it('the group price does not grow with the nights', () => {
    const quote = priceStay(c, request({ endDate: '2025-07-26' }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Groupe', 1, 5000, 5000]]);
  });

  it('no occupant of the category, no group price', () => {
    const quote = priceStay(c, request({ occupants: [{ ageCategoryId: CAT.CHILD, quantity: 2 }] }));
    expect(linesOf(quote, BillLineType.ATTENDANT)).toEqual([]);
  });
});
