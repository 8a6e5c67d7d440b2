// Properties of the rent receipt arithmetic (api/domain/residential/engine.ts): over a
// year fully covered by a contract, the deadlines' shares add up to the yearly fee after
// its revision, each residential fee is billed once per period of its periodicity, the
// consumption lines of successive readings add up to the whole span priced once, and a
// sublet's price is the resident's share plus the commission.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  consumptionAmount,
  coveredDays,
  deadlinesOfYear,
  feeOccurrences,
  proRata,
  revisedFee,
  slicedAmount,
  split,
  subletSplit,
  type Periodicity,
} from '../../../api/domain/residential/engine';
import { nightsBetween } from '../../../common/dates';

const COUNTS = [1, 2, 4, 12] as const;
const PER: Record<Periodicity, number> = { monthly: 12, quarterly: 4, yearly: 1 };

describe('a year of rent receipts', () => {
  it('Σ receipts = yearly fee after revision + fees + consumption × tariff', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2001, max: 2090 }),
        fc.constantFrom(...COUNTS),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom('fixed', 'rate', 'index'),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(
          fc.record({
            amount: fc.integer({ min: 0, max: 100_000 }),
            p: fc.constantFrom(...(['monthly', 'quarterly', 'yearly'] as const)),
          }),
          { maxLength: 4 },
        ),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 13 }),
        fc.integer({ min: 1, max: 2_000 }),
        (year, count, base, rule, rateBp, age, fees, steps, unitPrice) => {
          const revision = { rule: rule as 'fixed', rateBp, referenceIndex: 13_000, currentIndex: 13_400 };
          const yearly = revisedFee(base, age, revision);
          const indexes = steps.reduce<number[]>((acc, s) => [...acc, (acc.at(-1) ?? 1000) + s / 1000], []);
          let total = 0;
          let prev = 1000;
          const deadlines = deadlinesOfYear(year, count);
          for (const d of deadlines) {
            const days = nightsBetween(d.startDate, d.endDate);
            total += proRata(
              split(yearly, count)[d.rank - 1],
              coveredDays(d.startDate, d.endDate, `${year - age}-01-01`, null),
              days,
            );
            for (const f of fees) total += feeOccurrences(f.p, d.startDate, d.endDate).length * f.amount;
          }
          // the readings, each on some receipt
          for (const q of indexes) {
            total += consumptionAmount(prev, q, unitPrice);
            prev = q;
          }
          const expected =
            yearly +
            fees.reduce((s, f) => s + PER[f.p] * f.amount, 0) +
            consumptionAmount(1000, indexes.at(-1)!, unitPrice);
          expect(total).toBe(expected);
          expect(deadlines.at(-1)!.endDate).toBe(`${year + 1}-01-01`);
        },
      ),
    );
  });

  it('rounds the consumption of the whole span only once (no cent drifts)', () => {
    // 180,5 kWh then 119,5 kWh at 0,25 €: 45,13 € + 29,87 € = 75,00 € = 300 kWh × 0,25 €
    expect(consumptionAmount(1000, 1180.5, 25) + consumptionAmount(1180.5, 1300, 25)).toBe(7500);
  });

  it('revises a fee by a yearly rate compounded to the cent, or by an index', () => {
    const rate = { rule: 'rate' as const, rateBp: 200, referenceIndex: null, currentIndex: null };
    expect(revisedFee(200000, 0, rate)).toBe(200000);
    expect(revisedFee(200000, 2, rate)).toBe(208080);
    const index = { rule: 'index' as const, rateBp: 0, referenceIndex: 13_000, currentIndex: 13_390 };
    expect(revisedFee(200000, 1, index)).toBe(206000);
  });

  it('bills a contract starting within a deadline pro rata of its days', () => {
    const [q1] = deadlinesOfYear(2030, 4);
    expect(proRata(90000, coveredDays(q1.startDate, q1.endDate, '2030-02-15', null), 90)).toBe(45000);
  });
});

describe('sublets', () => {
  it('price = resident’s share + commission', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (price, rate) => {
        const { commission, residentShare } = subletSplit(price, rate);
        expect(commission + residentShare).toBe(price);
        expect(commission).toBeGreaterThanOrEqual(0);
        expect(residentShare).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('a tariff by slices', () => {
  // up to 10 million, in thousandths
  const quantity = fc.integer({ min: 0, max: 10_000_000_000 }).map((m) => m / 1_000);
  const slices = fc.uniqueArray(
    fc.record({
      fromQuantity: fc.integer({ min: 1, max: 5_000_000 }).map((m) => m / 100),
      unitPrice: fc.integer({ min: 0, max: 10_000 }),
    }),
    { selector: (s) => s.fromQuantity, maxLength: 5 },
  );

  it('is the flat price when every slice has the tariff’s price, and grows with the consumption', () => {
    fc.assert(
      fc.property(quantity, quantity, fc.integer({ min: 0, max: 10_000 }), slices, (a, b, price, sl) => {
        const same = sl.map((s) => ({ ...s, unitPrice: price }));
        expect(slicedAmount(a, price, same)).toBe(slicedAmount(a, price, []));
        expect(slicedAmount(a, price, [])).toBe(Math.round((Math.round(a * 1_000_000) * price) / 1_000_000));
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(slicedAmount(lo, price, sl)).toBeLessThanOrEqual(slicedAmount(hi, price, sl));
      }),
    );
  });

  it('is each band’s quantity at its price, added up (within the rounding of each band)', () => {
    fc.assert(
      fc.property(quantity, fc.integer({ min: 0, max: 10_000 }), slices, (q, price, sl) => {
        const sorted = [...sl].sort((x, y) => x.fromQuantity - y.fromQuantity);
        const bands = [{ fromQuantity: 0, unitPrice: price }, ...sorted];
        let sum = 0;
        bands.forEach((band, i) => {
          const to = Math.min(q, bands[i + 1]?.fromQuantity ?? Infinity);
          if (to > band.fromQuantity) sum += Math.round((to - band.fromQuantity) * band.unitPrice);
        });
        expect(Math.abs(slicedAmount(q, price, sl) - sum)).toBeLessThanOrEqual(bands.length);
      }),
    );
  });
});
