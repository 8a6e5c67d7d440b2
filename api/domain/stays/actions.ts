// The business actions of §4 (docs/stays.md#states-and-transitions) on stays: create (temporary or true), merge,
// convert, set state and the named transitions, occupancy lock and cancel, option expiry.
// Each runs in one transaction, decides with the pure state machine, writes the
// booking and its occupancies, and records a French line in the history.
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { recordHistory } from '../../rest/history';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { readableColumns } from '../../rest/query';
import { checkVersion } from '../../rest/write';
import { refreshBooking } from './store';
import { assertKeepsAnOccupancy } from './hooks';
import { isModifiable, STATUS } from './status';
import { pricedInputsChanged, refreshBookingPrice, repriceBooking } from './pricing';
import { formatCents } from '../../../common/money';
import { bookingMeta, lockBooking } from './action-support';
import type { BookingRecord, OccupancyRecord } from '../../../common/generated/types/index';
export { lockBooking } from './action-support';
export { type RunOptions, type ActionGuard, registerActionGuard, runAction, setState } from './run-action';
export {
  type OccupancyInput,
  type CreateInput,
  addOccupancy,
  createBooking,
  addOccupancyToBooking,
} from './create-booking';

/**
 * Merge: the occupancies of `fromId` move onto `intoId` (one customer), and the
 * emptied booking is reset (status DELETED) with a line saying where they went.
 */
export async function mergeBookings(
  knex: Knex,
  intoId: number,
  fromId: unknown,
  userId: number | null,
  expected?: number,
): Promise<BookingRecord> {
  if (!Number.isInteger(fromId) || (fromId as number) <= 0)
    throw badRequest('VALIDATION_FAILED', { fromBookingId: formatMessage('REQUIRED') });
  if (fromId === intoId) throw badRequest('INVALID_TRANSITION', { fromBookingId: formatMessage('INVALID_CHOICE') });
  return knex.transaction(async (trx) => {
    // Both locked in id order: two merges of the same pair cannot wait on each other.
    const [first, second] = [intoId, fromId as number].sort((a, b) => a - b);
    const locked = new Map<number, BookingRecord>([
      [first, await lockBooking(trx, first)],
      [second, await lockBooking(trx, second)],
    ]);
    const into = locked.get(intoId)!;
    const from = locked.get(fromId as number)!;
    checkVersion(into, expected);
    for (const b of [into, from])
      if (!isModifiable(b.statusId) || b.statusId === STATUS.ARRIVED) throw badRequest('INVALID_TRANSITION');
    if (from.customerId != null && into.customerId != null && from.customerId !== into.customerId)
      throw badRequest('MERGE_DIFFERENT_CUSTOMERS');
    if (from.kind !== into.kind && from.statusId !== STATUS.TEMPORARY)
      throw badRequest('INVALID_TRANSITION', { fromBookingId: formatMessage('INVALID_CHOICE') });
    const moved = await trx('occupancy')
      .where('bookingId', from.id)
      .update({ bookingId: into.id, updatedAt: trx.fn.now() });
    if (into.customerId == null && from.customerId != null)
      await trx('booking').where('id', into.id).update({ customerId: from.customerId });
    await trx('booking')
      .where('id', from.id)
      .update({ statusId: STATUS.DELETED, deleteReason: `Fusionné dans ${into.code}`, updatedAt: trx.fn.now() });
    await refreshBooking(trx, into.id);
    await refreshBooking(trx, from.id);
    // The moved occupancies keep their price; the booking's fees stay on its first occupancy.
    await pricedInputsChanged(trx, into.id, []);
    await refreshBookingPrice(trx, from.id);
    const after: BookingRecord = await trx('booking')
      .select(readableColumns(bookingMeta()))
      .where('id', into.id)
      .first();
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: into.id,
      action: 'action',
      before: into,
      after,
      detail: `Fusion : ${moved} occupation(s) reprise(s) du séjour ${from.code}`,
    });
    const fromAfter = await trx('booking').select(readableColumns(bookingMeta())).where('id', from.id).first();
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: from.id,
      action: 'action',
      before: from,
      after: fromAfter,
      detail: `Fusionné dans le séjour ${into.code}`,
    });
    return after;
  });
}

