// The one rounding rule and the calendar helpers.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  allocate,
  applyBp,
  formatEuros,
  fromDay,
  isoWeekday,
  mulDivRound,
  nightsBetween,
  toDay,
} from '../../../api/domain/pricing';

describe('money', () => {
  it('rounds half-up, away from zero for negatives', () => {
    expect(applyBp(21050, 2500)).toBe(5263); // 5262,5
    expect(applyBp(-21050, 2500)).toBe(-5263);
    expect(applyBp(21049, 2500)).toBe(5262); // 5262,25
    expect(applyBp(45, 11000)).toBe(50); // 49,5
    expect(mulDivRound(60000, 1, 7)).toBe(8571);
    expect(Object.is(applyBp(-1, 1000), 0)).toBe(true); // no −0
  });

  it('stays exact near the safe-integer limit and refuses beyond it', () => {
    expect(mulDivRound(2 ** 52, 1, 3)).toBe(1501199875790165);
    expect(() => mulDivRound(2 ** 52, 10000, 3)).toThrow(RangeError);
  });

  it('allocates to the cent by largest remainder', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [21000, 5000])).toEqual([808, 192]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
  });

  it('formats French amounts', () => {
    expect(formatEuros(92400)).toBe('924,00 €');
    expect(formatEuros(-5)).toBe('-0,05 €');
  });
});

describe('dates', () => {
  it('works on UTC day numbers', () => {
    expect(toDay('1970-01-01')).toBe(0);
    expect(fromDay(toDay('2024-02-29'))).toBe('2024-02-29');
    expect(nightsBetween('2025-03-29', '2025-03-31')).toBe(2); // across the switch to summer time
    expect(nightsBetween('2024-12-25', '2025-01-08')).toBe(14);
    expect(addDays('2025-07-05', -30)).toBe('2025-06-05');
    expect(isoWeekday(toDay('2025-07-05'))).toBe(6); // Saturday
    expect(isoWeekday(toDay('2025-07-06'))).toBe(7); // Sunday
    expect(() => toDay('2025-13-01')).toThrow();
    expect(() => toDay('2023-02-29')).toThrow();
  });

  it('round-trips every day of four centuries', () => {
    for (let day = toDay('1900-01-01'); day < toDay('2300-01-01'); day += 1) {
      const text = fromDay(day);
      if (toDay(text) !== day) throw new Error(text);
    }
    expect(fromDay(toDay('2100-03-01') - 1)).toBe('2100-02-28');
  });
});
