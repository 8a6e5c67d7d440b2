// One named transition of §4 (docs/stays.md#states-and-transitions) on a booking (runAction, setState), after the
// guards other modules register (registerActionGuard).
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { expectedVersion } from '../../rest/write';
import { ACTION_FOR_STATUS, decide, type Action, type ActionParams, type Clock, type Decision } from './state-machine';
import { bookingFacts } from './store';
import { STATUS } from './status';
import { type Trx, lockBooking, clock, transitionError } from './action-support';
import type { BookingRecord } from '../../../common/generated/types/index';
import { applyDecision } from './action-effects';

export interface RunOptions {
  /** checked on the locked booking: false leaves it alone and answers null (sweeps: "still due?") */
  when?: (trx: Trx, locked: BookingRecord) => Promise<boolean>;
  /** the history line instead of the state machine's */
  detail?: (d: Decision) => string;
  clock?: Clock;
}

/**
 * Checks another module runs on the locked booking, once the state machine allowed the
 * action, inside its transaction (billing: a departure with a balance due needs
 * `acceptBalance: true`). A guard throws to refuse.
 */
export type ActionGuard = (trx: Trx, booking: BookingRecord, action: Action, params: ActionParams) => Promise<void>;

const actionGuards: ActionGuard[] = [];

export function registerActionGuard(guard: ActionGuard): void {
  actionGuards.push(guard);
}

/** Runs one action of the state machine on a booking. */
export async function runAction(
  knex: Knex,
  bookingId: number,
  action: Action,
  params: ActionParams,
  userId: number | null,
): Promise<BookingRecord>;

export async function runAction(
  knex: Knex,
  bookingId: number,
  action: Action,
  params: ActionParams,
  userId: number | null,
  opts: RunOptions,
): Promise<BookingRecord | null>;

export async function runAction(
  knex: Knex,
  bookingId: number,
  action: Action,
  params: ActionParams,
  userId: number | null,
  opts: RunOptions = {},
): Promise<BookingRecord | null> {
  return knex.transaction(async (trx) => {
    const before = await lockBooking(trx, bookingId, expectedVersion(params));
    if (opts.when && !(await opts.when(trx, before))) return null;
    let d: Decision;
    try {
      d = decide(await bookingFacts(trx, before), action, params, opts.clock ?? clock());
    } catch (e) {
      transitionError(e);
    }
    for (const guard of actionGuards) await guard(trx, before, action, params);
    return applyDecision(trx, before, opts.detail ? { ...d!, detail: opts.detail(d!) } : d!, userId);
  });
}

/** "Set state": the action that reaches the status asked for. */
export async function setState(
  knex: Knex,
  bookingId: number,
  statusId: unknown,
  params: ActionParams,
  userId: number | null,
): Promise<BookingRecord> {
  const action = typeof statusId === 'number' ? ACTION_FOR_STATUS[statusId] : undefined;
  if (!action) throw badRequest('INVALID_TRANSITION', { statusId: formatMessage('INVALID_CHOICE') });
  if (
    statusId === STATUS.REFUSED_COUNTER &&
    !(typeof params.counterProposal === 'string' && params.counterProposal.trim())
  ) {
    throw badRequest('VALIDATION_FAILED', { counterProposal: formatMessage('REQUIRED') });
  }
  return runAction(knex, bookingId, action, params, userId);
}
