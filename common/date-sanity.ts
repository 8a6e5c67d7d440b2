// Dates a person could really mean (issue 11 §5): a stay, an option or an
// unavailability between 2000 and five years ahead; a birth date not in the future.
// "Today" and "this year" are Europe/Paris. Shared by the API and the forms.
import { todayParis } from './dates';
import { formatMessage } from './messages';

/** First year a business date may fall in. */
export const MIN_YEAR = 2000;
/** How many years ahead of the current one a business date may fall in. */
export const YEARS_AHEAD = 5;
/** Earliest birth year accepted: anything older is a typing error. */
export const MIN_BIRTH_YEAR = 1900;

const yearOf = (iso: string) => Number(iso.slice(0, 4));

/** The window of years `[min, max]` business dates must fall in, seen from `today`. */
export function yearWindow(today: string = todayParis()): { min: number; max: number } {
  return { min: MIN_YEAR, max: yearOf(today) + YEARS_AHEAD };
}

/** The French error for a business date outside the window, or null. */
export function yearWindowError(iso: string, today: string = todayParis()): string | null {
  const { min, max } = yearWindow(today);
  const y = yearOf(iso);
  return y < min || y > max ? formatMessage('DATE_YEAR_OUT_OF_RANGE', { min, max }) : null;
}

/** Birth-date fields: `birthDate` and `…BirthDate`. */
export const isBirthDateField = (name: string) => /(^b|B)irthDate$/.test(name);

/** The French error for a birth date in the future or before MIN_BIRTH_YEAR, or null. */
export function birthDateError(iso: string, today: string = todayParis()): string | null {
  if (iso > today) return formatMessage('BIRTH_DATE_IN_FUTURE');
  if (yearOf(iso) < MIN_BIRTH_YEAR) return formatMessage('DATE_YEAR_OUT_OF_RANGE', { min: MIN_BIRTH_YEAR, max: yearOf(today) });
  return null;
}
