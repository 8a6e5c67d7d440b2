// What the stay actions (./actions.ts) share: the booking's metadata, today's clock, the
// French refusal of a transition and the booking's row lock.
import type { BookingRecord } from '../../../common/generated/types';
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { todayParis } from '../../../common/dates';
import { readableColumns } from '../../rest/query';
import { checkVersion } from '../../rest/write';
import { TransitionError } from './state-machine';

export type Trx = Knex.Transaction;

export const bookingMeta = () => entityMeta('booking');

export const clock = () => ({ today: todayParis(), now: new Date().toISOString() });

export function transitionError(e: unknown): never {
  if (e instanceof TransitionError)
    throw badRequest(e.code, e.field ? { [e.field]: formatMessage(e.code, e.params) } : undefined, e.params);
  throw e;
}

/**
 * Locks a booking for an action: its occupancies first, then the booking row — the
 * order the generic occupancy writes take (occupancy row, then the booking through
 * the reservation trigger), so that the two never wait on each other in a cycle.
 */
export async function lockBooking(trx: Trx, id: number, expected?: number): Promise<BookingRecord> {
  await trx('occupancy').where('bookingId', id).orderBy('id').forUpdate().select('id');
  const b = await trx('booking').select(readableColumns(bookingMeta())).where('id', id).forUpdate().first();
  if (!b) throw notFound();
  // The version the user's screen showed (if sent): a stale one is a 409, not an action on a changed stay.
  checkVersion(b, expected);
  return b;
}
