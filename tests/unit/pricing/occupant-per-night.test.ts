// Occupant price model PER_NIGHT_PER_OCCUPANT: each charged person × nights × the
// category's price of the night's period.
import { describe, expect, it } from 'vitest';
import { BillLineType, priceStay } from '../../../api/domain/pricing';
import { CAT, HIGH, LOW, compact, context, grid, linesOf, option, request } from './fixtures';

const options = [
  option({ id: 1, label: 'Adulte', ageCategoryId: CAT.ADULT }, { [LOW]: 500, [HIGH]: 700 }),
  option({ id: 2, label: 'Enfant', ageCategoryId: CAT.CHILD }, { [HIGH]: 400 }),
];
const family = [
  { ageCategoryId: CAT.ADULT, quantity: 2 },
  { ageCategoryId: CAT.CHILD, quantity: 1 },
  { ageCategoryId: CAT.BABY, quantity: 1 },
];

describe('occupant model: per night per occupant', () => {
  it('2 adults, a child and a baby for 7 nights', () => {
    const quote = priceStay(context({ priceGrids: [grid({ options })] }), request({ occupants: family }));
    expect(compact(quote.lines)).toEqual([
      ['Emplacement – nuit', 7, 3000, 21000],
      ['Adulte', 14, 700, 9800],
      ['Enfant', 7, 400, 2800],
    ]);
    expect(linesOf(quote, BillLineType.ATTENDANT).every((l) => l.vatRateBp === 1000)).toBe(true);
    expect(quote.total).toBe(33600);
  });

  it('a stay across two periods gets a line per price', () => {
    const quote = priceStay(
      context({ priceGrids: [grid({ options: options.slice(0, 1) })] }),
      request({
        startDate: '2025-07-03',
        endDate: '2025-07-06',
        occupants: [{ ageCategoryId: CAT.ADULT, quantity: 2 }],
      }),
    );
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([
      ['Adulte', 4, 500, 2000],
      ['Adulte', 2, 700, 1400],
    ]);
  });

  it('the included quantity of a category is free (pitch + 2 adults)', () => {
    const included = [{ ...options[0], includedQuantity: 2 }, options[1]];
    const quote = priceStay(
      context({ priceGrids: [grid({ options: included })] }),
      request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: 3 }] }),
    );
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Adulte', 7, 700, 4900]]);
  });

  it('a manual price per person and night is kept and flagged', () => {
    const quote = priceStay(
      context({ priceGrids: [grid({ options })] }),
      request({ occupants: family, overrides: [{ priceGridOptionId: 1, unitPrice: 600 }] }),
    );
    expect(linesOf(quote, BillLineType.ATTENDANT)[0]).toMatchObject({
      quantity: 14,
      unitPrice: 600,
      amount: 8400,
      isManualPrice: true,
      computedAmount: 9800,
    });
  });
});
