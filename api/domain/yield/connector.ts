// Outside revenue-management systems see the yield only through this interface: after each
// application, the changes written are pushed to the connector of the active
// 'yield-management' module record (/admin/module/yield-management-grid). Its settings:
// apiUrl (where to push; without it, no connector), apiLogin (sent as the X-Api-Login
// header), siteId (the campsite's identifier at the provider, in the body), and
// autoApplyPrices (the nightly job applies the prices itself; off, it only previews).
//
// A connector for a given provider implements YieldConnector; `connectorFor` chooses it.
// The one provided, HttpYieldConnector, POSTs the batch as JSON (YieldPush below).
import type { Knex } from 'knex';
import type { YieldChange } from './changes';
import { textSetting } from '../establishment/module-settings';

type Db = Knex | Knex.Transaction;

export interface YieldSettings {
  moduleId: number | null;
  apiUrl: string | null;
  apiLogin: string | null;
  siteId: string | null;
  autoApplyPrices: boolean;
}

/** What a connector receives: one application's changes, as written. */
export interface YieldPush {
  siteId: string | null;
  batch: string;
  mode: 'manual' | 'auto';
  appliedAt: string;
  appliedBy: string;
  changes: {
    priceGridId: number;
    gridLabel: string;
    placeTypeId: number;
    priceGridPeriodId: number;
    periodLabel: string;
    startDate: string;
    endDate: string;
    field: string;
    before: number;
    after: number;
    /** the new version of the grid holding the change */
    historyVersion: number;
    rule: string;
  }[];
}

export interface PushResult {
  status: 'sent' | 'failed';
  /** French, for the screen: never the provider's raw answer */
  message: string;
}

export interface YieldConnector {
  readonly name: string;
  push(batch: YieldPush): Promise<PushResult>;
}

/** The settings of the first active 'yield-management' record (none: nothing automatic, no connector). */
export async function yieldSettings(db: Db): Promise<YieldSettings> {
  const row = await db('module_config')
    .where({ kind: 'yield-management', isActive: true })
    .orderBy('id')
    .first('id', 'settings');
  const s = (row?.settings ?? {}) as Record<string, unknown>;
  return {
    moduleId: row?.id ?? null,
    apiUrl: textSetting(s.apiUrl),
    apiLogin: textSetting(s.apiLogin),
    siteId: textSetting(s.siteId),
    autoApplyPrices: s.autoApplyPrices === true,
  };
}

export class HttpYieldConnector implements YieldConnector {
  readonly name = 'HTTP (JSON)';
  constructor(
    private readonly url: string,
    private readonly login: string | null,
    private readonly timeoutMs = 10_000,
  ) {}

  async push(batch: YieldPush): Promise<PushResult> {
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(this.login ? { 'X-Api-Login': this.login } : {}),
        },
        body: JSON.stringify(batch),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await res.arrayBuffer(); // release the connection
      if (!res.ok) return { status: 'failed', message: `Le système de revenue management a répondu ${res.status}` };
      const n = batch.changes.length;
      return { status: 'sent', message: `${n} changement${n > 1 ? 's' : ''} envoyé${n > 1 ? 's' : ''}` };
    } catch {
      return { status: 'failed', message: 'Le système de revenue management est injoignable' };
    }
  }
}

export function connectorFor(settings: YieldSettings): YieldConnector | null {
  return settings.apiUrl ? new HttpYieldConnector(settings.apiUrl, settings.apiLogin) : null;
}

export function pushOf(
  changes: (YieldChange & { historyVersion: number })[],
  meta: Omit<YieldPush, 'changes'>,
): YieldPush {
  return {
    ...meta,
    changes: changes.map((c) => ({
      priceGridId: c.priceGridId,
      gridLabel: c.gridLabel,
      placeTypeId: c.placeTypeId,
      priceGridPeriodId: c.priceGridPeriodId,
      periodLabel: c.periodLabel,
      startDate: c.startDate,
      endDate: c.endDate,
      field: c.field,
      before: c.before,
      after: c.after,
      historyVersion: c.historyVersion,
      rule: c.ruleLabel,
    })),
  };
}
