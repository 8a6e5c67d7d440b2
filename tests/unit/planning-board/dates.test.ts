import { describe, expect, it } from 'vitest';
import {
  isoWeek,
  isWeekend,
  mondayOf,
  monthStart,
  nextMonthStart,
  parisToday,
  toDay,
  toIso,
  weekday,
} from '../../../custom-screens/planning/board/dates';

describe('dates', () => {
  it('parses and formats YYYY-MM-DD as UTC day numbers', () => {
    expect(toDay('1970-01-01')).toBe(0);
    expect(toDay('2026-07-14')).toBe(Date.UTC(2026, 6, 14) / 86_400_000);
    expect(toIso(toDay('2024-02-29'))).toBe('2024-02-29');
  });

  it('round-trips every day from 1900 to 2100 like Date.UTC', () => {
    const from = Date.UTC(1900, 0, 1) / 86_400_000;
    const to = Date.UTC(2100, 11, 31) / 86_400_000;
    const wrong: string[] = [];
    for (let d = from; d <= to; d++) {
      const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
      if (toIso(d) !== iso || toDay(iso) !== d) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses malformed dates', () => {
    expect(() => toDay('2026-7-14')).toThrow(RangeError);
    expect(() => toDay('2026-13-01')).toThrow(RangeError);
    expect(() => toDay('2026/07/14')).toThrow(RangeError);
    expect(() => toDay('20a6-07-14')).toThrow(RangeError);
  });

  it('knows weekdays, weekends and ISO weeks', () => {
    expect(weekday(toDay('2026-07-13'))).toBe(0); // Monday
    expect(weekday(toDay('2026-07-19'))).toBe(6); // Sunday
    expect(isWeekend(toDay('2026-07-18'))).toBe(true);
    expect(isWeekend(toDay('2026-07-17'))).toBe(false);
    expect(mondayOf(toDay('2026-07-16'))).toBe(toDay('2026-07-13'));
    expect(isoWeek(toDay('2026-01-01'))).toBe(1);
    expect(isoWeek(toDay('2021-01-03'))).toBe(53);
    expect(isoWeek(toDay('2026-12-31'))).toBe(53);
    expect(isoWeek(toDay('2027-01-04'))).toBe(1);
  });

  it('finds month boundaries', () => {
    expect(toIso(monthStart(toDay('2026-02-17')))).toBe('2026-02-01');
    expect(toIso(nextMonthStart(toDay('2026-12-31')))).toBe('2027-01-01');
  });

  it("gives today's date in Europe/Paris", () => {
    expect(parisToday(new Date('2026-07-13T22:30:00Z'))).toBe('2026-07-14');
    expect(parisToday(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01');
    expect(parisToday(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-02');
  });
});
