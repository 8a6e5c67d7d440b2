// Dates are 'YYYY-MM-DD' strings; "today" is Europe/Paris; shown as DD/MM/YYYY.
import { daysFromCivil, fromDay } from './day-numbers';

export function formatDateFr(iso: string | null | undefined): string {
  if (!iso || iso.length < 10) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  if (!y || !m || !d || y === '1900') return '';
  return `${d}/${m}/${y}`;
}

// en-CA formats as YYYY-MM-DD. One formatter for the process: making one costs some
// hundred microseconds, and the demo's seeding asks the day tens of thousands of times.
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function todayParis(now: Date = new Date()): string {
  return PARIS_DAY.format(now);
}

const PARIS_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** HH:MM in Europe/Paris. */
export function timeParis(now: Date = new Date()): string {
  return PARIS_TIME.format(now);
}

// Day numbers as in common/day-numbers.ts; lenient: a malformed date gives NaN, not an error.
export const toDayNumber = (iso: string) => daysFromCivil(+iso.slice(0, 4), +iso.slice(5, 7), +iso.slice(8, 10));
export const fromDayNumber = (n: number) => fromDay(n);
export const addDays = (iso: string, days: number) => fromDayNumber(toDayNumber(iso) + days);
export const nightsBetween = (start: string, end: string) => toDayNumber(end) - toDayNumber(start);
