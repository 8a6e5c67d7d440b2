// The life cycle of a stay (§4, docs/stays.md#states-and-transitions) as one pure function: given what the booking is
// and the action asked, either the change to write (and its French history line) or the
// refusal with its message code. Routes, the generic write path and the tests all
// go through `decide`; nothing here touches the database.
import type { MessageCode } from '../../../common/messages';
import { addDays, formatDateFr, todayParis } from '../../../common/dates';
import { cancellationFee } from '../../../common/stay-preferences';
import { formatCents } from '../../../common/money';
import { CLOSED, CONVERSIONS, DEFAULT_OPTION_DAYS, kindLabel, RELEASING, statusLabel, type Kind } from './status';
import {
  type Action,
  ACTIONS,
  type BookingFacts,
  type ActionParams,
  type Clock,
  type Effect,
  type Decision,
  TransitionError,
} from './state-types';
import { S, FROM } from './state-rights';
export {
  type Action,
  ACTIONS,
  type BookingFacts,
  type ActionParams,
  type Clock,
  type Effect,
  type Decision,
  TransitionError,
} from './state-types';
export { FROM, ACTION_FOR_STATUS, rightFor, rightForStatus } from './state-rights';

/** Kind changes allowed by "convert": common/stay-status.ts (the screens label them too). */
export { CONVERSIONS };

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
        // A new expiry date given with the conversion cannot be already past (§5 (docs/stays.md#validation) "date not
        // in the past").
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
