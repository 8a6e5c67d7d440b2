// The life cycle of a stay (§4) as one pure function: given what the booking is and
// the action asked, either the change to write (and its French history line) or the
// refusal with its message code. Routes, the generic write path and the tests all
// go through `decide`; nothing here touches the database.
import type { MessageCode } from '../../../common/messages';
import { addDays, formatDateFr, todayParis } from '../../../common/dates';
import { cancellationFee, type StayPreferences } from '../../../common/stay-preferences';
import { formatCents } from '../../../common/money';
import {
  CLOSED,
  CONVERSIONS,
  DEFAULT_OPTION_DAYS,
  kindLabel,
  RELEASING,
  STATUS,
  statusLabel,
  type Cancellation,
  type Kind,
} from './status';

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

const S = STATUS;
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

/** Kind changes allowed by "convert": common/stay-status.ts (the screens label them too). */
export { CONVERSIONS };

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

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const refuse = (code: MessageCode, field?: string, params?: Record<string, string | number>): never => {
  throw new TransitionError(code, field, params);
};

/** The first day an arrival may be recorded: the arrival date less the early-arrival tolerance. */
export function firstArrivalDay(b: BookingFacts): string | null {
  return b.startDate ? addDays(b.startDate, -Math.max(0, b.earlyArrivalDays ?? 0)) : null;
}

function needsCustomerAndPlaces(b: BookingFacts): void {
  if (b.customerId == null) refuse('CUSTOMER_NOT_INITIALISED', 'customerId');
  if (b.activeOccupancies === 0 || b.occupanciesWithoutPlace > 0) refuse('BOOKING_NEEDS_OCCUPANCY');
}

/** Refusals that name the situation better than "impossible in this state". */
function checkFrom(b: BookingFacts, action: Action): void {
  const from = FROM[action];
  if (from.includes(b.statusId)) return;
  const gone = CLOSED.includes(b.statusId);
  if (action === 'arrive')
    refuse(b.statusId === S.ARRIVED ? 'ALREADY_ARRIVED' : gone ? 'ALREADY_GONE' : 'INVALID_TRANSITION');
  if (action === 'depart' || action === 'early-departure')
    refuse(gone ? 'ALREADY_GONE' : RELEASING.includes(b.statusId) ? 'INVALID_TRANSITION' : 'NOT_ARRIVED');
  refuse('INVALID_TRANSITION');
}

/** Days an option is held when no expiry date is given (preference booking/option). */
export const optionDays = (b: Pick<BookingFacts, 'preferences'>): number =>
  b.preferences?.optionDays ?? DEFAULT_OPTION_DAYS;

/** The cancellation fee a cancellation on `today` costs (preference « cancellation »). */
export const cancellationFeeOf = (b: BookingFacts, today: string): number =>
  b.preferences ? cancellationFee(b.preferences, b.totalAmount ?? null, b.startDate, today) : 0;

const feeText = (b: BookingFacts, today: string): string => {
  const fee = cancellationFeeOf(b, today);
  return fee > 0 ? ` (frais d'annulation : ${formatCents(fee)})` : '';
};

