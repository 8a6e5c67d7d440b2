// The price an occupancy would have with changes not yet saved (the stay screen's preview),
// and the parsing of those changes.
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { bookingTotals, type BookingPricing, type StayInputs, type StoredPrice } from './price-model';
import { type Db, loadStayInputs, bookingPricing, computePrice, pinsOf, carriesFees } from './price-inputs';
import type { OccupancyRecord } from '../../../common/generated/types/index';

type Row = Record<string, unknown>;

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
    if (c[k] !== undefined) Object.assign(inputs, { [k]: c[k] });
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
  const others: Pick<OccupancyRecord, 'id' | 'pricedQuote'>[] = await db('occupancy')
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
      if (o.placeId !== null && !(Number.isInteger(o.placeId) && (o.placeId as number) > 0))
        throw bad('occupancy.placeId');
      c.placeId = o.placeId;
    }
    for (const f of ['startDate', 'endDate'] as const) {
      const v = o[f];
      if (v === undefined) continue;
      if (typeof v !== 'string' || !isValidDate(v)) throw bad(`occupancy.${f}`);
      c[f] = v;
    }
    for (const f of ['details', 'animals', 'vehicles', 'extras', 'priceOverrides'] as const) {
      const v = o[f];
      if (v === undefined) continue;
      if (!Array.isArray(v) || v.length > 200 || !v.every(isObj)) throw bad(`occupancy.${f}`);
      c[f] = v;
    }
    // Each field's shape checked above.
    out.occupancy = c as PreviewChanges['occupancy'];
  }
  if (body.booking != null) {
    const b = body.booking;
    if (!isObj(b)) throw bad('booking');
    const c: Row = {};
    for (const f of ['partnerId', 'accessChannelId'] as const) {
      const v = b[f];
      if (v === undefined) continue;
      if (v !== null && !(Number.isInteger(v) && (v as number) > 0)) throw bad(`booking.${f}`);
      c[f] = v;
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
    out.booking = c as PreviewChanges['booking'];
  }
  return out;
}
