// The calls the rights-matrix test makes of the booking's actions and of set-state (api/http/route-spec.ts,
// tests/int/security-matrix-routes.test.ts): each on a stay made fresh in the state the action leaves.
import type { ExampleCall } from '../../http/define-route';
import type { Action } from './state-machine';
import { STATUS } from './status';

/** A refused action leaves its stay as it was. */
const unchanged = { table: 'booking', where: { id: { param: 'id' } } };
const on = (fresh: NonNullable<ExampleCall['uses']>[number], body: Record<string, unknown> = {}): ExampleCall => ({
  params: { id: { fresh } },
  body,
  unchanged,
});

export const ACTION_EXAMPLES: Record<Action, ExampleCall> = {
  confirm: on('temporaryBooking'),
  'set-in-progress': on('temporaryBooking'),
  abandon: on('temporaryBooking'),
  validate: on('booking'),
  cancel: on('booking', { reason: 'Motif du test' }),
  'mark-cancelling': on('booking', { reason: 'Motif du test' }),
  'withdraw-cancelling': on('cancellingBooking'),
  refuse: on('temporaryBooking', { reason: 'Complet' }),
  // Arrival is possible from the arrival day: these stays begin today.
  arrive: on('bookingToday'),
  depart: on('arrivedBooking'),
  'early-departure': on('arrivedBooking', { date: { today: 3 } }),
  'undo-arrival': on('arrivedBooking', { reason: 'Erreur de saisie' }),
  'undo-departure': on('departedBooking', { reason: 'Erreur de saisie' }),
  convert: on('booking', { kind: 'option' }),
  reset: on('booking', { reason: 'Doublon' }),
  expire: on('optionBooking'),
};

/** set-state asks the right of the status it reaches: a deletion needs 111. */
export const SET_STATE_EXAMPLES: ExampleCall[] = [
  { variant: 'to VALIDATED', ...on('booking', { statusId: STATUS.VALIDATED }) },
  {
    variant: 'to DELETED',
    right: {
      all: [
        ['booking.booking', 'write'],
        ['booking.booking', 'delete'],
      ],
    },
    ...on('booking', { statusId: STATUS.DELETED, reason: 'Doublon' }),
  },
];
