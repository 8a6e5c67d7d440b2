// The stored price of a stay, server-authoritative (README "Prices"): every occupancy is
// priced by the pricing engine from what is stored — its place, dates, occupants,
// animals, vehicles, extras, manual prices, and its booking's channel, partner, promo
// code, discounts and insurance — and the booking's totals are summed from its
// occupancies. Whatever changes one of these calls `pricedInputsChanged` inside its
// transaction; clients never send a price.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isModifiable } from './status';
import { bookingTotals, type StoredPrice } from './price-model';
import {
  type Db,
  type Trx,
  type PricedOccupancy,
  bookingPricing,
  pinsOf,
  loadStayInputs,
  computePrice,
} from './price-inputs';
import type { OccupancyRecord } from '../../../common/generated/types/index';

/** The booking fields its occupancies' prices depend on. */
type PricedBooking = Parameters<typeof bookingPricing>[0];
export { bookingPricing, pinsOf, loadStayInputs, computePrice } from './price-inputs';
export { type PreviewChanges, previewOccupancyPrice, bookingTotalWith, parsePreview } from './price-preview';

async function storePrice(
  trx: Trx,
  occ: PricedOccupancy,
  booking: PricedBooking,
  withBookingFees: boolean,
  atCurrentPrices: boolean,
): Promise<StoredPrice> {
  const pins = atCurrentPrices ? null : pinsOf(occ);
  const price = await computePrice(trx, await loadStayInputs(trx, occ), bookingPricing(booking), pins, withBookingFees);
  const q = price.quote;
  await trx('occupancy')
    .where('id', occ.id)
    .update({
      amount: q ? q.total : null,
      isManualPrice: !!q && q.lines.some((l) => l.isManualPrice),
      quoteDate: price.quoteDate,
      // An unpriced stay keeps its former pins, for when it can be priced again.
      priceGridId: q ? q.priceGridId : (occ.priceGridId ?? null),
      priceGridVersion: q ? q.historyVersion : (occ.priceGridVersion ?? null),
      pricedQuote: JSON.stringify(price),
    });
  return price;
}

/** Sums the booking's active occupancies into its read-only price columns (none: no totals). */
export async function refreshBookingPrice(db: Db, bookingId: number): Promise<void> {
  const rows = await db('occupancy').where({ bookingId, isCancelled: false }).orderBy('id').select('pricedQuote');
  await db('booking')
    .where('id', bookingId)
    .update(bookingTotals(rows.map((r: { pricedQuote: unknown }) => r.pricedQuote as StoredPrice | null)));
}

export interface RepriceOptions {
  /**
   * only these occupancies changed (default: all); others are priced again only when unpriced or their fees share moved
   */
  occupancyIds?: number[];
  /** forget the pins: today's quote date and the current grid version */
  atCurrentPrices?: boolean;
  /** asked for by a user (« Recalculer le prix »): a stay sold by a channel is priced from the grid again */
  explicit?: boolean;
}

/** Warnings of a price as sold (channel-price.ts): by a channel, or a sublet at its resident's price. */
const SOLD_AS = new Set(['CHANNEL_PRICE_KEPT', 'SUBLET_PRICE_KEPT']);

/** The stored price of an occupancy sold by a channel or a sublet (channel-price.ts): never repriced by itself. */
const soldByChannel = (p: StoredPrice | null) => !!p?.quote?.warnings?.some((w) => SOLD_AS.has(w.code));

/**
 * Prices a booking's active occupancies again and refreshes its totals, inside the
 * caller's transaction. A released or closed stay keeps its price.
 */
export async function repriceBooking(trx: Trx, bookingId: number, opts: RepriceOptions = {}): Promise<void> {
  // Locked: two writers of one booking's occupancies sum its totals one after the other.
  const booking = await trx('booking').where('id', bookingId).forUpdate().first();
  if (!booking || !isModifiable(booking.statusId)) return;
  // A stay sold by a channel keeps the channel's price and lines until a user asks (issue 24 §10, docs/statements.md).
  if (booking.channelPriced && opts.explicit)
    await trx('booking').where('id', bookingId).update({ channelPriced: false });
  await priceOccupancies(trx, booking, { ...opts, keepChannelPrice: !!booking.channelPriced && !opts.explicit });
}

/**
 * Prices a booking whatever its status, at its occupancies' quote dates: for stays that
 * arrive already made (the demo campsite's, an import), priced as they were when booked.
 */
export async function priceBookingAsMade(trx: Trx, bookingId: number): Promise<void> {
  const booking = await trx('booking').where('id', bookingId).forUpdate().first();
  if (booking) await priceOccupancies(trx, booking, {});
}

async function priceOccupancies(
  trx: Trx,
  booking: PricedBooking & { id: number },
  opts: RepriceOptions & { keepChannelPrice?: boolean },
): Promise<void> {
  const bookingId = booking.id;
  const occs: OccupancyRecord[] = await trx('occupancy').where({ bookingId, isCancelled: false }).orderBy('id');
  let earlierPriced = false; // see carriesFees
  for (const occ of occs) {
    const withFees = !earlierPriced;
    let price = occ.pricedQuote as StoredPrice | null;
    if (opts.keepChannelPrice && soldByChannel(price)) {
      earlierPriced = true;
      continue;
    }
    const changed = !opts.occupancyIds || opts.occupancyIds.includes(occ.id);
    if (changed || !price || price.withBookingFees !== withFees)
      price = await storePrice(trx, occ, booking, withFees, !!opts.atCurrentPrices);
    if (price.quote) earlierPriced = true;
  }
  await refreshBookingPrice(trx, bookingId);
}

// ---------------------------------------------------------------------------
// Batches: a composite write (the wizard's draft, a booking with its occupancies)
// changes many rows; their hooks mark what changed and the batch prices once at the end.

const batch = new AsyncLocalStorage<Map<number, Set<number> | 'all'>>();

/** Runs `fn`; the price changes it signals are applied once, when it has finished (same transaction). */
export async function pricingBatch<T>(trx: Trx, fn: () => Promise<T>): Promise<T> {
  if (batch.getStore()) return fn();
  const dirty = new Map<number, Set<number> | 'all'>();
  const result = await batch.run(dirty, fn);
  for (const [bookingId, occs] of dirty)
    await repriceBooking(trx, bookingId, occs === 'all' ? {} : { occupancyIds: [...occs] });
  return result;
}

/**
 * A priced input of a booking changed: of the occupancies `occupancyIds`, or of the
 * booking itself ('all'); [] when only the set of occupancies changed (one cancelled
 * or deleted: the fees may move, the totals change). Prices again now, or at the end
 * of the batch running.
 */
export async function pricedInputsChanged(trx: Trx, bookingId: number, occupancyIds: number[] | 'all'): Promise<void> {
  const dirty = batch.getStore();
  if (!dirty) {
    await repriceBooking(trx, bookingId, occupancyIds === 'all' ? {} : { occupancyIds });
    return;
  }
  const seen = dirty.get(bookingId);
  if (seen === 'all') return;
  dirty.set(bookingId, occupancyIds === 'all' ? 'all' : new Set([...(seen ?? []), ...occupancyIds]));
}
