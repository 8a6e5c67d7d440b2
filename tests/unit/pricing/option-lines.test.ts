// Option price lines (spec §5, docs/pricing.md#validation): quantity starts at 0; a required option gives 1; an
// included quantity above 0 with no age category starts at the included quantity;
// dates come from the first occupancy.
import { describe, expect, it } from 'vitest';
import { BillLineType, OptionPriceUnit, initialOptionQuantity, priceStay } from '../../../api/domain/pricing';
import {
  ANIMAL,
  CAT,
  EXTRA,
  HIGH,
  LATE,
  VAT,
  VEHICLE,
  compact,
  context,
  grid,
  linesOf,
  option,
  request,
  warningCodes,
} from './fixtures';

const electricity = option({ id: 10, label: 'Électricité 10 A', extraId: EXTRA.ELECTRICITY }, { [HIGH]: 450 });
const cleaning = option(
  { id: 11, label: 'Ménage', extraId: EXTRA.CLEANING, isRequired: true, priceUnit: OptionPriceUnit.PER_STAY },
  { [HIGH]: 5000 },
);
const car = option({ id: 30, label: 'Véhicule', vehicleTypeId: VEHICLE.CAR, includedQuantity: 1 }, { [HIGH]: 300 });
const dog = option({ id: 20, label: 'Chien', animalTypeId: ANIMAL.DOG }, { [HIGH]: 250 });
const adults = option({ id: 1, label: 'Adulte', ageCategoryId: CAT.ADULT, includedQuantity: 2 }, { [HIGH]: 700 });
const c = context({ priceGrids: [grid({ options: [adults, electricity, cleaning, car, dog] })] });

