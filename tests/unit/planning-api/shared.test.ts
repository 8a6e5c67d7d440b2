// common/planning.ts: colour categories, payment view, the plan's legend bands (§9, docs/constants.md).
import { describe, expect, it } from 'vitest';
import { bandOf, occupancyRate, paymentStateOf, PLAN_BANDS, statusCategory } from '../../../common/planning';

describe('statusCategory', () => {
  it('colours released stays as cancelled, then arrived and gone, then by kind', () => {
    expect(statusCategory('booking', 9)).toBe('cancelled');
    expect(statusCategory('option', 14)).toBe('cancelled');
    expect(statusCategory('booking', 2, true)).toBe('cancelled');
    expect(statusCategory('booking', 6)).toBe('arrived');
    expect(statusCategory('passage', 7)).toBe('gone');
    expect(statusCategory('booking', 8)).toBe('gone');
    expect(statusCategory('quote', 2)).toBe('quote');
    expect(statusCategory('option', 3)).toBe('option');
    expect(statusCategory('option', 1)).toBe('draft');
    expect(statusCategory('booking', 1)).toBe('draft');
    expect(statusCategory('passage', 3)).toBe('booking');
  });
});

describe('paymentStateOf', () => {
  it('unpaid, down payment paid, fully paid', () => {
    expect(paymentStateOf(50000, 0)).toBe('unpaid');
    expect(paymentStateOf(50000, 15000)).toBe('deposit');
    expect(paymentStateOf(50000, 50000)).toBe('paid');
    expect(paymentStateOf(50000, 60000)).toBe('paid');
    expect(paymentStateOf(null, 100)).toBe('deposit');
  });
});

describe('plan legend bands', () => {
  it('has "below 0 %", "0 %", then ten 10-point bands to 100 %', () => {
    expect(PLAN_BANDS.map((b) => b.key)).toEqual([
      'below',
      '0',
      '10',
      '20',
      '30',
      '40',
      '50',
      '60',
      '70',
      '80',
      '90',
      '100',
    ]);
    expect(PLAN_BANDS[0].label).toBe('Inférieur à 0 % (indisponible)');
  });
  it('puts a rate in its band (upper bounds included)', () => {
    expect(bandOf(null).key).toBe('below');
    expect(bandOf(-5).key).toBe('below');
    expect(bandOf(0).key).toBe('0');
    expect(bandOf(0.1).key).toBe('10');
    expect(bandOf(10).key).toBe('10');
    expect(bandOf(10.1).key).toBe('20');
    expect(bandOf(42.9).key).toBe('50');
    expect(bandOf(100).key).toBe('100');
    expect(bandOf(130).key).toBe('100');
  });
  it('rates the occupied share of the sellable nights; nothing sellable is below 0 %', () => {
    expect(occupancyRate(0, 0, 1)).toBe(0);
    expect(occupancyRate(1, 0, 1)).toBe(100);
    expect(occupancyRate(3, 0, 7)).toBe(42.9);
    expect(occupancyRate(3, 1, 7)).toBe(50);
    expect(occupancyRate(0, 7, 7)).toBeNull();
  });
  it('keeps readable text on every band (contrast ≥ 4.5:1)', () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const b of PLAN_BANDS) {
      const [l1, l2] = [lum(b.background), lum(b.color)].sort((x, y) => y - x);
      expect((l1 + 0.05) / (l2 + 0.05), b.key).toBeGreaterThanOrEqual(4.5);
    }
  });
});
