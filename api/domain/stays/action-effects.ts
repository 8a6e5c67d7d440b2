// The effects of a decision of the state machine on a booking's occupancies: ended,
// restored, their planned prices kept after an early departure.
import { entityMeta } from '../../rest/entities';
import { recordHistory } from '../../rest/history';
import { readableColumns } from '../../rest/query';
import type { Decision } from './state-machine';
import { assertPlaceFree, refreshBooking } from './store';
import { assertOccupanciesFree } from './hooks';
import { refreshBookingPrice, repriceBooking } from './pricing';
import { keepPlannedPrice } from './early-departure';
import type { StoredPrice } from './price-model';
import type { StayQuote } from '../pricing/quote-for-stay';
import { type Trx, bookingMeta } from './action-support';
import type { BookingRecord, OccupancyRecord } from '../../../common/generated/types/index';

const EARLY_DEPARTURE_LINE = 'Départ anticipé';

/**
 * Early departure: nights from that day on are freed; with the preference « seules les
 * nuits passées sont dues » the shortened occupancies are priced again. Each occupancy
 * changed gets a history line holding its values before, which the undo puts back.
 */
async function endOccupancies(
  trx: Trx,
  bookingId: number,
  date: string,
  reprice: boolean,
  userId: number | null,
): Promise<void> {
  const meta = entityMeta('occupancy');
  const touched: OccupancyRecord[] = await trx('occupancy')
    .select(readableColumns(meta))
    .where({ bookingId, isCancelled: false })
    .where('endDate', '>', date)
    .orderBy('id');
  if (!touched.length) return;
  const ids = touched.map((o) => o.id);
  await trx('occupancy').whereIn('id', ids).where('startDate', '>=', date).update({
    isCancelled: true,
    cancelReason: EARLY_DEPARTURE_LINE,
    cancelledAt: trx.fn.now(),
    updatedAt: trx.fn.now(),
  });
  await trx('occupancy')
    .whereIn('id', ids)
    .where({ isCancelled: false })
    .update({ endDate: date, updatedAt: trx.fn.now() });
  // Priced again for the nights spent either way; with « les nuits prévues restent dues »
  // what the planned stay cost beyond them stays due as line 21 (early-departure.ts).
  await repriceBooking(trx, bookingId, { occupancyIds: ids });
  if (!reprice) await keepPlannedPrices(trx, bookingId, touched, date);
  const after = new Map(
    (await trx('occupancy').select(readableColumns(meta)).whereIn('id', ids)).map(
      (o: OccupancyRecord): [number, OccupancyRecord] => [o.id, o],
    ),
  );
  for (const o of touched)
    await recordHistory(trx, {
      userId,
      entity: meta,
      recordId: o.id,
      action: 'action',
      before: o,
      after: after.get(o.id),
      detail: EARLY_DEPARTURE_LINE,
    });
}

/**
 * Folds the planned price of the occupancies cut short (and of those the departure
 * cancelled whole, into the first one kept) over their price for the nights spent.
 */
/** An occupancy kept by an early departure, with the planned prices folded into it. */
interface KeptOccupancy {
  id: number;
  pricedQuote: unknown;
  planned?: StayQuote[];
}

async function keepPlannedPrices(trx: Trx, bookingId: number, touched: OccupancyRecord[], date: string): Promise<void> {
  const kept: KeptOccupancy[] = await trx('occupancy')
    .whereIn(
      'id',
      touched.map((o) => o.id),
    )
    .where('isCancelled', false)
    .orderBy('id')
    .select('id', 'pricedQuote');
  const planned = (o: { pricedQuote: unknown }) => (o.pricedQuote as StoredPrice | null)?.quote ?? null;
  const whole = touched.filter((o) => !kept.some((k) => k.id === o.id)).map(planned);
  kept.forEach((k, i) => {
    const before = touched.find((o) => o.id === k.id)!;
    k.planned = [planned(before), ...(i === 0 ? whole : [])].filter((q): q is StayQuote => Boolean(q));
  });
  for (const k of kept) {
    const stored = k.pricedQuote as StoredPrice | null;
    if (!stored?.quote || !k.planned?.length) continue;
    const quote = keepPlannedPrice(k.planned, stored.quote, date);
    await trx('occupancy')
      .where('id', k.id)
      .update({ amount: quote.total, pricedQuote: JSON.stringify({ ...stored, quote }) });
  }
  await refreshBookingPrice(trx, bookingId);
}

/**
 * Undo of an early departure (the same day): each occupancy gets back its departure,
 * its active state and its price from the history line of the early departure — if
 * its place is still free on the nights given back (another stay may have taken them).
 */
/** The fields an early departure changed, which its undo puts back. */
const RESTORED = ['endDate', 'isCancelled', 'cancelReason', 'cancelledAt', 'pricedQuote'];

async function restoreOccupancies(trx: Trx, bookingId: number, userId: number | null): Promise<void> {
  const meta = entityMeta('occupancy');
  const occs: OccupancyRecord[] = await trx('occupancy')
    .select(readableColumns(meta))
    .where({ bookingId })
    .orderBy('id');
  for (const o of occs) {
    const line = await trx('post_history')
      .where({ entity: 'occupancy', recordId: o.id, detail: EARLY_DEPARTURE_LINE })
      .orderBy('id', 'desc')
      .first('changes');
    const changes: Record<string, [unknown, unknown]> | null =
      typeof line?.changes === 'string' ? JSON.parse(line.changes) : (line?.changes ?? null);
    if (!changes) continue;
    const patch: Record<string, unknown> = {};
    for (const f of RESTORED) if (changes[f]) patch[f] = changes[f][0];
    if (!Object.keys(patch).length) continue;
    // The patch puts back values of the same fields, read from the history line.
    const restored = { ...o, ...patch } as OccupancyRecord;
    if (o.placeId && !restored.isCancelled)
      await assertPlaceFree(trx, o.placeId, restored.startDate, restored.endDate, { occupancyId: o.id });
    if (patch.pricedQuote !== undefined)
      patch.pricedQuote = patch.pricedQuote == null ? null : JSON.stringify(patch.pricedQuote);
    await trx('occupancy')
      .where('id', o.id)
      .update({ ...patch, updatedAt: trx.fn.now() });
    await recordHistory(trx, {
      userId,
      entity: meta,
      recordId: o.id,
      action: 'action',
      before: o,
      after: restored,
      detail: 'Départ anticipé annulé',
    });
  }
  await refreshBookingPrice(trx, bookingId);
}

export async function applyDecision(
  trx: Trx,
  before: BookingRecord,
  d: Decision,
  userId: number | null,
): Promise<BookingRecord> {
  for (const effect of d.effects) {
    if (effect.type === 'delete-occupancies') {
      await trx('occupancy').where('bookingId', before.id).delete();
      await refreshBookingPrice(trx, before.id);
    } else if (effect.type === 'end-occupancies') {
      await endOccupancies(trx, before.id, effect.date, effect.reprice, userId);
    } else if (effect.type === 'restore-occupancies') {
      await restoreOccupancies(trx, before.id, userId);
    }
  }
  if (d.activates) await assertOccupanciesFree(trx, before.id);
  await trx('booking')
    .where('id', before.id)
    .update({ ...d.patch, updatedAt: trx.fn.now() });
  await refreshBooking(trx, before.id);
  const after: BookingRecord = await trx('booking')
    .select(readableColumns(bookingMeta()))
    .where('id', before.id)
    .first();
  await recordHistory(trx, {
    userId,
    entity: bookingMeta(),
    recordId: before.id,
    action: 'action',
    before,
    after,
    detail: d.detail,
  });
  return after;
}
