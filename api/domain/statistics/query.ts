// What every statistics screen is asked: a period (its last day included), up to three
// reference years (§9 (docs/constants.md#statistics): the same dates those years), and the filters — place types,
// layouts, channels, the source (§9 (docs/constants.md#statistics) « statistics sources (3) ») and the park (tourist or
// residential places, never mixed). Turned here into periods and SQL conditions.
import type { Knex } from 'knex';
import { addDays, nightsBetween } from '../../../common/dates';
import { shiftYears, type StatPeriod } from '../../../common/stats';
import { badRequest, HttpError } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { PARKS, SOURCES, type Park, type Source } from './definitions';

export interface StatFilters {
  from: string;
  /** the period's last day */
  to: string;
  compare?: string;
  placeTypeIds?: string;
  layoutIds?: string;
  channelIds?: string;
  source?: Source;
  park?: Park;
}

const day = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const ids = { type: 'string', pattern: '^(\\d{1,9}(,\\d{1,9}){0,199})?$', 'x-message': 'INCORRECT_FORM' };

/** The query schema of a screen: the common filters and the screen's own parameters. */
export function filtersSchema(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'object',
    required: ['from', 'to'],
    additionalProperties: false,
    properties: {
      from: day,
      to: day,
      compare: { type: 'string', pattern: '^(\\d{4}(,\\d{4}){0,2})?$', 'x-message': 'STATS_COMPARE_YEARS' },
      placeTypeIds: ids,
      layoutIds: ids,
      channelIds: ids,
      source: { type: 'string', enum: Object.keys(SOURCES) },
      park: { type: 'string', enum: Object.keys(PARKS) },
      ...extra,
    },
  };
}

export const idList = (s: string | undefined): number[] => (s ? s.split(',').map(Number) : []);

/** Longest period a screen answers (five years: the benchmark's span). */
export const MAX_DAYS = 1830;

/** The period, then each reference year's: the same dates, so many years earlier. */
export function periodsOf(f: StatFilters, maxDays = MAX_DAYS): StatPeriod[] {
  if (f.to < f.from) throw badRequest('INCORRECT_DATES', { to: formatMessage('INCORRECT_DATES') });
  if (nightsBetween(f.from, f.to) + 1 > maxDays)
    throw badRequest(
      'STATS_PERIOD_TOO_LONG',
      { to: formatMessage('STATS_PERIOD_TOO_LONG', { days: maxDays }) },
      {
        days: maxDays,
      },
    );
  const year = Number(f.from.slice(0, 4));
  const years = idList(f.compare);
  if (new Set(years).size !== years.length || years.some((y) => y >= year || y < 2000))
    throw badRequest('STATS_COMPARE_YEARS', { compare: formatMessage('STATS_COMPARE_YEARS') });
  const end = addDays(f.to, 1);
  return [
    { year, from: f.from, to: end },
    ...years.map((y) => ({ year: y, from: shiftYears(f.from, year - y), to: shiftYears(end, year - y) })),
  ];
}

export interface Where {
  sql: string;
  bindings: Knex.Value[];
}

/**
 * The filters as a condition on a statistics table's columns (`a` its alias):
 * `stays` for stat_night/stat_day/stat_stay (channel and source apply), otherwise the
 * capacity (places have no channel).
 */
export function dimWhere(f: StatFilters, a: string, stays: boolean): Where {
  const parts: string[] = [`${a}.residential = ?`];
  const bindings: Knex.Value[] = [(f.park ?? 'tourist') === 'residential'];
  const list = (col: string, v: string | undefined) => {
    const l = idList(v);
    if (!l.length) return;
    parts.push(`${a}.${col} = ANY(?::int[])`);
    bindings.push(l as unknown as Knex.Value);
  };
  list('place_type_id', f.placeTypeIds);
  list('layout_id', f.layoutIds);
  if (stays) {
    list('channel_id', f.channelIds);
    if (f.source && f.source !== 'all') {
      parts.push(`${a}.source = ?`);
      bindings.push(f.source);
    }
  }
  return { sql: parts.join(' AND '), bindings };
}

/** The state of the statistics tables, said on every screen. */
export async function statisticsState(db: Knex): Promise<{ generatedAt: string | null; warnings: string[] }> {
  const done = await db('stat_run').where('status', 'done').orderBy('id', 'desc').first('finishedAt');
  const last = await db('stat_run').orderBy('id', 'desc').first('status', 'id');
  // Never regenerated: the figures would be wrong, not merely late.
  if (!done) throw new HttpError(503, 'STATS_SERVICE_DOWN');
  const warnings: string[] = [];
  if (last?.status === 'failed') warnings.push(formatMessage('STATS_SERVICE_DOWN'));
  if (last?.status === 'running') warnings.push(formatMessage('STATS_REGENERATING'));
  return { generatedAt: done.finishedAt, warnings };
}

/** Evolution in basis points from a reference value to the current one (null without reference). */
export const evolutionBp = (current: number, ref: number | null | undefined): number | null =>
  ref ? Math.round(((current - ref) * 10_000) / Math.abs(ref)) : null;

/** A share in basis points, half-up (null when the whole is 0). */
export const ratioBp = (part: number, whole: number): number | null =>
  whole ? Math.round((part * 10_000) / whole) : null;

/** cents ÷ count, half-up (ADR, RevPAR). */
export const perUnit = (cents: number, count: number): number | null => (count ? Math.round(cents / count) : null);
