// Occupant price model PER_NIGHT_PER_GROUP: one price per night for the group of each
// age category, whatever its size.
import { describe, expect, it } from 'vitest';
import { BillLineType, OccupantPriceModel, PriceModel, priceStay } from '../../../api/domain/pricing';
import { CAT, HIGH, compact, context, grid, linesOf, option, request, seasons } from './fixtures';

const options = [
  option({ id: 1, label: 'Groupe adultes', ageCategoryId: CAT.ADULT }, { [HIGH]: 1000 }),
  option({ id: 2, label: 'Groupe enfants', ageCategoryId: CAT.CHILD }, { [HIGH]: 500 }),
];
const c = context({ priceGrids: [grid({ occupantPriceModel: OccupantPriceModel.PER_NIGHT_PER_GROUP, options })] });

describe('occupant model: per night per group', () => {
  it('3 adults and 4 children: one adult group and one child group per night', () => {
    const quote = priceStay(
      c,
      request({
        occupants: [
          { ageCategoryId: CAT.ADULT, quantity: 3 },
          { ageCategoryId: CAT.CHILD, quantity: 4 },
        ],
      }),
    );
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([
      ['Groupe adultes', 7, 1000, 7000],
      ['Groupe enfants', 7, 500, 3500],
    ]);
  });

  it('a category with nobody charged pays nothing', () => {
    const couple = context({
      priceGrids: [
        grid({
          priceModel: PriceModel.COUPLE_NIGHT,
          occupantPriceModel: OccupantPriceModel.PER_NIGHT_PER_GROUP,
          periods: seasons({ high: { pricePerNight: 3500 } }),
          options,
        }),
      ],
    });
    const quote = priceStay(couple, request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: 2 }] }));
    expect(linesOf(quote, BillLineType.ATTENDANT)).toEqual([]);
  });
});
