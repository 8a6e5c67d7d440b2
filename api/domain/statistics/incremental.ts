// The incremental update (docs/statistics.md « Incrementally »): the stays queued by the
// triggers of migration 0131 (stat_dirty) have their nights taken away from stat_day,
// their facts rebuilt from the raw rows, and added back — in one transaction under the
// statistics lock, so stat_day always equals the sum of stat_night, and each month
// summary (summaries.ts) its source. Months queued by a
// change of capacity (unavailability, activity period, place) are regenerated whole.
//
// A batch of stays is one round trip: its statements are sent as one multi-statement
// query, which PostgreSQL runs as one implicit transaction (all or nothing). The batch's
// ids, known only once the queue rows are deleted, are kept for that transaction in a
// setting (BATCH_SETTING) the following statements read. The two long statements
// (nights and stays) are prepared once per pooled connection: they have no parameters,
// so their plan is made once and reused. Round trips and planning, not the work on
// one stay's rows, were most of the time of a one-stay update (bench).
import type { Knex } from 'knex';
import { BATCH_IDS, BATCH_SETTING, nightsSql, staysSql, sumNightsSql } from './facts';
import { regenerateMonth, STAT_LOCK } from './regenerate';
import { upsertSummariesSql } from './summaries';

const DAY_KEY = '(day, place_type_id, layout_id, channel_id, source, residential)';
const ADD = [
  'occupied',
  'occupied_closed',
  'closed_capacity',
  'person_nights',
  'accommodation',
  'extras',
  'other',
  'tax',
]
  .map((c) => `${c} = stat_day.${c} + EXCLUDED.${c}`)
  .join(', ');
const upsertDays = (sign: 1 | -1) =>
  `INSERT INTO stat_day ${sumNightsSql(`booking_id = ANY(${BATCH_IDS})`, sign)} ON CONFLICT ${DAY_KEY} DO UPDATE SET
    ${ADD}`;

/** The prepared statements of a batch (no parameters: planned once per connection). */
const PREPARED = { nights: 'bv_stat_batch_nights', stays: 'bv_stat_batch_stays' };
function prepareSql(knex: Knex): string {
  const inline = (q: { sql: string; bindings: Knex.Value[] }) => knex.raw(q.sql, q.bindings).toQuery();
  return [
    `PREPARE ${PREPARED.nights} AS ${inline(nightsSql({ batch: true }))}`,
    `PREPARE ${PREPARED.stays} AS ${inline(staysSql({ batch: true }))}`,
  ].join(';\n');
}

/** The statements of one batch: one query text. */
function batchSql(batch: number): string {
  return [
    `SELECT pg_advisory_xact_lock(${STAT_LOCK})`,
    // The queue rows first: a writer queuing one of them again meanwhile waits for this
    // commit and leaves it queued for the next round.
    `WITH taken AS (DELETE FROM stat_dirty WHERE booking_id IN (
       SELECT booking_id FROM stat_dirty ORDER BY queued_at LIMIT ${Math.trunc(batch)} FOR UPDATE SKIP LOCKED)
       RETURNING booking_id)
     SELECT set_config('${BATCH_SETTING}', COALESCE(array_agg(booking_id), '{}')::text, true) FROM taken`,
    upsertDays(-1),
    ...upsertSummariesSql(BATCH_IDS, -1),
    `DELETE FROM stat_night WHERE booking_id = ANY(${BATCH_IDS})`,
    `DELETE FROM stat_stay WHERE booking_id = ANY(${BATCH_IDS})`,
    `EXECUTE ${PREPARED.nights}`,
    `EXECUTE ${PREPARED.stays}`,
    upsertDays(1),
    ...upsertSummariesSql(BATCH_IDS, 1),
    `SELECT cardinality(${BATCH_IDS}) AS stays, EXISTS (SELECT 1 FROM stat_dirty) AS more,
       EXISTS (SELECT 1 FROM stat_dirty_month) AS months`,
  ].join(';\n');
}

/** The pooled connections (driver clients) that hold the batch's prepared statements. */
const prepared = new WeakSet<object>();

interface BatchResult {
  /** stays refreshed */
  stays: number;
  /** stays still queued (beyond the batch, or queued meanwhile) */
  more: boolean;
  /** months queued */
  months: boolean;
}

/** Applies up to `batch` queued stays in one transaction and one round trip. */
export async function applyQueuedStays(knex: Knex, batch = 500): Promise<BatchResult> {
  // The driver's client itself: the prepared statements belong to its connection, and a
  // text without parameters is sent as one simple query (one implicit transaction).
  const client = (knex as unknown as { client: Pool }).client;
  const conn = await client.acquireConnection();
  try {
    if (!prepared.has(conn)) {
      await conn.query(prepareSql(knex));
      prepared.add(conn);
    }
    const results = (await conn.query(batchSql(batch))) as unknown as { rows: BatchResult[] }[];
    return results[results.length - 1].rows[0];
  } finally {
    await client.releaseConnection(conn);
  }
}

interface Pool {
  acquireConnection(): Promise<{ query(text: string): Promise<unknown> }>;
  releaseConnection(conn: object): Promise<void>;
}

/** Regenerates up to `limit` queued months (each its own transaction); answers how many. */
export async function applyQueuedMonths(knex: Knex, limit = 12): Promise<number> {
  const months: string[] = (await knex('stat_dirty_month').orderBy('month').limit(limit).pluck('month')) as string[];
  for (const m of months) await regenerateMonth(knex, m);
  return months.length;
}

/** Everything queued, until the queues are empty (the job; tests call it after a change). */
export async function applyQueue(knex: Knex): Promise<{ stays: number; months: number }> {
  let stays = 0,
    months = 0;
  for (;;) {
    const s = await applyQueuedStays(knex);
    const m = s.months ? await applyQueuedMonths(knex) : 0;
    stays += s.stays;
    months += m;
    if (!s.more && !m) return { stays, months };
  }
}
