// Writing the yield: in one transaction, under one lock for the whole site, the changes are
// recomputed, each period price is updated only if it still holds the price previewed, each
// grid touched gets ONE new version (grid-history.ts: stays already priced keep the version
// they were pinned to, so a booked stay's price never moves), and every change is journaled
// (yield_journal, append-only: the database refuses UPDATE, DELETE and TRUNCATE). The
// connector is told after the commit.
//
// Two managers applying at once: the transaction-scoped advisory lock is taken with
// pg_try_advisory_xact_lock, so the second is answered at once, 409 YIELD_APPLY_IN_PROGRESS,
// rather than queueing behind the first and then writing changes it never saw; once the first
// has committed, the second's preview no longer matches: 409 YIELD_PREVIEW_STALE.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';
import { writeGridVersion } from '../pricing/grid-history';
import { changesToken, computeChanges, type YieldChange } from './changes';
import { connectorFor, pushOf, yieldSettings, type PushResult } from './connector';

const LOCK_KEY = "hashtext('bivouac.yield.apply')";

export interface ApplyOptions {
  mode: 'manual' | 'auto';
  userId: number | null;
  appliedBy: string;
  today: string;
  /** the preview's token (manual): refused when today's changes differ */
  token?: string;
}

export interface ApplyResult {
  batch: string;
  changes: (YieldChange & { historyVersion: number })[];
  versions: { priceGridId: number; historyVersion: number }[];
  push: PushResult | null;
}

export async function applyYield(knex: Knex, o: ApplyOptions): Promise<ApplyResult> {
  const batch = randomUUID();
  const written = await knex.transaction(async (trx) => {
    const { rows } = await trx.raw(`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS ok`);
    if (!rows[0].ok) throw new HttpError(409, 'YIELD_APPLY_IN_PROGRESS');
    const changes = await computeChanges(trx, o.today);
    if (o.token !== undefined && o.token !== changesToken(changes)) throw new HttpError(409, 'YIELD_PREVIEW_STALE');
    const versions = new Map<number, number>();
    for (const c of changes) {
      // Only if the cell still holds the price read: a grid edited meanwhile fails the whole batch.
      const n = await trx('price_grid_period')
        .where({ id: c.priceGridPeriodId, [c.field]: c.before })
        .update({ [c.field]: c.after, updatedAt: trx.fn.now() });
      if (n !== 1) throw new HttpError(409, 'YIELD_PREVIEW_STALE');
    }
    for (const gridId of new Set(changes.map((c) => c.priceGridId))) {
      const n = changes.filter((c) => c.priceGridId === gridId).length;
      const what = `Yield ${o.mode === 'auto' ? 'automatique' : 'appliqué'} : ${n} prix modifié${n > 1 ? 's' : ''}`;
      versions.set(gridId, await writeGridVersion(trx, gridId, { userId: o.userId, change: what }));
    }
    const out = changes.map((c) => ({ ...c, historyVersion: versions.get(c.priceGridId)! }));
    if (out.length) {
      await trx('yield_journal').insert(
        out.map((c) => ({
          batch,
          mode: o.mode,
          userId: o.userId,
          appliedBy: o.appliedBy.slice(0, 80),
          priceGridId: c.priceGridId,
          gridLabel: c.gridLabel,
          historyVersion: c.historyVersion,
          priceGridPeriodId: c.priceGridPeriodId,
          periodLabel: c.periodLabel,
          startDate: c.startDate,
          endDate: c.endDate,
          priceField: c.field,
          basePrice: c.base,
          beforePrice: c.before,
          afterPrice: c.after,
          yieldRuleId: c.ruleId,
          ruleLabel: c.ruleLabel.slice(0, 80),
          reason: c.reason.slice(0, 200),
        })),
      );
    }
    return {
      changes: out,
      versions: [...versions].map(([priceGridId, historyVersion]) => ({ priceGridId, historyVersion })),
    };
  });
  let push: PushResult | null = null;
  const settings = await yieldSettings(knex);
  const connector = written.changes.length ? connectorFor(settings) : null;
  if (connector) {
    push = await connector.push(
      pushOf(written.changes, {
        siteId: settings.siteId,
        batch,
        mode: o.mode,
        appliedAt: new Date().toISOString(),
        appliedBy: o.appliedBy,
      }),
    );
  }
  return { batch, ...written, push };
}

/**
 * The nightly run (api/jobs/index.ts) and its run on demand: with autoApplyPrices on, today's
 * changes are applied as « Application automatique »; off, nothing is written and the number
 * of changes waiting for a manager's confirmation is answered.
 */
export async function runYield(
  knex: Knex,
  today: string,
  by: { userId: number | null; name: string } = { userId: null, name: 'Application automatique' },
): Promise<{ autoApply: boolean; pending: number; result: ApplyResult | null }> {
  const { autoApplyPrices } = await yieldSettings(knex);
  if (!autoApplyPrices) return { autoApply: false, pending: (await computeChanges(knex, today)).length, result: null };
  const result = await applyYield(knex, { mode: 'auto', userId: by.userId, appliedBy: by.name, today });
  return { autoApply: true, pending: 0, result };
}
