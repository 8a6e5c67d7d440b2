// Extras during a stay (issue 29 §2, docs/history.md#issue-29): which extras the pricing engine prices for a place
// and dates — an extra is priced when the grid that prices the stay has an option for it,
// the same rule as the engine's « option not mapped » warning (pricing/options.ts) — and
// the extras of one occupancy replaced in one transaction, on the generic write path (its
// rules, the billed-stay freeze, the history), the stay priced again once at the end.
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { entityMeta } from '../../rest/entities';
import { deleteRecord, lockRecord, saveRecord } from '../../rest/write';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { loadPricingContext } from '../pricing/load-context';
import { PricingError } from '../pricing/errors';
import { pricingBatch } from './pricing';

type Db = Knex | Knex.Transaction;

export interface ExtraOffer {
  id: number;
  label: string;
  priced: boolean;
  /** why it has no price (null when priced) */
  reason: string | null;
}

export interface ExtrasQuery {
  placeId?: number;
  placeTypeId?: number;
  startDate: string;
  endDate: string;
}

/** Every active extra, each saying whether the grid of this place (or place type) and dates prices it. */
export async function extraOffers(db: Db, q: ExtrasQuery): Promise<{ gridLabel: string | null; extras: ExtraOffer[] }> {
  const extras: { id: number; label: string }[] = await db('extra')
    .where('isActive', true)
    .orderBy([{ column: 'order' }, { column: 'label' }])
    .select('id', 'label');
  let mapped: Set<number>;
  let gridLabel: string | null = null;
  try {
    const { context } = await loadPricingContext(db, {
      placeId: q.placeId ?? null,
      placeTypeId: q.placeTypeId ?? null,
      startDate: q.startDate,
      endDate: q.endDate,
      quoteDate: todayParis(),
      extras: extras.map((e) => ({ extraId: e.id, quantity: 1 })),
    });
    const grid = context.priceGrids[0];
    gridLabel = grid?.label ?? null;
    mapped = new Set((grid?.options ?? []).map((o) => o.extraId).filter((x): x is number => x != null));
  } catch (e) {
    if (!(e instanceof PricingError)) throw e;
    const reason = e.message;
    return { gridLabel, extras: extras.map((x) => ({ ...x, priced: false, reason })) };
  }
  const reason = `Pas de prix dans la grille « ${gridLabel ?? ''} » : ajoutez-y une option pour cet extra`;
  return {
    gridLabel,
    extras: extras.map((x) => ({ ...x, priced: mapped.has(x.id), reason: mapped.has(x.id) ? null : reason })),
  };
}

export interface ExtraRowInput {
  id?: number | null;
  extraId: number;
  quantity: number;
  startDate?: string | null;
  endDate?: string | null;
}

/**
 * The occupancy's extras become `rows` (kept by id, the others created, the missing deleted) in one transaction; the
 * occupancy's version is checked first (409 when someone changed it). Answers its booking's id.
 */
export async function saveOccupancyExtras(
  knex: Knex,
  occupancyId: number,
  rows: ExtraRowInput[],
  userId: number | null,
  expected?: number,
): Promise<number> {
  const meta = entityMeta('occupancy-extra');
  return knex.transaction(async (trx) => {
    const occ = await lockRecord(trx, entityMeta('occupancy'), occupancyId, expected);
    if (occ.isCancelled) throw badRequest('VALIDATION_FAILED', { extras: formatMessage('NOT_AUTHORISED') });
    await pricingBatch(trx, async () => {
      const existing: { id: number }[] = await trx('occupancy_extra').where({ occupancyId }).select('id');
      const kept = new Set(rows.map((r) => r.id).filter((id): id is number => id != null));
      for (const e of existing) if (!kept.has(e.id)) await deleteRecord(trx, meta, e.id, userId);
      for (const r of rows) {
        if (r.id != null && !existing.some((e) => e.id === r.id))
          throw badRequest('VALIDATION_FAILED', { extras: formatMessage('NOT_FOUND') });
        const { id, ...fields } = r;
        await saveRecord(trx, meta, { ...fields, occupancyId }, userId, id ?? 0);
      }
    });
    return occ.bookingId as number;
  });
}
