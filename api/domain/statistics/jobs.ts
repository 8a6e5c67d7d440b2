// The statistics' jobs (api/jobs/index.ts runs them; §9 « statistics regenerated every
// night »): the nightly regeneration — once a day whichever process claims it, or at
// the first start, taking over a run whose process died — and the queue of changes
// applied every few seconds, so that today's figures are never a day late.
import type { Knex } from 'knex';
import { claimRun, claimStaleRun, continueRun } from './regenerate';
import { applyQueue } from './incremental';
import { statisticsSettings } from './settings';

export async function nightlyRegeneration(knex: Knex): Promise<'done' | 'failed' | null> {
  const stale = await claimStaleRun(knex);
  if (stale) return continueRun(knex, stale);
  const everDone = await knex('stat_run').where('status', 'done').first('id');
  if (everDone && !(await statisticsSettings(knex)).regenerateNightly) return null;
  const id = await claimRun(knex, 'nightly');
  return id ? continueRun(knex, id) : null;
}

export const applyStatisticsQueue = (knex: Knex) => applyQueue(knex);
