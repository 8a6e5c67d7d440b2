// The planning's query parameters, parsed with its own refusal codes: dates, a date
// range of bounded length, lists of ids.
import { badRequest } from '../../http/errors';
import { isValidDate } from '../../../common/formats';
import { nightsBetween } from '../../../common/dates';

/** The longest window one request may ask (days). */
export const MAX_WINDOW_DAYS = 800;
export const MAX_PLACE_IDS = 3000;

export function parseDateParam(v: unknown, name: string): string {
  if (typeof v !== 'string' || !isValidDate(v)) throw badRequest('INVALID_QUERY', undefined, { param: name });
  return v;
}

export function parseRange(query: Record<string, unknown>, maxDays = MAX_WINDOW_DAYS): { from: string; to: string } {
  const from = parseDateParam(query.from, 'from');
  const to = parseDateParam(query.to, 'to');
  if (to <= from) throw badRequest('START_BEFORE_END', { to: 'La date de fin doit suivre la date de début' });
  if (nightsBetween(from, to) > maxDays) throw badRequest('INVALID_QUERY', undefined, { param: 'to' });
  return { from, to };
}

/** "1,2,3" (or an array of them) → ids; undefined when absent. */
export function parseIdList(v: unknown, name: string, max = MAX_PLACE_IDS): number[] | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const parts = (Array.isArray(v) ? v.join(',') : String(v)).split(',').filter(Boolean);
  if (parts.length > max || !parts.every((p) => /^\d{1,9}$/.test(p)))
    throw badRequest('INVALID_QUERY', undefined, { param: name });
  return [...new Set(parts.map(Number))];
}
