// The vocabulary of the stay state machine (./state-machine.ts): its actions, the facts it
// decides on, the parameters and clock it is given, the decision and effects it answers.
import type { MessageCode } from '../../../common/messages';
import type { StayPreferences } from '../../../common/stay-preferences';
import type { Cancellation, Kind } from './status';

export type Action =
  | 'confirm'
  | 'set-in-progress'
  | 'abandon'
  | 'validate'
  | 'cancel'
  | 'mark-cancelling'
  | 'withdraw-cancelling'
  | 'refuse'
  | 'arrive'
  | 'depart'
  | 'early-departure'
  | 'convert'
  | 'reset'
  | 'expire'
  | 'undo-arrival'
  | 'undo-departure';

export const ACTIONS: readonly Action[] = [
  'confirm',
  'set-in-progress',
  'abandon',
  'validate',
  'cancel',
  'mark-cancelling',
  'withdraw-cancelling',
  'refuse',
  'arrive',
  'depart',
  'early-departure',
  'convert',
  'reset',
  'expire',
  'undo-arrival',
  'undo-departure',
];

/** What the rules need to know about a booking and its occupancies. */
export interface BookingFacts {
  kind: Kind;
  statusId: number;
  cancellation: Cancellation;
  customerId: number | null;
  optionExpiryDate: string | null;
  /** first night and departure of the active (not cancelled) occupancies */
  startDate: string | null;
  endDate: string | null;
  activeOccupancies: number;
  occupanciesWithoutPlace: number;
  /** active occupancies inside a partner allotment */
  partnerOccupancies: number;
  /** days before the arrival date an arrival may be recorded (setting.earlyArrivalDays, default 0) */
  earlyArrivalDays?: number;
  /** Europe/Paris days the arrival and the departure were recorded (undo: the same day only) */
  arrivedOn?: string | null;
  goneOn?: string | null;
  /** the status the stay had before its arrival was recorded (undo-arrival goes back to it) */
  statusBeforeArrival?: number | null;
  /** the stay preferences (option duration, cancellation fees, early-departure charge) */
  preferences?: StayPreferences;
  /** the stay's price (cents), for the cancellation fee */
  totalAmount?: number | null;
}

export interface ActionParams {
  reason?: string | null;
  counterProposal?: string | null;
  kind?: string;
  /** early departure: the day the guests leave; convert to option: its expiry date */
  date?: string | null;
  /** the version the client read (runAction answers 409 RECORD_CHANGED when stale) */
  version?: number;
}

export interface Clock {
  today: string;
  now: string;
}

export type Effect =
  | { type: 'delete-occupancies' }
  | { type: 'end-occupancies'; date: string; reprice: boolean }
  | { type: 'restore-occupancies' };

export interface Decision {
  action: Action | 'integrate';
  /** booking columns to write */
  patch: Record<string, unknown>;
  /** French line of the history */
  detail: string;
  effects: Effect[];
  /** occupancies start holding places (a quote becomes an option, a booking…) */
  activates: boolean;
}

export class TransitionError extends Error {
  constructor(
    readonly code: MessageCode,
    readonly field?: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}
