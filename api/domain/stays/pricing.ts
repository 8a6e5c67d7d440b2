// The stored price of a stay, server-authoritative (README "Prices"): every occupancy is
// priced by the pricing engine from what is stored — its place, dates, occupants,
// animals, vehicles, extras, manual prices, and its booking's channel, partner, promo
// code, discounts and insurance — and the booking's totals are summed from its
// occupancies. Whatever changes one of these calls `pricedInputsChanged` inside its
// transaction; clients never send a price.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import { independent } from '../../db/queries';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { todayParis } from '../../../common/dates';
import { quoteForStay } from '../pricing/quote-for-stay';
import type { PriceOverride } from '../pricing/types';
import { isModifiable } from './status';
import {
  bookingTotals,
  stayQuoteRequest,
  type BookingPricing,
  type Pins,
  type StayInputs,
  type StoredPrice,
} from './price-model';

type Db = Knex | Knex.Transaction;
type Trx = Knex.Transaction;
type Row = Record<string, any>;

export function bookingPricing(b: Row): BookingPricing {
  return {
    partnerId: b.partnerId ?? null,
    accessChannelId: b.accessChannelId ?? null,
    promoCode: b.promoCode ?? null,
    discountIds: Array.isArray(b.discountIds) ? b.discountIds : [],
    withCancellationInsurance: !!b.withCancellationInsurance,
  };
}

/** The pins of a stored occupancy (none before its first pricing). */
export function pinsOf(occ: Row): Pins {
  const stored = occ.pricedQuote as StoredPrice | null;
  return {
    quoteDate: occ.quoteDate ?? null,
    priceGridId: occ.priceGridId ?? null,
    priceGridVersion: occ.priceGridVersion ?? null,
    gridPlaceTypeId: stored?.gridPlaceTypeId ?? null,
    gridPartnerId: stored?.gridPartnerId ?? null,
  };
}

/** An occupancy's price inputs as stored. */
export async function loadStayInputs(db: Db, occ: Row): Promise<StayInputs> {
  const [details, animals, vehicles, extras] = await independent(db as Knex, [
    () =>
      db('occupancy_detail')
        .where('occupancyId', occ.id)
        .orderBy('id')
        .select('ageCategoryId', 'quantity', 'exemptQuantity'),
    () => db('occupancy_animal').where('occupancyId', occ.id).orderBy('id').select('animalTypeId', 'quantity'),
    () => db('occupancy_vehicle').where('occupancyId', occ.id).orderBy('id').select('vehicleTypeId'),
    () =>
      db('occupancy_extra')
        .where('occupancyId', occ.id)
        .orderBy('id')
        .select('extraId', 'quantity', 'startDate', 'endDate'),
  ]);
  return {
    placeId: occ.placeId ?? null,
    placeTypeId: occ.placeTypeId ?? null,
    startDate: occ.startDate,
    endDate: occ.endDate,
    details,
    animals,
    vehicles,
    extras,
    priceOverrides: (occ.priceOverrides ?? []) as PriceOverride[],
  };
}

/** Prices inputs; what the engine refuses becomes an unpriced snapshot with its French message. */
export async function computePrice(
  db: Db,
  inputs: StayInputs,
  booking: BookingPricing,
  pins: Pins | null,
  withBookingFees: boolean,
): Promise<StoredPrice> {
  const request = stayQuoteRequest(inputs, booking, pins, todayParis());
  const unpinned = () => stayQuoteRequest(inputs, booking, pins && { ...pins, priceGridId: null }, todayParis());
  const base = { quoteDate: request.quoteDate!, withBookingFees };
  const attempt = async (req: typeof request): Promise<StoredPrice> => {
    const quote = await quoteForStay(db, req, { bookingFees: withBookingFees });
    return { ...base, gridPlaceTypeId: quote.placeTypeId, gridPartnerId: booking.partnerId, quote, error: null };
  };
  try {
    try {
      return await attempt(request);
    } catch (e) {
      // A pinned grid that is gone (deleted, history purged): choose the grid again.
      if (e instanceof HttpError && e.code === 'PRICE_GRID_NOT_FOUND' && request.priceGridId != null)
        return await attempt(unpinned());
      throw e;
    }
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    return {
      ...base,
      gridPlaceTypeId: pins?.gridPlaceTypeId ?? null,
      gridPartnerId: pins?.gridPartnerId ?? null,
      quote: null,
      error: { code: e.code, message: e.message },
    };
  }
}

/**
 * Whether an occupancy carries its booking's fees: they go on the first active occupancy
 * (by id) that can be priced, so they are charged once, and still charged when the first
 * one cannot be priced.
 */
async function carriesFees(db: Db, occ: Row): Promise<boolean> {
  if (occ.isCancelled) return false;
  const earlier: Row[] = await db('occupancy')
    .where({ bookingId: occ.bookingId, isCancelled: false })
    .where('id', '<', occ.id)
    .select('pricedQuote');
  return !earlier.some((o) => (o.pricedQuote as StoredPrice | null)?.quote);
}

