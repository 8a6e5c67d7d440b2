// Calendar dates as UTC day numbers (days since 1970-01-01): integer arithmetic only,
// no Date object and no local time, so a stay never shifts by a day with the timezone.
// The arithmetic is common/day-numbers.ts (shared with the planning board); this file
// adds the engine's error (INCORRECT_DATES) and its open-ended bounds.
import type { IsoDate } from './types';
import { PricingError } from './errors';
import { fromDay as civilFromDay, tryToDay, weekdayOf } from '../../../common/day-numbers';

export { tryToDay };

/** Day number of 'YYYY-MM-DD'; throws INCORRECT_DATES when invalid. */
export function toDay(date: string): number {
  const day = tryToDay(date);
  if (day === null) throw new PricingError('INCORRECT_DATES', String(date));
  return day;
}

/** Day number or +∞ for an open end. */
export function toDayOrMax(date: string | null): number {
  return date === null ? Number.POSITIVE_INFINITY : toDay(date);
}

/** Day number or −∞ for an open start. */
export function toDayOrMin(date: string | null): number {
  return date === null ? Number.NEGATIVE_INFINITY : toDay(date);
}

/** 'YYYY-MM-DD' of a day number (civil_from_days). */
export function fromDay(dayNumber: number): IsoDate {
  return civilFromDay(dayNumber);
}

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday. */
export function isoWeekday(dayNumber: number): number {
  return weekdayOf(dayNumber) + 1;
}

/** 'YYYY-MM-DD' shifted by a number of days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDay(toDay(date) + days);
}

/** Number of nights of the half-open stay [startDate, endDate). */
export function nightsBetween(startDate: IsoDate, endDate: IsoDate): number {
  return toDay(endDate) - toDay(startDate);
}