describe('option price lines (§5)', () => {
  it('initial quantities: 0, 1 when required, the included quantity without age category', () => {
    expect(initialOptionQuantity(electricity)).toBe(0);
    expect(initialOptionQuantity(cleaning)).toBe(1);
    expect(initialOptionQuantity(car)).toBe(1);
    expect(initialOptionQuantity(adults)).toBe(0);
  });

  it('an untouched stay shows every option line with its starting quantity and the occupancy dates', () => {
    const quote = priceStay(c, request({ occupants: [] }));
    expect(
      quote.optionLines.map((l) => [l.label, l.quantity, l.isRequired, l.includedQuantity, l.startDate, l.endDate]),
    ).toEqual([
      ['Adulte', 0, false, 2, '2025-07-05', '2025-07-12'],
      ['Électricité 10 A', 0, false, 0, '2025-07-05', '2025-07-12'],
      ['Ménage', 1, true, 0, '2025-07-05', '2025-07-12'],
      ['Véhicule', 1, false, 1, '2025-07-05', '2025-07-12'],
      ['Chien', 0, false, 0, '2025-07-05', '2025-07-12'],
    ]);
    // only the required cleaning is charged: the included car is free
    expect(compact(quote.lines.slice(1))).toEqual([['Ménage', 1, 5000, 5000]]);
  });

  it('the option line of an age category counts the occupants', () => {
    const quote = priceStay(c, request({ occupants: [{ ageCategoryId: CAT.ADULT, quantity: 3 }] }));
    expect(quote.optionLines[0]).toMatchObject({ ageCategoryId: CAT.ADULT, quantity: 3, includedQuantity: 2 });
    expect(compact(linesOf(quote, BillLineType.ATTENDANT))).toEqual([['Adulte', 7, 700, 4900]]);
  });

  it('a required option cannot go below 1', () => {
    const quote = priceStay(c, request({ extras: [{ extraId: EXTRA.CLEANING, quantity: 0 }] }));
    expect(quote.optionLines.find((l) => l.priceGridOptionId === 11)?.quantity).toBe(1);
    expect(compact(linesOf(quote, BillLineType.EXTRA))).toEqual([['Ménage', 1, 5000, 5000]]);
  });

  it('requested quantities: electricity per night, a second car beyond the included one, a dog', () => {
    const quote = priceStay(
      c,
      request({
        extras: [{ extraId: EXTRA.ELECTRICITY, quantity: 1 }],
        vehicles: [{ vehicleTypeId: VEHICLE.CAR, quantity: 2 }],
        animals: [{ animalTypeId: ANIMAL.DOG, quantity: 1 }],
      }),
    );
    expect(compact(quote.lines.slice(1))).toEqual([
      ['Électricité 10 A', 7, 450, 3150],
      ['Ménage', 1, 5000, 5000],
      ['Véhicule', 7, 300, 2100],
      ['Chien', 7, 250, 1750],
    ]);
    expect(quote.lines.slice(1).map((l) => l.lineType)).toEqual([
      BillLineType.EXTRA,
      BillLineType.EXTRA,
      BillLineType.VEHICLE,
      BillLineType.ANIMAL,
    ]);
    // VAT: the cleaning takes its extra's 20 %, the others the grid's 10 %
    expect(quote.lines.slice(1).map((l) => l.vatRateBp)).toEqual([1000, 2000, 1000, 1000]);
  });

  it('an option with its own dates inside the stay is priced on those nights', () => {
    const quote = priceStay(
      c,
      request({
        extras: [{ extraId: EXTRA.ELECTRICITY, quantity: 1, startDate: '2025-07-07', endDate: '2025-07-10' }],
      }),
    );
    const line = linesOf(quote, BillLineType.EXTRA)[0];
    expect(line).toMatchObject({ quantity: 3, amount: 1350, startDate: '2025-07-07', endDate: '2025-07-10' });
    expect(quote.warnings).toEqual([]);
  });

  it('option dates reaching outside the stay are cut to it, with a warning', () => {
    const quote = priceStay(
      c,
      request({
        extras: [{ extraId: EXTRA.ELECTRICITY, quantity: 1, startDate: '2025-07-01', endDate: '2025-07-20' }],
      }),
    );
    expect(quote.optionLines[1]).toMatchObject({ startDate: '2025-07-05', endDate: '2025-07-12' });
    expect(linesOf(quote, BillLineType.EXTRA)[0]).toMatchObject({ quantity: 7, amount: 3150 });
    expect(quote.warnings).toEqual([
      { code: 'OPTIONS_DATE_CUTS', message: 'Des options ont des coupures de dates', subject: 'Électricité 10 A' },
    ]);
  });

  it('an option priced in some periods only is cut on the others', () => {
    // 28 August → 2 September: 2 high nights priced, 3 late-season nights without price
    const quote = priceStay(
      c,
      request({
        startDate: '2025-08-28',
        endDate: '2025-09-02',
        extras: [{ extraId: EXTRA.ELECTRICITY, quantity: 1 }],
      }),
    );
    expect(linesOf(quote, BillLineType.EXTRA)[0]).toMatchObject({ quantity: 2, amount: 900 });
    expect(warningCodes(quote)).toContain('OPTIONS_DATE_CUTS');
  });

  it('an option without any price for the stay, or not in the grid, warns "not mapped"', () => {
    const quote = priceStay(
      c,
      request({
        startDate: '2025-09-01',
        endDate: '2025-09-05',
        extras: [
          { extraId: EXTRA.ELECTRICITY, quantity: 1 },
          { extraId: EXTRA.LINEN, quantity: 2 },
        ],
      }),
    );
    expect(quote.warnings.filter((w) => w.code === 'OPTION_NOT_MAPPED').map((w) => w.subject)).toEqual([
      'Électricité 10 A',
      'Ménage',
      'Location de draps',
    ]);
    expect(quote.warnings[0].message).toBe('Option non paramétrée ou indisponible pour cette grille');
    expect(linesOf(quote, BillLineType.EXTRA)).toEqual([]);
  });

  it('a per-stay option takes the price of the period of its first night', () => {
    const both = {
      ...cleaning,
      prices: [...cleaning.prices, { ...cleaning.prices[0], id: 2, priceGridPeriodId: LATE, price: 4000 }],
    };
    const cc = context({ priceGrids: [grid({ options: [both] })] });
    expect(
      compact(linesOf(priceStay(cc, request({ startDate: '2025-08-28', endDate: '2025-09-02' })), BillLineType.EXTRA)),
    ).toEqual([['Ménage', 1, 5000, 5000]]);
    expect(
      compact(linesOf(priceStay(cc, request({ startDate: '2025-08-30', endDate: '2025-09-02' })), BillLineType.EXTRA)),
    ).toEqual([['Ménage', 1, 4000, 4000]]);
  });

  it('a grid option can be addressed by its id, and its VAT rate wins over the item’s', () => {
    const linen = option(
      { id: 12, label: 'Draps', extraId: EXTRA.LINEN, vatRateId: VAT.PITCH, priceUnit: OptionPriceUnit.PER_STAY },
      { [HIGH]: 1200 },
    );
    const cc = context({ priceGrids: [grid({ options: [linen] })] });
    const quote = priceStay(cc, request({ options: [{ priceGridOptionId: 12, quantity: 2 }] }));
    expect(linesOf(quote, BillLineType.EXTRA)[0]).toMatchObject({
      quantity: 2,
      unitPrice: 1200,
      amount: 2400,
      vatRateBp: 1000,
      extraId: EXTRA.LINEN,
    });
  });

  it('a manual option price is per unit and night for per-night options', () => {
    const quote = priceStay(
      c,
      request({
        extras: [{ extraId: EXTRA.ELECTRICITY, quantity: 1 }],
        overrides: [{ priceGridOptionId: 10, unitPrice: 400 }],
      }),
    );
    expect(linesOf(quote, BillLineType.EXTRA)[0]).toMatchObject({
      quantity: 7,
      unitPrice: 400,
      amount: 2800,
      isManualPrice: true,
      computedAmount: 3150,
    });
    expect(warningCodes(quote)).toEqual(['PRICE_MANUALLY_CHANGED']);
  });
});