async function storePrice(
  trx: Trx,
  occ: Row,
  booking: Row,
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
    .update(bookingTotals(rows.map((r: Row) => r.pricedQuote as StoredPrice | null)));
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
  // A stay sold by a channel keeps the channel's price and lines until a user asks (issue 24 §10).
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
  booking: Row,
  opts: RepriceOptions & { keepChannelPrice?: boolean },
): Promise<void> {
  const bookingId = booking.id as number;
  const occs: Row[] = await trx('occupancy').where({ bookingId, isCancelled: false }).orderBy('id');
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

// ---------------------------------------------------------------------------
// Previews: the price an occupancy would have with some changes, nothing written.

export interface PreviewChanges {
  occupancy?: Partial<Omit<StayInputs, 'placeTypeId'>>;
  booking?: Partial<BookingPricing>;
}

/** The price of an occupancy with `changes` applied, computed exactly as saving them would. */
export async function previewOccupancyPrice(
  db: Db,
  occupancyId: number,
  changes: PreviewChanges = {},
): Promise<StoredPrice> {
  const occ = await db('occupancy').where('id', occupancyId).first();
  if (!occ) throw notFound();
  const booking = await db('booking').where('id', occ.bookingId).first();
  const stored = await loadStayInputs(db, occ);
  const c = changes.occupancy ?? {};
  const inputs: StayInputs = { ...stored };
  for (const k of [
    'placeId',
    'startDate',
    'endDate',
    'details',
    'animals',
    'vehicles',
    'extras',
    'priceOverrides',
  ] as const) {
    if (c[k] !== undefined) (inputs as any)[k] = c[k];
  }
  if (c.placeId !== undefined && c.placeId !== stored.placeId && c.placeId != null) {
    inputs.placeTypeId = (await db('place').where('id', c.placeId).first('placeTypeId'))?.placeTypeId ?? null;
  }
  const pricing = { ...bookingPricing(booking), ...definedOnly(changes.booking ?? {}) };
  return computePrice(db, inputs, pricing, pinsOf(occ), await carriesFees(db, occ));
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * What the booking's total becomes when one of its occupancies takes `price`: the other
 * active occupancies at their stored price (priced now when they have none yet).
 */
export async function bookingTotalWith(
  db: Db,
  bookingId: number,
  occupancyId: number,
  price: StoredPrice,
): Promise<number | null> {
  const others: Row[] = await db('occupancy')
    .where({ bookingId, isCancelled: false })
    .whereNot('id', occupancyId)
    .orderBy('id');
  const prices: (StoredPrice | null)[] = [price];
  for (const o of others) prices.push((o.pricedQuote as StoredPrice | null) ?? (await previewOccupancyPrice(db, o.id)));
  return bookingTotals(prices).totalAmount;
}

const isObj = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);

/** The body of POST /rest/occupancy/{id}/quote: `{ occupancy?: {...}, booking?: {...} }`, shapes checked. */
export function parsePreview(body: unknown): PreviewChanges {
  const bad = (field: string) => badRequest('VALIDATION_FAILED', { [field]: formatMessage('INCORRECT_FORM') });
  if (body == null) return {};
  if (!isObj(body)) throw badRequest('INCORRECT_FORM');
  const out: PreviewChanges = {};
  if (body.occupancy != null) {
    const o = body.occupancy;
    if (!isObj(o)) throw bad('occupancy');
    const c: Row = {};
    if (o.placeId !== undefined) {
      if (o.placeId !== null && !(Number.isInteger(o.placeId) && o.placeId > 0)) throw bad('occupancy.placeId');
      c.placeId = o.placeId;
    }
    for (const f of ['startDate', 'endDate'] as const) {
      if (o[f] === undefined) continue;
      if (typeof o[f] !== 'string' || !isValidDate(o[f])) throw bad(`occupancy.${f}`);
      c[f] = o[f];
    }
    for (const f of ['details', 'animals', 'vehicles', 'extras', 'priceOverrides'] as const) {
      if (o[f] === undefined) continue;
      if (!Array.isArray(o[f]) || o[f].length > 200 || !o[f].every(isObj)) throw bad(`occupancy.${f}`);
      c[f] = o[f];
    }
    out.occupancy = c;
  }
  if (body.booking != null) {
    const b = body.booking;
    if (!isObj(b)) throw bad('booking');
    const c: Row = {};
    for (const f of ['partnerId', 'accessChannelId'] as const) {
      if (b[f] === undefined) continue;
      if (b[f] !== null && !(Number.isInteger(b[f]) && b[f] > 0)) throw bad(`booking.${f}`);
      c[f] = b[f];
    }
    if (b.promoCode !== undefined) {
      if (b.promoCode !== null && typeof b.promoCode !== 'string') throw bad('booking.promoCode');
      c.promoCode = b.promoCode;
    }
    if (b.discountIds !== undefined) {
      if (
        !Array.isArray(b.discountIds) ||
        b.discountIds.length > 20 ||
        !b.discountIds.every((x: unknown) => Number.isInteger(x) && (x as number) > 0)
      )
        throw bad('booking.discountIds');
      c.discountIds = b.discountIds;
    }
    if (b.withCancellationInsurance !== undefined) {
      if (typeof b.withCancellationInsurance !== 'boolean') throw bad('booking.withCancellationInsurance');
      c.withCancellationInsurance = b.withCancellationInsurance;
    }
    out.booking = c;
  }
  return out;
}
