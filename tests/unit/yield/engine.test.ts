// The yield engine's properties (api/domain/yield/engine.ts): a matched rule's price always
// lies within [floor, ceiling] (× 7 for a week price); no rule matching leaves the base;
// % and € adjustments to the cent; the first rule by priority decides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustPrice,
  decide,
  PRICE_FIELDS,
  type OccupancyOf,
  type PriceCell,
  type PriceField,
  type YieldRule,
} from '../../../api/domain/yield/engine';

const today = '2027-05-01';
const rule = (r: Partial<YieldRule> = {}): YieldRule => ({
  id: 1,
  label: 'Règle',
  placeTypeId: 1,
  startDate: '2027-06-01',
  endDate: '2027-09-01',
  condition: 1,
  operator: 1,
  threshold: 80,
  adjustmentUnit: 1,
  adjustment: 1000,
  floorPrice: 1000,
  ceilingPrice: 5000,
  priority: 10,
  ...r,
});
const cell = (c: Partial<PriceCell> = {}): PriceCell => ({
  placeTypeId: 1,
  startDate: '2027-07-01',
  endDate: '2027-07-08',
  field: 'pricePerNight',
  base: 3000,
  ...c,
});
/** every night of every type at `occupied` of 10 places */
const occupancyAt =
  (occupied: number): OccupancyOf =>
  () => ({ occupied, capacity: 10 });

const arbRule = fc
  .record({
    id: fc.integer({ min: 1, max: 50 }),
    label: fc.constant('R'),
    placeTypeId: fc.integer({ min: 1, max: 3 }),
    startDate: fc.constantFrom('2027-04-01', '2027-06-01', '2027-07-04'),
    endDate: fc.constantFrom('2027-07-05', '2027-08-01', '2027-12-31'),
    condition: fc.constantFrom(1, 2),
    operator: fc.constantFrom(1, 2),
    threshold: fc.integer({ min: 0, max: 100 }),
    adjustmentUnit: fc.constantFrom(1, 2),
    adjustment: fc.integer({ min: -9900, max: 10000 }),
    floorPrice: fc.integer({ min: 0, max: 20000 }),
    ceilingPrice: fc.integer({ min: 0, max: 20000 }),
    priority: fc.integer({ min: 1, max: 999 }),
  })
  .map((r) => ({ ...r, ceilingPrice: Math.max(r.floorPrice, r.ceilingPrice) }));
const arbField = fc.constantFrom(...(Object.keys(PRICE_FIELDS) as PriceField[]));

describe('yield engine', () => {
  it('a matched rule always gives a price within [floor, ceiling]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), arbRule, arbField, (base, r, field) => {
        const p = adjustPrice(base, r, field);
        const n = PRICE_FIELDS[field];
        expect(Number.isInteger(p)).toBe(true);
        expect(p).toBeGreaterThanOrEqual(r.floorPrice * n);
        expect(p).toBeLessThanOrEqual(r.ceilingPrice * n);
      }),
    );
  });

  it('decides within the bounds of the rule that matched, or leaves the base when none matches', () => {
    fc.assert(
      fc.property(
        fc.array(arbRule, { maxLength: 5 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 100_000 }),
        arbField,
        (rules, occupied, base, field) => {
          const c = cell({ base, field });
          const d = decide(c, rules, today, occupancyAt(occupied));
          if (!d.rule) expect(d.price).toBe(base);
          else {
            const n = PRICE_FIELDS[field];
            expect(d.price).toBeGreaterThanOrEqual(d.rule.floorPrice * n);
            expect(d.price).toBeLessThanOrEqual(d.rule.ceilingPrice * n);
            expect(rules).toContain(d.rule);
          }
        },
      ),
    );
  });

  it('no rule matching leaves the price unchanged: other type, nights outside, threshold not reached', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (base) => {
        const c = cell({ base });
        expect(decide(c, [rule({ placeTypeId: 2 })], today, occupancyAt(10)).price).toBe(base);
        expect(decide(c, [rule({ startDate: '2027-08-01' })], today, occupancyAt(10)).price).toBe(base);
        expect(decide(c, [rule({ threshold: 80 })], today, occupancyAt(7)).price).toBe(base);
        expect(decide(c, [rule({ condition: 2, operator: 2, threshold: 30 })], today, occupancyAt(0)).price).toBe(base);
        expect(decide(c, [], today, occupancyAt(10)).price).toBe(base);
      }),
    );
  });

  it('adjusts in % (half-up to the cent) and in € per night (× 7 for a week)', () => {
    expect(adjustPrice(3000, rule({ adjustment: 1000 }))).toBe(3300);
    expect(adjustPrice(3333, rule({ adjustment: 1500 }))).toBe(3833); // 3333 × 15 % = 499,95 → 500
    expect(adjustPrice(3000, rule({ adjustment: -2000 }))).toBe(2400);
    expect(adjustPrice(3000, rule({ adjustmentUnit: 2, adjustment: 450 }))).toBe(3450);
    expect(adjustPrice(21000, rule({ adjustmentUnit: 2, adjustment: -500 }), 'pricePerWeek')).toBe(17500);
    expect(adjustPrice(4800, rule({ adjustment: 1000 }))).toBe(5000); // ceiling
    expect(adjustPrice(1100, rule({ adjustment: -5000 }))).toBe(1000); // floor
  });

  it('occupancy and days before arrival, compared on the target nights; the first rule by priority wins', () => {
    const at80 = occupancyAt(8);
    expect(decide(cell(), [rule()], today, at80)).toMatchObject({ price: 3300, reason: 'Occupation 80 % ≥ 80 %' });
    const lastMinute = rule({ id: 2, condition: 2, operator: 2, threshold: 7, adjustment: -1000, priority: 1 });
    expect(decide(cell(), [rule(), lastMinute], '2027-06-27', at80)).toMatchObject({
      price: 2700,
      rule: lastMinute,
      reason: 'Arrivée dans 4 jours ≤ 7',
    });
    // the nights already past are not targets: a period begun counts from today
    expect(decide(cell(), [lastMinute], '2027-07-03', at80).reason).toBe('Arrivée dans 0 jour ≤ 7');
    // no place in service: no occupancy to compare
    expect(decide(cell(), [rule()], today, () => ({ occupied: 0, capacity: 0 })).rule).toBeNull();
  });
});
