// Which statuses each action starts from, which action leads to each status, and the
// right each one needs.
import { STATUS } from './status';
import type { Action } from './state-types';

export const S = STATUS;

/**
 * Statuses an action may start from. "Intégrée" (13) is an online booking integrated
 * from its channel (imports.ts): a firm booking, like "Confirmée", except that it
 * stays a booking (no conversion). "Acceptée" (4) and "À intégrer" (12) are the
 * statuses of the online booking before integration (`booking_import`): no stay
 * carries them, so no action starts from them.
 */
export const FROM: Record<Action, readonly number[]> = {
  confirm: [S.TEMPORARY, S.IN_PROGRESS],
  'set-in-progress': [S.TEMPORARY],
  abandon: [S.TEMPORARY, S.IN_PROGRESS],
  validate: [S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED, S.INTEGRATED],
  cancel: [S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED, S.VALIDATED, S.INTEGRATED],
  'mark-cancelling': [S.CONFIRMED, S.VALIDATED, S.INTEGRATED],
  'withdraw-cancelling': [S.CONFIRMED, S.VALIDATED, S.INTEGRATED],
  refuse: [S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED, S.INTEGRATED],
  arrive: [S.CONFIRMED, S.VALIDATED, S.INTEGRATED],
  depart: [S.ARRIVED],
  'early-departure': [S.ARRIVED],
  convert: [S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED, S.VALIDATED],
  reset: [
    S.TEMPORARY,
    S.IN_PROGRESS,
    S.CONFIRMED,
    S.VALIDATED,
    S.INTEGRATED,
    S.CANCELLED,
    S.REFUSED,
    S.REFUSED_COUNTER,
    S.EXPIRED,
    S.ABANDONED,
  ],
  expire: [S.TEMPORARY, S.IN_PROGRESS, S.CONFIRMED],
  'undo-arrival': [S.ARRIVED],
  'undo-departure': [S.GONE, S.EARLY_DEPARTURE],
};

/** `POST /rest/booking/{id}/set-state`: the action reaching a status. */
export const ACTION_FOR_STATUS: Partial<Record<number, Action>> = {
  [S.CONFIRMED]: 'confirm',
  [S.IN_PROGRESS]: 'set-in-progress',
  [S.ABANDONED]: 'abandon',
  [S.VALIDATED]: 'validate',
  [S.CANCELLED]: 'cancel',
  [S.REFUSED]: 'refuse',
  [S.REFUSED_COUNTER]: 'refuse',
  [S.ARRIVED]: 'arrive',
  [S.GONE]: 'depart',
  [S.EARLY_DEPARTURE]: 'early-departure',
  [S.EXPIRED]: 'expire',
  [S.DELETED]: 'reset',
};

/**
 * The right an action needs on booking.booking: ending in DELETED (the "reset") is a
 * deletion (level 111), every other action a modification (011). Every route that
 * can reach DELETED — the action's own path, set-state, merge — asks this.
 */
export function rightFor(action: Action): 'write' | 'delete' {
  // Undoing a recorded arrival or departure corrects the past: the manager's level (111).
  return action === 'reset' || action === 'undo-arrival' || action === 'undo-departure' ? 'delete' : 'write';
}

/** `set-state`: the right the status asked for needs (an unknown status needs write, then answers 400). */
export function rightForStatus(statusId: unknown): 'write' | 'delete' {
  const action = typeof statusId === 'number' ? ACTION_FOR_STATUS[statusId] : undefined;
  return action ? rightFor(action) : 'write';
}
