// Calendar dates as UTC day numbers (days since 1970-01-01): integer arithmetic only,
// no Date object and no local time, so a date never shifts by a day with the timezone.
// One implementation for the pricing engine (api/domain/pricing/dates.ts) and the planning
// board (custom-screens/planning/board/dates.ts), each wrapping it with its own errors.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days from 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/**
 * Day number of 'YYYY-MM-DD'; null when the text is not a real date. Parsed by hand (no Date,
 * no slicing): the planning board parses two dates per bar, 120 000 for its benchmark.
 */
export function tryToDay(date: string): number | null {
  if (typeof date !== 'string' || date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) {
    return null;
  }
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
  if (day > (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  return daysFromCivil(year, month, day);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 'YYYY-MM-DD' of a day number (civil_from_days, years 0–9999). */
export function fromDay(dayNumber: number): string {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** Day of the week of a day number: 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}
