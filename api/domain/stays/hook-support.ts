// What the stay hooks (./hooks.ts, ./occupancy-hooks.ts) share: the refusal, the changed
// fields, the booking of a row and the checks that it may still change.
import { stayCapacity, type CapacityTarget } from '../pricing/capacity';
import type { BookingRecord, OccupancyRecord } from '../../../common/generated/types/index';
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { assertPlaceFree } from './store';
import { isModifiable, UNCONFIRMED } from './status';

/** A record whose fields are compared by name. */
type Fields = Record<string, unknown>;

type Trx = Knex.Transaction;

export const refuse = (code: MessageCode, field?: string) =>
  badRequest(code, field ? { [field]: formatMessage(code) } : undefined);

export const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const changedFields = (before: Fields, after: Fields, fields: string[]) =>
  fields.filter((f) => !same(before[f], after[f]));

export async function loadBooking(trx: Trx, id: number): Promise<BookingRecord | undefined> {
  return trx<BookingRecord>('booking').where('id', id).first();
}

/** Occupancies and their details, animals, vehicles and extras change only while the stay is open. */
export function assertModifiable(booking: Pick<BookingRecord, 'statusId'> | undefined): void {
  if (booking && !isModifiable(booking.statusId)) throw refuse('INVALID_TRANSITION');
}

/**
 * A confirmed stay keeps at least one active occupancy (§8 (docs/errors.md#messages) "booking needs occupancy and
 * place"): refuses taking `occupancyId` away from it (delete, cancel, move to another
 * stay). The booking row is locked, so two requests removing its last two occupancies
 * one each are serialised and the second sees the first's removal.
 */
export async function assertKeepsAnOccupancy(trx: Trx, bookingId: number, occupancyId: number): Promise<void> {
  const booking = await trx('booking').where('id', bookingId).forUpdate().first('statusId');
  if (!booking || UNCONFIRMED.includes(booking.statusId) || !isModifiable(booking.statusId)) return;
  const other = await trx('occupancy').where({ bookingId, isCancelled: false }).whereNot('id', occupancyId).first('id');
  if (!other) throw refuse('BOOKING_NEEDS_OCCUPANCY');
}

export async function bookingOfOccupancy(
  trx: Trx,
  occupancyId: number,
  lock = false,
): Promise<{ occupancy: OccupancyRecord; booking: BookingRecord } | undefined> {
  const q = trx<OccupancyRecord>('occupancy').where('id', occupancyId);
  if (lock) q.forUpdate();
  const occupancy = await q.first();
  if (!occupancy) return undefined;
  return { occupancy, booking: (await loadBooking(trx, occupancy.bookingId))! };
}

/**
 * The most persons an occupancy may hold: the smaller of its place's capacity and its
 * equipment's (an 8-person tent does not make a 2-person pitch hold 8); either alone
 * when the other is not known yet.
 */
export async function capacityOf(trx: Trx, occ: CapacityTarget): Promise<number | null> {
  return stayCapacity(trx, occ);
}

/** Before a quote becomes a holding kind: every placed occupancy must be free. */
export async function assertOccupanciesFree(trx: Trx, bookingId: number): Promise<void> {
  const occs = await trx('occupancy')
    .where({ bookingId, isCancelled: false })
    .whereNotNull('placeId')
    .select('id', 'placeId', 'startDate', 'endDate');
  for (const o of occs) await assertPlaceFree(trx, o.placeId, o.startDate, o.endDate, { occupancyId: o.id });
}
