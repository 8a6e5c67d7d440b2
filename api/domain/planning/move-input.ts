// What a move on the board is (a bar dropped on another place and/or dates, or one of
// its ends dragged), as the browser sends it, and what the check answers.
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { nightsBetween } from '../../../common/dates';
import { isValidDate } from '../../../common/formats';

export interface Span {
  startDate: string;
  endDate: string;
}

/** What is moved, from where to where (the check's answer shows it). */
interface MoveSummaryBase {
  id: number;
  fromPlaceId: number | null;
  toPlaceId: number;
  toPlaceCode: string | null;
  from: Span;
  to: Span;
}

export interface UnavailabilityMoveSummary extends MoveSummaryBase {
  kind: 'unavailability';
  reason: string | null;
}

export interface OccupancyMoveSummary extends MoveSummaryBase {
  kind: 'occupancy';
  bookingId: number;
  code: string;
  customer: string | null;
  persons: number;
  fromPlaceCode: string | null;
  fromTypeLabel: string | null;
  toTypeLabel: string | null;
}

export type MoveSummary = UnavailabilityMoveSummary | OccupancyMoveSummary;

export interface MoveInput {
  kind: 'occupancy' | 'unavailability';
  id: number;
  placeId: number;
  startDate: string;
  endDate: string;
  /** where the screen saw the bar: refused as stale when the record moved meanwhile */
  from?: { placeId: number; startDate: string; endDate: string } | null;
  /** the user confirmed the warnings (override) */
  force?: boolean;
  /** the version of the moved record the board showed (body or If-Match): a stale one is a 409 */
  version?: number;
  /** set by the route from the user's rights, never from the body: may change nights before today */
  canCorrectPast?: boolean;
}

/**
 * Whether a move changes a night before today: the past nights (before `today`) of the
 * stay, and their place, must stay as they were. Moving a stay that has not begun, or
 * only its future nights, is not a correction of the past.
 */
export function changesPastNights(
  from: { placeId: number | null; startDate: string; endDate: string },
  to: { placeId: number; startDate: string; endDate: string },
  today: string,
): boolean {
  const past = (r: { startDate: string; endDate: string }) =>
    r.startDate < today ? [r.startDate, r.endDate < today ? r.endDate : today] : null;
  const a = past(from);
  const b = past(to);
  if (!a && !b) return false;
  if (!a || !b) return true;
  return a[0] !== b[0] || a[1] !== b[1] || from.placeId !== to.placeId;
}

export interface MoveNotice {
  code: MessageCode;
  message: string;
  blocking: boolean;
}

export interface MovePrice {
  /** the stay priced today at its current place and dates */
  before: number;
  /** … and at the new ones */
  after: number;
  difference: number;
  /** the booking's stored total, and what it becomes */
  bookingTotalBefore: number | null;
  bookingTotalAfter: number;
}

export interface MoveCheck {
  ok: boolean;
  code?: MessageCode;
  message?: string;
  /** warnings; `blocking` ones need the override (force) */
  warnings: MoveNotice[];
  needsForce: boolean;
  price: MovePrice | null;
  /** why there is no price (no grid for that type…) */
  priceMessage?: string;
  /** free places of the same type on those dates, when the place is taken */
  alternatives?: { id: number; code: string }[];
  summary: MoveSummary;
}

export function parseMoveInput(body: unknown): MoveInput {
  const raw = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (raw.kind !== 'occupancy' && raw.kind !== 'unavailability') errors.kind = formatMessage('INVALID_CHOICE');
  for (const f of ['id', 'placeId'])
    if (!Number.isInteger(raw[f]) || (raw[f] as number) <= 0) errors[f] = formatMessage('INVALID_INTEGER');
  for (const f of ['startDate', 'endDate']) {
    const v = raw[f];
    if (typeof v !== 'string' || !isValidDate(v)) errors[f] = formatMessage('INVALID_DATE');
  }
  if (Object.keys(errors).length) throw badRequest('VALIDATION_FAILED', errors);
  // The checks above let only these through.
  const b = raw as Pick<MoveInput, 'kind' | 'id' | 'placeId' | 'startDate' | 'endDate'> & Record<string, unknown>;
  if (b.endDate === b.startDate)
    throw badRequest('START_NOT_EQUAL_END', { endDate: formatMessage('START_NOT_EQUAL_END') });
  if (b.endDate < b.startDate) throw badRequest('START_BEFORE_END', { endDate: formatMessage('START_BEFORE_END') });
  if (nightsBetween(b.startDate, b.endDate) > 400)
    throw badRequest('INCORRECT_DATES', { endDate: formatMessage('INCORRECT_DATES') });
  let from: MoveInput['from'] = null;
  if (b.from != null) {
    const f = b.from as Record<string, unknown>;
    if (
      !Number.isInteger(f.placeId) ||
      typeof f.startDate !== 'string' ||
      !isValidDate(f.startDate) ||
      typeof f.endDate !== 'string' ||
      !isValidDate(f.endDate)
    ) {
      throw badRequest('VALIDATION_FAILED', { from: formatMessage('INCORRECT_FORM') });
    }
    from = { placeId: f.placeId as number, startDate: f.startDate, endDate: f.endDate };
  }
  return {
    kind: b.kind,
    id: b.id,
    placeId: b.placeId,
    startDate: b.startDate,
    endDate: b.endDate,
    from,
    force: b.force === true,
  };
}
