// Regeneration of the statistics tables (docs/statistics.md « Regeneration »): one
// transaction per month, each rebuilding from the raw rows the nights, days, capacity
// and arriving stays of its month — so a month is idempotent, and a run killed half-way
// is resumed from the first month it had not done. Every writer of the statistics
// tables holds one advisory lock for its transaction: a month and an incremental update
// never interleave.
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { insertCapacity, insertNights, insertStays, sumNightsSql } from './facts';
import { monthStart, monthsBetween, nextMonth } from './months';
import { rebuildSummaries } from './summaries';

type Db = Knex | Knex.Transaction;
/** The advisory lock of the statistics writers (any fixed number of this module). */
export const STAT_LOCK = 27_0001;
/** A running run whose process stopped sending news for this long is taken over. */
export const STALE_AFTER_SECONDS = 120;

export { monthStart, monthsBetween, nextMonth } from './months';

export const lockStatistics = (trx: Knex.Transaction) => trx.raw('SELECT pg_advisory_xact_lock(?)', [STAT_LOCK]);

/** Rebuilds one month [m, next month) in one transaction; `runId` records the progress. */
export async function regenerateMonth(knex: Knex, month: string, runId?: number): Promise<void> {
  const from = monthStart(month);
  const to = nextMonth(from);
  await knex.transaction(async (trx) => {
    await lockStatistics(trx);
    // First: a writer queuing this month again from now on waits for our commit and stays queued.
    await trx('stat_dirty_month').where('month', from).del();
    await trx('stat_night').where('night', '>=', from).where('night', '<', to).del();
    await insertNights(trx, { from, to });
    await trx('stat_day').where('day', '>=', from).where('day', '<', to).del();
    await trx.raw(`INSERT INTO stat_day ${sumNightsSql('night >= ?::date AND night < ?::date', 1)}`, [from, to]);
    await trx('stat_stay').where('start_date', '>=', from).where('start_date', '<', to).del();
    await insertStays(trx, { from, to });
    await trx('stat_capacity').where('day', '>=', from).where('day', '<', to).del();
    await insertCapacity(trx, from, to);
    await rebuildSummaries(trx, from, to);
    if (runId)
      await trx('stat_run')
        .where('id', runId)
        .update({ nextMonth: to, monthsDone: trx.raw('months_done + 1'), heartbeatAt: trx.fn.now() });
  });
}

/**
 * The months that hold statistics: from the first of the activity periods and the stays
 * to the last, within 2000 and five years ahead (the business dates' bounds).
 */
export async function statisticsRange(db: Db): Promise<{ first: string; last: string } | null> {
  const r = (
    await db.raw(`SELECT min(s) AS first, max(e) AS last FROM (
      SELECT min(start_date) AS s, max(end_date) AS e FROM activity_period
      UNION ALL SELECT min(start_date), max(end_date - 1) FROM occupancy WHERE end_date > start_date) x`)
  ).rows[0];
  if (!r.first) return null;
  const today = todayParis();
  const max = `${Number(today.slice(0, 4)) + 5}-12-01`;
  const first = monthStart(r.first < '2000-01-01' ? '2000-01-01' : r.first);
  const last = monthStart(r.last > max ? max : r.last);
  return first <= last ? { first, last } : null;
}

export type RunKind = 'nightly' | 'manual';

/**
 * Claims a new run over every month (null when one is already running, or — nightly —
 * when today's has been claimed by this or another process).
 */
export async function claimRun(knex: Knex, kind: RunKind, userId: number | null = null): Promise<number | null> {
  const range = (await statisticsRange(knex)) ?? { first: monthStart(todayParis()), last: monthStart(todayParis()) };
  const r = await knex.raw(
    `INSERT INTO stat_run (kind, status, first_month, last_month, next_month, months_total, user_id, run_on)
     VALUES (?, 'running', ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
    [kind, range.first, range.last, range.first, monthsBetween(range.first, range.last), userId, todayParis()],
  );
  return r.rows[0]?.id ?? null;
}

/** Takes over a running run whose process went silent (stopped or killed). */
export async function claimStaleRun(knex: Knex): Promise<number | null> {
  const r = await knex.raw(
    `UPDATE stat_run SET heartbeat_at = now() WHERE status = 'running'
       AND heartbeat_at < now() - make_interval(secs => ?) RETURNING id`,
    [STALE_AFTER_SECONDS],
  );
  return r.rows[0]?.id ?? null;
}

/** Runs the months a run has left; a failure stops it with its SQLSTATE (no data in it). */
export async function continueRun(knex: Knex, runId: number): Promise<'done' | 'failed'> {
  for (;;) {
    const run = await knex('stat_run').where('id', runId).first();
    if (!run || run.status !== 'running') return run?.status ?? 'failed';
    if (!run.nextMonth || run.nextMonth > run.lastMonth) {
      await knex('stat_run').where('id', runId).update({ status: 'done', finishedAt: knex.fn.now(), nextMonth: null });
      return 'done';
    }
    try {
      await regenerateMonth(knex, run.nextMonth, runId);
    } catch (err) {
      const code = (err as { code?: string }).code;
      await knex('stat_run')
        .where('id', runId)
        .update({
          status: 'failed',
          finishedAt: knex.fn.now(),
          errorCode: `SQLSTATE ${code ?? 'inconnu'}`.slice(0, 60),
        });
      throw err;
    }
  }
}

/** A whole regeneration now (tests, benchmarks, the command line). */
export async function regenerateAll(knex: Knex, kind: RunKind = 'manual'): Promise<number> {
  const id = await claimRun(knex, kind);
  if (!id) throw new Error('A statistics regeneration is already running');
  await continueRun(knex, id);
  return id;
}
