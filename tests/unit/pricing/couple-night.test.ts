// Price model COUPLE_NIGHT: the nightly price includes two persons (the dearest ones);
// further occupants pay their age-category supplement.
import { describe, expect, it } from 'vitest';
import { BillLineType, PriceModel, priceStay } from '../../../api/domain/pricing';
import { CAT, HIGH, compact, context, grid, linesOf, option, request, seasons } from './fixtures';

const coupleGrid = (over = {}) =>
  grid({
    label: 'Forfait 2 personnes',
    priceModel: PriceModel.COUPLE_NIGHT,
    periods: seasons({ high: { pricePerNight: 3500 } }),
    options: [
      option({ id: 1, label: 'Adulte supplémentaire', ageCategoryId: CAT.ADULT }, { [HIGH]: 700 }),
      option({ id: 2, label: 'Enfant supplémentaire', ageCategoryId: CAT.CHILD }, { [HIGH]: 400 }),
    ],
    ...over,
  });
const c = context({ priceGrids: [coupleGrid()] });
const occupants = (adults: number, children: number, babies = 0) => [
  { ageCategoryId: CAT.ADULT, quantity: adults },
  { ageCategoryId: CAT.CHILD, quantity: children },
  { ageCategoryId: CAT.BABY, quantity: babies },
];

describe('price model: couple night', () => {
  it('two adults pay the package only', () => {
    const quote = priceStay(c, request({ occupants: occupants(2, 0) }));
    expect(compact(quote.lines)).toEqual([['Forfait 2 personnes – nuit', 7, 3500, 24500]]);
  });

  it('two adults and two children pay the children as supplements', () => {
    const quote = priceStay(c, request({ occupants: occupants(2, 2) }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Enfant supplémentaire', 14, 400, 5600]]);
    expect(quote.total).toBe(24500 + 5600);
  });

  it('one adult and two children: a child fills the second place of the package', () => {
    const quote = priceStay(c, request({ occupants: occupants(1, 2) }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Enfant supplémentaire', 7, 400, 2800]]);
    expect(quote.total).toBe(27300);
  });

  it('three adults and a baby: one adult supplement, the unpriced baby is free', () => {
    const quote = priceStay(c, request({ occupants: occupants(3, 0, 1) }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Adulte supplémentaire', 7, 700, 4900]]);
    expect(quote.lines[1]).toMatchObject({ ageCategoryId: CAT.ADULT, priceGridOptionId: 1 });
    expect(quote.total).toBe(29400);
  });

  it('the number of persons in the package can be set on the grid', () => {
    const single = context({ priceGrids: [coupleGrid({ includedOccupants: 1 })] });
    expect(priceStay(single, request({ occupants: occupants(2, 0) })).total).toBe(24500 + 4900);
  });
});
