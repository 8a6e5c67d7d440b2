// What applying the yield rules would change on the grids today: every price cell (one
// price field of one period of an active grid, with nights from today on) whose decided
// price differs from its current one. The preview shows this list; the application
// recomputes it under its lock and writes it.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { decide, PRICE_FIELDS, type PriceField, type YieldRule } from './engine';
import { loadOccupancy } from './occupancy';

type Db = Knex | Knex.Transaction;

export const FIELD_LABELS: Record<PriceField, string> = {
  pricePerNight: 'Prix par nuit',
  firstNightPrice: 'Prix de la première nuit',
  extraNightPrice: 'Prix de la nuit supplémentaire',
  pricePerWeek: 'Prix par semaine',
};

export interface YieldChange {
  priceGridId: number;
  gridLabel: string;
  placeTypeId: number;
  placeTypeLabel: string;
  priceGridPeriodId: number;
  periodLabel: string;
  startDate: string;
  endDate: string;
  field: PriceField;
  fieldLabel: string;
  /** the grid's own price, before any yield */
  base: number;
  before: number;
  after: number;
  ruleId: number | null;
  ruleLabel: string;
  reason: string;
}

interface PeriodRow {
  id: number;
  priceGridId: number;
  gridLabel: string;
  placeTypeId: number;
  placeTypeLabel: string | null;
  label: string;
  startDate: string;
  endDate: string;
  [field: string]: unknown;
}

const FIELDS = Object.keys(PRICE_FIELDS) as PriceField[];
const NO_RULE = 'Aucune règle';
const BACK_TO_BASE = 'Retour au prix de base : aucune règle ne s’applique';

export async function activeRules(db: Db): Promise<YieldRule[]> {
  return db('yield_rule')
    .where('isActive', true)
    .select(
      'id',
      'label',
      'placeTypeId',
      db.raw(`to_char(start_date, 'YYYY-MM-DD') AS "startDate"`),
      db.raw(`to_char(end_date, 'YYYY-MM-DD') AS "endDate"`),
      'condition',
      'operator',
      'threshold',
      'adjustmentUnit',
      'adjustment',
      'floorPrice',
      'ceilingPrice',
      'priority',
    );
}

/** The periods of active grids that still have nights from `today` on. */
async function openPeriods(db: Db, today: string): Promise<PeriodRow[]> {
  return db('price_grid_period as p')
    .join('price_grid as g', 'g.id', 'p.priceGridId')
    .leftJoin('place_type as t', 't.id', 'g.placeTypeId')
    .where('g.isActive', true)
    .where('p.endDate', '>', today)
    .orderBy([{ column: 'g.label' }, { column: 'p.startDate' }, { column: 'p.id' }])
    .select(
      'p.id',
      'p.priceGridId',
      'g.label as gridLabel',
      'g.placeTypeId',
      't.label as placeTypeLabel',
      'p.label',
      db.raw(`to_char(p.start_date, 'YYYY-MM-DD') AS "startDate"`),
      db.raw(`to_char(p.end_date, 'YYYY-MM-DD') AS "endDate"`),
      ...FIELDS.map((f) => `p.${f}`),
    );
}

/** Each cell's last yield change: its base holds while the cell still has the price yield gave it. */
async function lastChanges(db: Db, periodIds: number[]): Promise<Map<string, { base: number; after: number }>> {
  const rows: { priceGridPeriodId: number; priceField: string; basePrice: number; afterPrice: number }[] =
    periodIds.length
      ? await db('yield_journal')
          .distinctOn(['priceGridPeriodId', 'priceField'])
          .whereIn('priceGridPeriodId', periodIds)
          .orderBy([{ column: 'priceGridPeriodId' }, { column: 'priceField' }, { column: 'id', order: 'desc' }])
          .select('priceGridPeriodId', 'priceField', 'basePrice', 'afterPrice')
      : [];
  return new Map(
    rows.map((r) => [`${r.priceGridPeriodId}|${r.priceField}`, { base: r.basePrice, after: r.afterPrice }]),
  );
}

export async function computeChanges(db: Db, today: string): Promise<YieldChange[]> {
  const [rules, periods] = await Promise.all([activeRules(db), openPeriods(db, today)]);
  const last = await lastChanges(
    db,
    periods.map((p) => p.id),
  );
  const typeIds = [...new Set(rules.map((r) => r.placeTypeId))];
  const horizon = rules.reduce((m, r) => (r.endDate > m ? r.endDate : m), today);
  const occupancy = await loadOccupancy(db, typeIds, today, horizon);
  const changes: YieldChange[] = [];
  for (const p of periods) {
    for (const field of FIELDS) {
      const current = p[field];
      if (typeof current !== 'number') continue;
      const prior = last.get(`${p.id}|${field}`);
      // A price changed by hand since yield last set it is the new base.
      const base = prior && prior.after === current ? prior.base : current;
      const cell = { placeTypeId: p.placeTypeId, startDate: p.startDate, endDate: p.endDate, field, base };
      const d = decide(cell, rules, today, occupancy);
      if (d.price === current) continue;
      changes.push({
        priceGridId: p.priceGridId,
        gridLabel: p.gridLabel,
        placeTypeId: p.placeTypeId,
        placeTypeLabel: p.placeTypeLabel ?? '',
        priceGridPeriodId: p.id,
        periodLabel: p.label,
        startDate: p.startDate,
        endDate: p.endDate,
        field,
        fieldLabel: FIELD_LABELS[field],
        base,
        before: current,
        after: d.price,
        ruleId: d.rule?.id ?? null,
        ruleLabel: d.rule?.label ?? NO_RULE,
        reason: d.reason ?? BACK_TO_BASE,
      });
    }
  }
  return changes;
}

/** A digest of the changes: the application refuses to write other changes than those previewed. */
export function changesToken(changes: YieldChange[]): string {
  const key = changes.map((c) => [c.priceGridPeriodId, c.field, c.before, c.after]);
  return createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 32);
}