/** Occupancy "lock": the guest asked for this very place, it may not be moved. */
export async function lockOccupancy(
  knex: Knex,
  occupancyId: number,
  locked: unknown,
  userId: number | null,
  expected?: number,
): Promise<OccupancyRecord> {
  if (typeof locked !== 'boolean') throw badRequest('VALIDATION_FAILED', { locked: formatMessage('INVALID_BOOLEAN') });
  return knex.transaction(async (trx) => {
    const saved = await saveRecord(
      trx,
      entityMeta('occupancy'),
      { isLocked: locked, version: expected },
      userId,
      occupancyId,
    );
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: saved.bookingId,
      action: 'action',
      detail: locked ? 'Emplacement verrouillé à la demande du client' : 'Emplacement déverrouillé',
    });
    return saved;
  });
}

/** Occupancy "cancel": frees its place; a partner occupancy goes back to its allotment. */
export async function cancelOccupancy(
  knex: Knex,
  occupancyId: number,
  reason: unknown,
  userId: number | null,
  expected?: number,
): Promise<OccupancyRecord> {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (!text) throw badRequest('CANCEL_REASON_REQUIRED', { reason: formatMessage('CANCEL_REASON_REQUIRED') });
  return knex.transaction(async (trx) => {
    const occ = await trx('occupancy').where('id', occupancyId).first('bookingId');
    if (!occ) throw notFound();
    const booking = await lockBooking(trx, occ.bookingId);
    const before = await trx('occupancy')
      .select(readableColumns(entityMeta('occupancy')))
      .where('id', occupancyId)
      .first();
    checkVersion(before, expected);
    if (before.isCancelled || !isModifiable(booking.statusId) || booking.statusId === STATUS.ARRIVED)
      throw badRequest('INVALID_TRANSITION');
    // §8 (docs/errors.md#messages) "cannot cancel with partner occupancy" asks for the partner occupancy to be
    // cancelled before the stay: that one may be the last.
    if (!before.partnerAllotmentId) await assertKeepsAnOccupancy(trx, booking.id, occupancyId);
    await trx('occupancy')
      .where('id', occupancyId)
      .update({ isCancelled: true, cancelReason: text, cancelledAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await refreshBooking(trx, booking.id);
    await pricedInputsChanged(trx, booking.id, []);
    const after: OccupancyRecord = await trx('occupancy')
      .select(readableColumns(entityMeta('occupancy')))
      .where('id', occupancyId)
      .first();
    await recordHistory(trx, {
      userId,
      entity: entityMeta('occupancy'),
      recordId: occupancyId,
      action: 'action',
      before,
      after,
      detail: `Occupation annulée : ${text}`,
    });
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: booking.id,
      action: 'action',
      detail: `Occupation du ${before.startDate} annulée : ${text}`,
    });
    return after;
  });
}

/**
 * "Recalculer le prix": prices every active occupancy again, at its agreed conditions
 * (quote date and grid version) or, with `atCurrentPrices`, at today's (current grid
 * version, today's offers and due dates). Manual prices stay.
 */
export async function repriceStay(
  knex: Knex,
  bookingId: number,
  atCurrentPrices: unknown,
  userId: number | null,
  expected?: number,
): Promise<BookingRecord> {
  if (atCurrentPrices !== undefined && typeof atCurrentPrices !== 'boolean')
    throw badRequest('VALIDATION_FAILED', { atCurrentPrices: formatMessage('INVALID_BOOLEAN') });
  return knex.transaction(async (trx) => {
    const before = await lockBooking(trx, bookingId, expected);
    if (!isModifiable(before.statusId)) throw badRequest('INVALID_TRANSITION');
    await repriceBooking(trx, bookingId, { atCurrentPrices: atCurrentPrices === true, explicit: true });
    const after: BookingRecord = await trx('booking')
      .select(readableColumns(bookingMeta()))
      .where('id', bookingId)
      .first();
    const money = (v: number | null) => (v == null ? '—' : formatCents(v));
    await recordHistory(trx, {
      userId,
      entity: bookingMeta(),
      recordId: bookingId,
      action: 'action',
      before,
      after,
      detail:
        `Prix recalculé${atCurrentPrices === true ? ' aux tarifs du jour' : ''}` +
        `${before.channelPriced ? ' (le prix vendu par le canal est remplacé par la grille)' : ''} : ` +
        `${money(before.totalAmount)} → ` +
        `${money(after.totalAmount)}`,
    });
    return after;
  });
}
