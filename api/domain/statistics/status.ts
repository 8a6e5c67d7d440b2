// The parameters screen's state: the regeneration runs, what waits in the queues, the
// settings; and the on-demand regeneration started from it (answered at once, run in
// the background month by month; the screen follows its progress).
import type { Knex } from 'knex';
import { badRequest, HttpError } from '../../http/errors';
import { claimRun, continueRun } from './regenerate';
import { statisticsSettings } from './settings';
import { describeError } from '../../http/log';
import { exportStates, sendStatistics } from './export-send';

export async function statisticsStatus(db: Knex) {
  const runs = await db('stat_run')
    .orderBy('id', 'desc')
    .limit(10)
    .select(
      'id',
      'kind',
      'status',
      'firstMonth',
      'lastMonth',
      'monthsTotal',
      'monthsDone',
      'startedAt',
      'finishedAt',
      'errorCode',
    );
  const [stays, months] = await Promise.all([
    db('stat_dirty').count<{ count: number }[]>('* as count'),
    db('stat_dirty_month').count<{ count: number }[]>('* as count'),
  ]);
  const done = runs.find((r) => r.status === 'done');
  return {
    runs,
    queued: { stays: Number(stays[0].count), months: Number(months[0].count) },
    generatedAt: done?.finishedAt ?? null,
    settings: await statisticsSettings(db),
    exports: await exportStates(db),
  };
}

/** Starts a full regeneration for a user; 400 while another one runs. */
export async function startRegeneration(db: Knex, userId: number): Promise<{ runId: number }> {
  const id = await claimRun(db, 'manual', userId);
  if (!id) throw badRequest('STATS_RUN_IN_PROGRESS');
  // Not awaited: the answer returns while the months are rebuilt; a failure is kept on the run.
  continueRun(db, id)
    .then((r) => (r === 'done' ? sendStatistics(db) : null))
    .catch((err) => console.error(`Régénération des statistiques en échec — ${describeError(err)}`));
  return { runId: id };
}

/** « Envoyer maintenant »: the figures to every configured service, each one's outcome. */
export async function sendNow(db: Knex) {
  if (!(await db('stat_run').where('status', 'done').first('id'))) throw new HttpError(503, 'STATS_SERVICE_DOWN');
  const results = await sendStatistics(db);
  if (!results.length) throw badRequest('STATS_NO_EXPORT_TARGET');
  return { results };
}