export function decide(b: BookingFacts, action: Action, p: ActionParams, clock: Clock): Decision {
  if (!ACTIONS.includes(action)) refuse('INVALID_TRANSITION');
  checkFrom(b, action);
  const to = (
    statusId: number,
    detail: string,
    extra: Record<string, unknown> = {},
    effects: Effect[] = [],
  ): Decision => ({ action, patch: { statusId, ...extra }, detail, effects, activates: false });
  const reason = text(p.reason);
  switch (action) {
    case 'confirm':
      needsCustomerAndPlaces(b);
      return to(S.CONFIRMED, `${kindLabel(b.kind)} confirmée (définitive)`);
    case 'set-in-progress':
      return to(S.IN_PROGRESS, 'Séjour mis en cours de traitement');
    case 'abandon':
      return to(S.ABANDONED, 'Séjour temporaire abandonné');
    case 'validate':
      if (b.kind !== 'booking' && b.kind !== 'passage') refuse('INVALID_TRANSITION');
      needsCustomerAndPlaces(b);
      return to(S.VALIDATED, 'Séjour validé');
    case 'cancel':
      if (!reason) refuse('CANCEL_REASON_REQUIRED', 'reason');
      if (b.partnerOccupancies > 0) refuse('CANNOT_CANCEL_PARTNER_OCCUPANCY');
      return to(S.CANCELLED, `Annulation : ${reason}${feeText(b, clock.today)}`, {
        cancellation: 'cancelled',
        cancelReason: reason,
        cancelledAt: clock.now,
        // The fee of the day of the cancellation, billed by the cancellation invoice (billing/cancellation.ts).
        cancellationFee: cancellationFeeOf(b, clock.today) || null,
      });
    case 'mark-cancelling':
      if (b.cancellation !== 'none') refuse('INVALID_TRANSITION');
      if (!reason) refuse('CANCEL_REASON_REQUIRED', 'reason');
      if (b.partnerOccupancies > 0) refuse('CANNOT_CANCEL_PARTNER_OCCUPANCY');
      return {
        action,
        patch: { cancellation: 'cancelling', cancelReason: reason },
        detail: `Annulation en cours : ${reason}`,
        effects: [],
        activates: false,
      };
    case 'withdraw-cancelling':
      if (b.cancellation !== 'cancelling') refuse('INVALID_TRANSITION');
      return {
        action,
        patch: { cancellation: 'none', cancelReason: null },
        detail: "Demande d'annulation retirée",
        effects: [],
        activates: false,
      };
    case 'refuse': {
      const counter = text(p.counterProposal);
      if (counter)
        return to(S.REFUSED_COUNTER, `Refus avec contre-proposition : ${counter}`, {
          refusalReason: reason || null,
          counterProposal: counter,
        });
      return to(S.REFUSED, reason ? `Refus : ${reason}` : 'Refus', { refusalReason: reason || null });
    }
    case 'arrive':
      if (b.kind !== 'booking' && b.kind !== 'passage') refuse('INVALID_TRANSITION');
      if (b.cancellation === 'cancelling') refuse('INVALID_TRANSITION');
      needsCustomerAndPlaces(b);
      // A stay months ahead cannot be ticked « Arrivé » (and then closed) by a slip of the hand.
      if (clock.today < firstArrivalDay(b)!)
        refuse('ARRIVAL_TOO_EARLY', undefined, {
          date: formatDateFr(firstArrivalDay(b)),
          start: formatDateFr(b.startDate),
        });
      return to(S.ARRIVED, 'Client arrivé', { arrivedAt: clock.now });
    case 'depart':
      return to(S.GONE, 'Client parti', { goneAt: clock.now });
    case 'undo-arrival':
      if (!reason) refuse('UNDO_REASON_REQUIRED', 'reason');
      if (b.arrivedOn && b.arrivedOn !== clock.today)
        refuse('UNDO_NOT_SAME_DAY', undefined, { date: formatDateFr(b.arrivedOn) });
      return to(
        b.statusBeforeArrival && FROM.arrive.includes(b.statusBeforeArrival) ? b.statusBeforeArrival : S.CONFIRMED,
        `Arrivée annulée : ${reason}`,
        { arrivedAt: null },
      );
    case 'undo-departure':
      if (!reason) refuse('UNDO_REASON_REQUIRED', 'reason');
      if (b.goneOn && b.goneOn !== clock.today)
        refuse('UNDO_NOT_SAME_DAY', undefined, { date: formatDateFr(b.goneOn) });
      // An early departure given back: its freed nights return to the stay (if still free).
      if (b.statusId === S.EARLY_DEPARTURE) {
        return to(S.ARRIVED, `Départ anticipé annulé : ${reason}`, { goneAt: null, earlyDepartureDate: null }, [
          { type: 'restore-occupancies' },
        ]);
      }
      return to(S.ARRIVED, `Départ annulé : ${reason}`, { goneAt: null });
    case 'early-departure': {
      const date = text(p.date);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) refuse('DATES_REQUIRED', 'date');
      if (!b.startDate || !b.endDate || date <= b.startDate || date >= b.endDate) refuse('INCORRECT_DATES', 'date');
      const reprice = b.preferences?.earlyDepartureCharge === 'consumed';
      return to(
        S.EARLY_DEPARTURE,
        `Départ anticipé au ${formatDateFr(date)}${reprice ? ' (seules les nuits passées sont dues)' : ''}`,
        { goneAt: clock.now, earlyDepartureDate: date },
        [{ type: 'end-occupancies', date, reprice }],
      );
    }
    case 'convert': {
      const kind = p.kind as Kind;
      if (!(kind in CONVERSIONS) || !CONVERSIONS[b.kind].includes(kind)) refuse('INVALID_TRANSITION', 'kind');
      const patch: Record<string, unknown> = { kind };
      if (kind === 'option') {
        const date = text(p.date) || b.optionExpiryDate || addDays(clock.today, optionDays(b));
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) refuse('INVALID_DATE', 'date');
        // A new expiry date given with the conversion cannot be already past (§5 "date not in the past").
        if (text(p.date) && date < clock.today) refuse('DATE_IN_PAST', 'date');
        patch.optionExpiryDate = date;
      }
      return {
        action,
        patch,
        detail: `Conversion : ${kindLabel(b.kind)} → ${kindLabel(kind)}`,
        effects: [],
        activates: b.kind === 'quote',
      };
    }
    case 'reset':
      if (!reason) refuse('DELETE_REASON_REQUIRED', 'reason');
      return to(S.DELETED, `Suppression (réinitialisation) : ${reason}`, { deleteReason: reason }, [
        { type: 'delete-occupancies' },
      ]);
    case 'expire':
      if (b.kind !== 'option') refuse('INVALID_TRANSITION');
      return to(
        S.EXPIRED,
        b.optionExpiryDate ? `Option expirée (échéance du ${formatDateFr(b.optionExpiryDate)})` : 'Option expirée',
      );
  }
}

