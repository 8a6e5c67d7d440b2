// What a stay is priced from (its booking's pricing settings, pinned prices, occupancies)
// and the engine's call on them (./pricing.ts stores the result).
import type { Knex } from 'knex';
import { independent } from '../../db/queries';
import { HttpError } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { quoteForStay } from '../pricing/quote-for-stay';
import type { PriceOverride } from '../pricing/types';
import type { BookingRecord, OccupancyRecord } from '../../../common/generated/types/index';
import { stayQuoteRequest, type BookingPricing, type Pins, type StayInputs, type StoredPrice } from './price-model';

export type Db = Knex | Knex.Transaction;

export type Trx = Knex.Transaction;

/** An occupancy as stored, or as a preview would change it: the fields its price depends on. */
export type PricedOccupancy = Pick<OccupancyRecord, 'id' | 'startDate' | 'endDate'> &
  Partial<
    Pick<
      OccupancyRecord,
      | 'bookingId'
      | 'placeId'
      | 'placeTypeId'
      | 'isCancelled'
      | 'pricedQuote'
      | 'quoteDate'
      | 'priceGridId'
      | 'priceGridVersion'
      | 'priceOverrides'
    >
  >;

export function bookingPricing(
  b: Partial<
    Pick<BookingRecord, 'partnerId' | 'accessChannelId' | 'promoCode' | 'discountIds' | 'withCancellationInsurance'>
  >,
): BookingPricing {
  return {
    partnerId: b.partnerId ?? null,
    accessChannelId: b.accessChannelId ?? null,
    promoCode: b.promoCode ?? null,
    discountIds: Array.isArray(b.discountIds) ? b.discountIds : [],
    withCancellationInsurance: !!b.withCancellationInsurance,
  };
}

/** The pins of a stored occupancy (none before its first pricing). */
export function pinsOf(occ: Omit<PricedOccupancy, 'id' | 'startDate' | 'endDate'>): Pins {
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
export async function loadStayInputs(db: Db, occ: PricedOccupancy): Promise<StayInputs> {
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
export async function carriesFees(db: Db, occ: PricedOccupancy): Promise<boolean> {
  if (occ.isCancelled) return false;
  const earlier: Pick<OccupancyRecord, 'pricedQuote'>[] = await db('occupancy')
    .where({ bookingId: occ.bookingId, isCancelled: false })
    .where('id', '<', occ.id)
    .select('pricedQuote');
  return !earlier.some((o) => (o.pricedQuote as StoredPrice | null)?.quote);
}
