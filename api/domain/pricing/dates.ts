// Calendar dates as UTC day numbers (days since 1970-01-01): integer arithmetic only,
// no Date object and no local time, so a stay never shifts by a day with the timezone.
import type { IsoDate } from './types';
import { PricingError } from './errors';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** Day number of 'YYYY-MM-DD'; null when the text is not a real date. */
export function tryToDay(date: string): number | null {
  if (typeof date !== 'string' || date.length !== 10 || date[4] !== '-' || date[7] !== '-') return null;
  const y1 = digit(date, 0),
    y2 = digit(date, 1),
    y3 = digit(date, 2),
    y4 = digit(date, 3);
  const m1 = digit(date, 5),
    m2 = digit(date, 6),
    d1 = digit(date, 8),
    d2 = digit(date, 9);
  if ((y1 | y2 | y3 | y4 | m1 | m2 | d1 | d2) < 0) return null;
  const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
  const month = m1 * 10 + m2;
  const day = d1 * 10 + d2;
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  // days_from_civil (H. Hinnant): exact on integers for the proleptic Gregorian calendar
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

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

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** 'YYYY-MM-DD' of a day number (civil_from_days). */
export function fromDay(dayNumber: number): IsoDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** 'YYYY-MM-DD' shifted by a number of days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDay(toDay(date) + days);
}

/** Number of nights of the half-open stay [startDate, endDate). */
export function nightsBetween(startDate: IsoDate, endDate: IsoDate): number {
  return toDay(endDate) - toDay(startDate);
}
