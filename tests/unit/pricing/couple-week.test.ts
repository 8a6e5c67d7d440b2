// Price model COUPLE_WEEK: the week model with two persons included.
import { describe, expect, it } from 'vitest';
import { BillLineType, PriceModel, priceStay } from '../../../api/domain/pricing';
import { CAT, HIGH, compact, context, grid, linesOf, option, request, seasons } from './fixtures';

const c = context({
  priceGrids: [
    grid({
      label: 'Forfait couple',
      priceModel: PriceModel.COUPLE_WEEK,
      periods: seasons({ high: { pricePerWeek: 25000, extraNightPrice: 4000 } }),
      options: [
        option({ id: 1, label: 'Adulte supplémentaire', ageCategoryId: CAT.ADULT }, { [HIGH]: 600 }),
        option({ id: 2, label: 'Enfant supplémentaire', ageCategoryId: CAT.CHILD }, { [HIGH]: 300 }),
      ],
    }),
  ],
});

describe('price model: couple week', () => {
  it('a couple pays the week', () => {
    expect(compact(priceStay(c, request()).lines)).toEqual([['Forfait couple – semaine', 1, 25000, 25000]]);
  });

  it('10 nights for 2 adults and a child: week + 3 extra nights + the child per night', () => {
    const quote = priceStay(
      c,
      request({
        endDate: '2025-07-15',
        occupants: [
          { ageCategoryId: CAT.ADULT, quantity: 2 },
          { ageCategoryId: CAT.CHILD, quantity: 1 },
        ],
      }),
    );
    expect(compact(quote.lines)).toEqual([
      ['Forfait couple – semaine', 1, 25000, 25000],
      ['Forfait couple – nuit supplémentaire', 3, 4000, 12000],
      ['Enfant supplémentaire', 10, 300, 3000],
    ]);
    expect(quote.total).toBe(40000);
  });

  it('a third adult pays the adult supplement', () => {
    const quote = priceStay(c, request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: 3 }] }));
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Adulte supplémentaire', 7, 600, 4200]]);
  });
});
