// What this user may do on this stay and on each of its occupancies (common/stay-actions.ts),
// answered with the booking summary so that the booking screen shows it and derives
// nothing: the state machine's actions the stay's state allows (availableActions), kept
// when the user holds the right each needs (rightFor: write, or delete for a reset or an
// undo), conversions spelled out by target kind; the occupancy buttons by the rules of
// ./actions.ts (a confirmed stay keeps its last active occupancy, a partner occupancy may
// be cancelled before its stay); and nothing that changes the price while the stay has a
// standing final bill (migration 0030's freeze, api/domain/billing/hooks.ts).
import type { Knex } from 'knex';
import { holds, type SessionUser } from '../../auth/access';
import {
  CONVERSIONS,
  isModifiable,
  keepsOccupancies,
  RELEASING,
  UNCONFIRMED,
  type Kind,
} from '../../../common/stay-status';
import { convertKey, type OccupancyAllowed, type StayAllowed } from '../../../common/stay-actions';
import { stayBilling } from './billing-port';
import { availableActions, rightFor, type Action, type BookingFacts } from './state-machine';

const BOOKING = 'booking.booking';

export interface AllowedInput {
  booking: { kind: Kind; statusId: number; customerId: number | null };
  /** the state machine's actions for the stay's state (availableActions) */
  available: readonly Action[];
  occupancies: readonly { id: number; isCancelled: boolean; partnerAllotmentId?: number | null }[];
  canWrite: boolean;
  canDelete: boolean;
  /** a standing final bill freezes what the price is made of */
  billed: boolean;
}

/** Pure: the decision from the facts (unit-tested on its own). */
export function decideAllowed(i: AllowedInput): StayAllowed {
  const { statusId, kind } = i.booking;
  const may = (a: Action) => i.canWrite && (rightFor(a) !== 'delete' || i.canDelete);
  const actions = i.available.filter(may).flatMap((a) => (a === 'convert' ? CONVERSIONS[kind].map(convertKey) : [a]));
  const modifiable = isModifiable(statusId);
  const kept = keepsOccupancies(statusId);
  const active = i.occupancies.filter((o) => !o.isCancelled).length;
  const occupancies: Record<number, OccupancyAllowed> = {};
  for (const o of i.occupancies) {
    // A confirmed stay keeps its last active occupancy (§8 (docs/errors.md#messages) "booking needs occupancy and
    // place").
    const spare = !o.isCancelled && (UNCONFIRMED.includes(statusId) || active > 1);
    occupancies[o.id] = {
      lock: i.canWrite && !o.isCancelled,
      edit: i.canWrite && !o.isCancelled && modifiable && !i.billed,
      cancel: i.canWrite && !kept && !i.billed && (spare || (!o.isCancelled && !!o.partnerAllotmentId)),
      remove: i.canDelete && !kept && !i.billed && (spare || o.isCancelled),
    };
  }
  return {
    actions,
    merge: i.canWrite && i.canDelete && i.booking.customerId != null && !kept && !i.billed,
    addOccupancy: i.canWrite && modifiable && !i.billed,
    changeCustomer: i.canWrite && !i.billed,
    editNotes: i.canWrite,
    editPrice: i.canWrite && modifiable && !i.billed,
    billable: kind !== 'quote' && !UNCONFIRMED.includes(statusId) && !RELEASING.includes(statusId),
    occupancies,
  };
}

/** What `user` may do on this stay now. */
export async function allowedFor(
  knex: Knex,
  user: SessionUser,
  booking: AllowedInput['booking'] & { id: number },
  facts: BookingFacts,
  occupancies: AllowedInput['occupancies'],
): Promise<StayAllowed> {
  return decideAllowed({
    booking,
    occupancies,
    available: availableActions(facts),
    canWrite: holds(user, BOOKING, 'write'),
    canDelete: holds(user, BOOKING, 'delete'),
    billed: await stayBilling().isStayBilled(knex, booking.id),
  });
}
