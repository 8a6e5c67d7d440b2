// The stay follows its channel booking (docs/channels.md): integrated when it arrives,
// changed when the channel changes it, cancelled when the channel cancels it. Each step
// runs in a savepoint of the receipt's transaction: when the stay cannot follow (the
// place was taken meanwhile, the stay is billed or the guest has arrived) the online
// booking stays in the queue with the reason, and the free places of its type.
// The exclusion constraint on place_reservation remains the guarantee against two
// stays on one place-night: a lost race is a conflict, never a double booking.
import type { Knex } from 'knex';
import { STATUS } from '../stays/status';
import { freePlacesFor, integrateLocked, lockImport } from '../stays/imports';
import { runAction } from '../stays/actions';
import { placeConflict } from '../stays/store';
import { applyChannelPrice, type ChannelLine } from '../stays/channel-price';
import { saveRecord, deleteRecord } from '../../rest/records';
import { entityMeta } from '../../rest/entities';
import { recordHistory } from '../../rest/history';
import { HttpError } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { todayParis } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import type { ChannelConfig } from './config';
import { channelOccupants, recordCollected } from './integration';
import type { Outcome } from './types';
import type { BookingImportRecord } from '../../../common/generated/types';

/** An online booking as stored (lockImport reads every column). */
type Row = BookingImportRecord;
type Trx = Knex.Transaction;

const pgCode = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined);

const isConflict = (e: unknown) =>
  pgCode(e) === '23P01' ||
  pgCode(e) === '40P01' ||
  (e instanceof HttpError && ['PLACE_HAS_OTHER_EQUIPMENT', 'PLACE_UNAVAILABLE', 'NO_FREE_PLACE'].includes(e.code));

/** Free places of a type for a stay (at most 10), offered with a conflict. */
export const freePlaces = (trx: Trx, row: Row) => freePlacesFor(trx, row, 10);

async function setProblem(trx: Trx, id: number, problem: string | null, free: number[] = []): Promise<void> {
  await trx('booking_import')
    .where('id', id)
    .update({ problem, freePlaceIds: JSON.stringify(free), updatedAt: trx.fn.now() });
}

async function conflict(trx: Trx, row: Row): Promise<Outcome> {
  const free = await freePlaces(trx, row);
  await setProblem(trx, row.id, formatMessage(free.length ? 'CHANNEL_PLACE_CONFLICT' : 'CHANNEL_NO_FREE_PLACE'), free);
  return 'problem';
}

/** The stay could not follow: a conflict (with the free places), or the §8 (docs/errors.md#messages) reason; anything
 * else is thrown. */
async function cannotFollow(trx: Trx, row: Row, e: unknown): Promise<Outcome> {
  if (isConflict(e)) return conflict(trx, row);
  if (!(e instanceof HttpError)) throw e;
  await setProblem(trx, row.id, e.message);
  return 'problem';
}

/** Attempts at a free place of the type: two bookings placed at once may pick the same one. */
const PLACE_ATTEMPTS = 8;

/**
 * Accepted and integrated at once (the channel has already sold it). Without a unit asked
 * for, the stay takes one of the first ten free places of its type, at random, so that
 * bookings integrated at the same time rarely pick the same one; the one that loses the
 * race tries the next free place (its next statement sees the winner's commit).
 */
export async function integrateFromChannel(trx: Trx, row: Row): Promise<Outcome> {
  if (row.statusId === STATUS.TO_INTEGRATE)
    await trx('booking_import').where('id', row.id).update({ statusId: STATUS.ACCEPTED });
  for (let attempt = 1; ; attempt++) {
    try {
      const free = row.placeId == null ? await freePlaces(trx, row) : [];
      if (row.placeId == null && !free.length) return conflict(trx, row);
      const placeId = free.length ? free[Math.floor(Math.random() * free.length)] : null;
      await trx.transaction(async (sp) => {
        await integrateLocked(sp, await lockImport(sp, row.id), null, { placeId });
      });
      break;
    } catch (e) {
      if (isConflict(e) && row.placeId == null && attempt < PLACE_ATTEMPTS) continue;
      return cannotFollow(trx, row, e);
    }
  }
  await setProblem(trx, row.id, null);
  await trx('booking_import').where('id', row.id).update({ appliedAt: trx.fn.now() });
  return 'integrated';
}

