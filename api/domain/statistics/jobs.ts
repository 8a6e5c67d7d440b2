// The statistics' jobs (api/jobs/index.ts runs them; §9 (docs/constants.md#statistics) « statistics regenerated every
// night »): the nightly regeneration — once a day whichever process claims it, or at
// the first start, taking over a run whose process died — then the figures sent to the
// outside services; and every few seconds the queue of changes applied, so that today's
// figures are never a day late, and the failed sendings tried again when due.
import type { Knex } from 'knex';
import { claimRun, claimStaleRun, continueRun } from './regenerate';
import { applyQueue } from './incremental';
import { statisticsSettings } from './settings';
import { retryDueExports, sendStatistics } from './export-send';

/** A run to its end, then — when it ended well — the sending. */
async function runAndSend(knex: Knex, id: number): Promise<'done' | 'failed'> {
  const r = await continueRun(knex, id);
  if (r === 'done') await sendStatistics(knex);
  return r;
}

export async function nightlyRegeneration(knex: Knex): Promise<'done' | 'failed' | null> {
  const stale = await claimStaleRun(knex);
  if (stale) return runAndSend(knex, stale);
  const everDone = await knex('stat_run').where('status', 'done').first('id');
  if (everDone && !(await statisticsSettings(knex)).regenerateNightly) return null;
  const id = await claimRun(knex, 'nightly');
  return id ? runAndSend(knex, id) : null;
}

export async function applyStatisticsQueue(knex: Knex) {
  const r = await applyQueue(knex);
  await retryDueExports(knex);
  return r;
}
