// Dates a person could really mean (issue 11 §5, docs/history.md#issue-11): a stay, an option or an
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
  if (yearOf(iso) < MIN_BIRTH_YEAR)
    return formatMessage('DATE_YEAR_OUT_OF_RANGE', { min: MIN_BIRTH_YEAR, max: yearOf(today) });
  return null;
}

/** `YYYY-MM-DD`, alone or starting a date-time: what a business date looks like in a body. */
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}(?:$|T)/;

/** Date fields of a schema that are business dates (not birth dates): the year window applies. */
export const isBusinessDateField = (f: { name: string; kind: string; system?: boolean }) =>
  (f.kind === 'date' || f.kind === 'datetime') && !f.system && !isBirthDateField(f.name);

/**
 * Year-window errors of the business date fields a write sets or changes (an old record
 * stays editable: a date it already holds is not checked again), keyed by field.
 */
export function changedDateErrors(
  fields: readonly { name: string; kind: string; system?: boolean }[],
  rec: Record<string, unknown>,
  existing: Record<string, unknown> | null,
  today: string = todayParis(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = rec[f.name];
    if (!isBusinessDateField(f) || typeof v !== 'string' || !DATE_LIKE.test(v) || (existing && existing[f.name] === v))
      continue;
    const e = yearWindowError(v, today);
    if (e) errors[f.name] = e;
  }
  return errors;
}

/**
 * Year-window errors of every date a request body carries (domain routes: their bodies
 * are not entity records), keyed by path (`occupancies.0.startDate`); birth dates get
 * their own rule instead. Walks at most `depth` levels (bodies are small and bounded).
 */
export function bodyDateErrors(
  body: unknown,
  today: string = todayParis(),
  path = '',
  depth = 8,
  out: Record<string, string> = {},
): Record<string, string> {
  if (depth < 0 || body === null || typeof body !== 'object') return out;
  const entries = Array.isArray(body)
    ? body.map((v, i) => [String(i), v] as const)
    : Object.entries(body as Record<string, unknown>);
  for (const [k, v] of entries) {
    const at = path ? `${path}.${k}` : k;
    if (typeof v === 'string') {
      if (!DATE_LIKE.test(v) || !Number.isFinite(Date.parse(v.slice(0, 10)))) continue;
      const e = isBirthDateField(k) ? birthDateError(v.slice(0, 10), today) : yearWindowError(v, today);
      if (e) out[at] ??= e;
    } else if (v && typeof v === 'object') bodyDateErrors(v, today, at, depth - 1, out);
  }
  return out;
}
