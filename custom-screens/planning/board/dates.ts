// Date-only arithmetic on integer day numbers (days since 1970-01-01, UTC).
// 'YYYY-MM-DD' strings are parsed once; everything else is integer maths.
import type { IsoDate } from './types';
import { fromDay, tryToDay, weekdayOf } from '../../../common/day-numbers';

export const MS_PER_DAY = 86_400_000;

// The day-number calendar itself is common/day-numbers.ts, shared with the pricing engine.
export { daysFromCivil } from '../../../common/day-numbers';

/** 'YYYY-MM-DD' → day number; throws a RangeError on anything but a real date. */
export function toDay(iso: IsoDate): number {
  const day = tryToDay(iso);
  if (day === null) throw new RangeError(`Invalid date '${iso}', expected YYYY-MM-DD`);
  return day;
}

/** Day number → 'YYYY-MM-DD' (civil_from_days, years 0–9999). */
export function toIso(day: number): IsoDate {
  return fromDay(day);
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return weekdayOf(day);
}

export function isWeekend(day: number): boolean {
  return weekday(day) >= 5;
}

/** Monday of the ISO week holding `day`. */
export function mondayOf(day: number): number {
  return day - weekday(day);
}

/** ISO 8601 week number. */
export function isoWeek(day: number): number {
  const thursday = day - weekday(day) + 3;
  const year = new Date(thursday * MS_PER_DAY).getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1) / MS_PER_DAY;
  return Math.floor((thursday - jan1) / 7) + 1;
}

/** First day of the month holding `day`. */
export function monthStart(day: number): number {
  const d = new Date(day * MS_PER_DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / MS_PER_DAY;
}

/** First day of the next month. */
export function nextMonthStart(day: number): number {
  const d = new Date(day * MS_PER_DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / MS_PER_DAY;
}

/** Today's date in Europe/Paris, as 'YYYY-MM-DD'. */
export function parisToday(now: Date = new Date()): IsoDate {
  // en-CA formats as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
