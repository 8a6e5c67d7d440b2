// Month summaries of the statistics tables (migration 0551, docs/statistics.md « Tables
// and regeneration »): each is a GROUP BY of stat_night or stat_stay, written here once
// and used three ways — rebuilt for a month by its regeneration, taken away and added
// back for the stays of an incremental batch (as stat_day), and read for the whole
// months of a period, its partial first and last months read from the source table with
// the same expressions (monthSplit, sourceRows). So a summary always equals its source.
import type { Knex } from 'knex';
import type { StatPeriod } from '../../../common/stats';
import { leadBandSql } from './definitions';
import { nextMonth } from './months';

interface Summary {
  table: string;
  source: 'stat_night' | 'stat_stay';
  /** the source rows it counts */
  where: string;
  /** the source column whose month a month's regeneration rebuilds… */
  rebuiltBy: string;
  /** …and the summary's column holding that month (its rows deleted, then summed again) */
  rebuiltKey: string;
  /** key column → expression on the source (alias s) */
  keys: Record<string, string>;
  /** summed column → aggregate on the source */
  sums: Record<string, string>;
}

const month = (col: string) => `date_trunc('month', s.${col})::date`;
const DIMS = {
  place_type_id: 's.place_type_id',
  layout_id: 's.layout_id',
  residential: 's.residential',
  channel_id: 's.channel_id',
  source: 's.source',
};

export const SUMMARIES = {
  place: {
    table: 'stat_place_month',
    source: 'stat_night',
    where: 'true',
    rebuiltBy: 'night',
    rebuiltKey: 'month',
    keys: { month: month('night'), place_id: 's.place_id', ...DIMS },
    sums: {
      occupied: 'count(*)',
      occupied_closed: 'count(*) FILTER (WHERE NOT s.is_open)',
      accommodation: 'sum(s.accommodation)',
      arrivals: 'count(*) FILTER (WHERE s.first_night)',
    },
  },
  arrival: {
    table: 'stat_arrival_month',
    source: 'stat_stay',
    where: 's.cancelled_on IS NULL',
    rebuiltBy: 'start_date',
    rebuiltKey: 'month',
    keys: {
      month: month('start_date'),
      ...DIMS,
      nights: 's.nights',
      persons: 's.persons',
      lead_band: leadBandSql('s.start_date - s.booked_on'),
    },
    sums: { stays: 'count(*)', lead_days: 'sum(s.start_date - s.booked_on)' },
  },
  sale: {
    table: 'stat_sale_month',
    source: 'stat_stay',
    where: 's.cancelled_on IS NULL',
    rebuiltBy: 'start_date',
    rebuiltKey: 'arrival_month',
    keys: {
      month: month('booked_on'),
      arrival_month: month('start_date'),
      ...DIMS,
      partner_id: 'COALESCE(s.partner_id, 0)',
      seller_user_id: 'COALESCE(s.seller_user_id, 0)',
    },
    sums: { stays: 'count(*)', nights: 'sum(s.nights)', revenue: 'sum(s.accommodation + s.extras + s.other)' },
  },
} satisfies Record<string, Summary>;
export type SummaryName = keyof typeof SUMMARIES;

const ALL: Summary[] = Object.values(SUMMARIES);

const columns = (m: Summary) => [...Object.keys(m.keys), ...Object.keys(m.sums)].join(', ');

/** The summary's rows from its source rows matching `filter` (sums negated with sign -1). */
function sumSql(m: Summary, filter: string, sign: 1 | -1): string {
  const keys = Object.entries(m.keys).map(([c, e]) => `${e} AS ${c}`);
  const sums = Object.entries(m.sums).map(([c, e]) => `${sign === 1 ? '' : '-'}COALESCE(${e}, 0) AS ${c}`);
  return `SELECT ${[...keys, ...sums].join(', ')} FROM ${m.source} s WHERE ${m.where} AND ${filter}
    GROUP BY ${keys.map((_, i) => i + 1).join(', ')}`;
}

/** A month's rebuild, for its regeneration transaction (after stat_night and stat_stay). */
export async function rebuildSummaries(trx: Knex.Transaction, from: string, to: string): Promise<void> {
  for (const m of ALL) {
    await trx.raw(`DELETE FROM ${m.table} WHERE ${m.rebuiltKey} = ?::date`, [from]);
    const within = `s.${m.rebuiltBy} >= ?::date AND s.${m.rebuiltBy} < ?::date`;
    await trx.raw(`INSERT INTO ${m.table} (${columns(m)}) ${sumSql(m, within, 1)}`, [from, to]);
  }
}

/**
 * The statements adding (1) or taking away (-1) the rows of the batch's bookings in every
 * summary (`batch`: the SQL of the batch's ids), for the incremental update.
 */
export function upsertSummariesSql(batch: string, sign: 1 | -1): string[] {
  return ALL.map((m) => {
    const key = Object.keys(m.keys).join(', ');
    const add = Object.keys(m.sums)
      .map((c) => `${c} = ${m.table}.${c} + EXCLUDED.${c}`)
      .join(', ');
    return `INSERT INTO ${m.table} (${columns(m)}) ${sumSql(m, `s.booking_id = ANY(${batch})`, sign)}
      ON CONFLICT (${key}) DO UPDATE SET ${add}`;
  });
}

/** A period [from, to) as its whole months [months.from, months.to) and the partial days around them. */
export function monthSplit(p: StatPeriod): { months: [string, string] | null; edges: [string, string][] } {
  const first = p.from.endsWith('-01') ? p.from : nextMonth(p.from);
  const last = `${p.to.slice(0, 7)}-01`;
  if (first >= last) return { months: null, edges: [[p.from, p.to]] };
  const edges: [string, string][] = [];
  if (p.from < first) edges.push([p.from, first]);
  if (last < p.to) edges.push([last, p.to]);
  return { months: [first, last], edges };
}

/**
 * The rows of a summary over a period (by the month of `by`, a source column): the
 * summary's rows of the whole months, and the source's rows of the partial ones summed
 * the same way. `where` (on alias s) filters the summed rows: its columns are the
 * summary's.
 */
export function summaryRows(
  name: SummaryName,
  p: StatPeriod,
  by: string,
  where: { sql: string; bindings: Knex.Value[] },
): { sql: string; bindings: Knex.Value[] } {
  const m: Summary = SUMMARIES[name];
  const { months, edges } = monthSplit(p);
  const parts: string[] = [];
  const bindings: Knex.Value[] = [];
  const monthCol = Object.entries(m.keys).find(([, e]) => e === month(by))![0];
  if (months) {
    const within = `s.${monthCol} >= ?::date AND s.${monthCol} < ?::date`;
    parts.push(`SELECT ${columns(m)} FROM ${m.table} s WHERE ${within} AND ${where.sql}`);
    bindings.push(...months, ...where.bindings);
  }
  if (edges.length) {
    const within = edges.map(() => `(s.${by} >= ?::date AND s.${by} < ?::date)`).join(' OR ');
    parts.push(`SELECT * FROM (${sumSql(m, `(${within})`, 1)}) s WHERE ${where.sql}`);
    bindings.push(...edges.flat(), ...where.bindings);
  }
  return { sql: parts.join(' UNION ALL '), bindings };
}