/**
 * Integration of an online booking (imports.ts, never a route of its own): the stay
 * created for it, temporary, becomes "Intégrée" once it has its customer and places.
 */
export function decideIntegration(b: BookingFacts, externalRef: string): Decision {
  if (b.statusId !== S.TEMPORARY || b.kind !== 'booking') refuse('INVALID_TRANSITION');
  needsCustomerAndPlaces(b);
  return {
    action: 'integrate',
    patch: { statusId: S.INTEGRATED },
    detail: `Réservation en ligne ${externalRef} intégrée`,
    effects: [],
    activates: false,
  };
}

/** Actions that `decide` may accept for this booking (the screen shows their buttons). */
export function availableActions(b: BookingFacts, today: string = todayParis()): Action[] {
  return ACTIONS.filter((a) => {
    if (!FROM[a].includes(b.statusId)) return false;
    if (a === 'convert') return CONVERSIONS[b.kind].length > 0;
    if (a === 'arrive')
      return (b.kind === 'booking' || b.kind === 'passage') && (!firstArrivalDay(b) || today >= firstArrivalDay(b)!);
    if (a === 'validate') return b.kind === 'booking' || b.kind === 'passage';
    if (a === 'expire') return b.kind === 'option';
    if (a === 'mark-cancelling') return b.cancellation === 'none';
    if (a === 'undo-arrival') return !b.arrivedOn || b.arrivedOn === today;
    if (a === 'undo-departure') return !b.goneOn || b.goneOn === today;
    if (a === 'withdraw-cancelling') return b.cancellation === 'cancelling';
    return true;
  });
}

export const describeStatus = statusLabel;