/** The channel cancelled: « cancelling » first, then cancelled when nothing prevents it. */
export async function cancelFromChannel(trx: Trx, row: Row, reason: string | null): Promise<Outcome> {
  const why = `Annulée par le canal${reason ? ` : ${reason.slice(0, 150)}` : ''}`;
  if (row.bookingId == null) {
    if (row.statusId === STATUS.TO_INTEGRATE || row.statusId === STATUS.ACCEPTED)
      await trx('booking_import')
        .where('id', row.id)
        .update({ statusId: STATUS.REFUSED, refusalReason: why, problem: null });
    return 'cancelled';
  }
  const bookingId = row.bookingId;
  const stay = await trx('booking').where('id', bookingId).first('statusId', 'cancellation');
  if (!stay || stay.statusId === STATUS.CANCELLED) return 'cancelled';
  try {
    await trx.transaction(async (sp) => {
      if (stay.cancellation !== 'cancelling') await runAction(sp, bookingId, 'mark-cancelling', { reason: why }, null);
    });
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
  }
  try {
    await trx.transaction((sp) => runAction(sp, bookingId, 'cancel', { reason: why }, null));
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    await setProblem(trx, row.id, formatMessage('CHANNEL_CANCELLING', { reason: e.message }));
    return 'cancelling';
  }
  await setProblem(trx, row.id, null);
  return 'cancelled';
}

const sameParty = (a: Row, b: Row) =>
  a.adults === b.adults &&
  a.children === b.children &&
  a.babies === b.babies &&
  JSON.stringify(a.childAges ?? []) === JSON.stringify(b.childAges ?? []);

/** A change of an integrated booking: dates, place type, party, lines and what was collected. */
export async function modifyFromChannel(trx: Trx, ch: ChannelConfig, before: Row, row: Row): Promise<Outcome> {
  const bookingId = row.bookingId;
  // The caller sends only an integrated booking here; without its stay there is nothing to change.
  if (bookingId == null) return 'unchanged';
  const occ = await trx('occupancy').where({ bookingId, isCancelled: false }).orderBy('id').first();
  if (!occ) return 'unchanged';
  try {
    await trx.transaction(async (sp) => {
      const moved = occ.startDate !== row.startDate || occ.endDate !== row.endDate;
      const retyped = row.placeTypeId != null && occ.placeTypeId !== row.placeTypeId;
      let placeId: number | null = row.placeId ?? occ.placeId;
      if (moved || retyped || placeId !== occ.placeId) {
        const taken =
          placeId == null ||
          retyped ||
          (await placeConflict(sp, placeId, row.startDate, row.endDate, { occupancyId: occ.id }));
        if (taken) {
          const free = await freePlaces(sp, row);
          if (!free.length) throw new HttpError(400, 'NO_FREE_PLACE');
          placeId = free[0];
        }
        await saveRecord(
          sp,
          entityMeta('occupancy'),
          { startDate: row.startDate, endDate: row.endDate, placeId },
          null,
          occ.id,
        );
      }
      if (!sameParty(before, row)) {
        const meta = entityMeta('occupancy-detail');
        for (const d of await sp('occupancy_detail').where('occupancyId', occ.id).select('id'))
          await deleteRecord(sp, meta, d.id, null);
        for (const d of await channelOccupants(sp, row))
          await saveRecord(sp, meta, { ...d, occupancyId: occ.id }, null, 0);
      }
      const lines = (Array.isArray(row.lines) ? row.lines : []) as ChannelLine[];
      if (lines.length) await applyChannelPrice(sp, bookingId, lines, todayParis());
      const more = (row.amount ?? 0) - (before.amount ?? 0);
      await recordCollected(sp, ch, bookingId, more, row.externalRef);
      await recordHistory(sp, {
        userId: null,
        entity: entityMeta('booking'),
        recordId: bookingId,
        action: 'action',
        detail:
          `Modifiée par le canal ${ch.label} : du ${row.startDate} au ${row.endDate}, ` +
          `prix vendu ${formatCents(row.channelTotal ?? 0)}` +
          (more > 0 ? `, encaissé en plus ${formatCents(more)}` : ''),
      });
    });
  } catch (e) {
    return cannotFollow(trx, row, e);
  }
  await setProblem(trx, row.id, null);
  await trx('booking_import').where('id', row.id).update({ appliedAt: trx.fn.now() });
  return 'updated';
}
