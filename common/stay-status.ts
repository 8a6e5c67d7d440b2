// Booking kinds and statuses (§4, docs/stays.md#states-and-transitions), shared by the server (api/domain/stays) and
// the screens: the numbers are the `statusId` of the API and of the routes
// (/booking-list/{statusId}); their French labels are the schema's. What a user may do
// on one stay is decided by the server (api/domain/stays/allowed.ts) and answered with
// the booking summary; screens read these lists only to label or filter other stays.
import { meta as bookingMeta } from './generated/meta/booking';

export const STATUS = {
  TEMPORARY: 1,
  CONFIRMED: 2,
  VALIDATED: 3,
  ACCEPTED: 4,
  IN_PROGRESS: 5,
  ARRIVED: 6,
  GONE: 7,
  EARLY_DEPARTURE: 8,
  CANCELLED: 9,
  REFUSED: 10,
  REFUSED_COUNTER: 11,
  TO_INTEGRATE: 12,
  INTEGRATED: 13,
  EXPIRED: 14,
  ABANDONED: 15,
  DELETED: 16,
} as const;

export type StatusId = (typeof STATUS)[keyof typeof STATUS];
export type Kind = 'quote' | 'option' | 'booking' | 'passage';
export type Cancellation = 'none' | 'cancelled' | 'cancelling';

/**
 * Statuses whose occupancies no longer hold their places (the list is repeated in
 * migration 0011's bv_sync_occupancy_reservation: change both together, a unit test
 * compares them).
 */
export const RELEASING: readonly number[] = [
  STATUS.CANCELLED,
  STATUS.REFUSED,
  STATUS.REFUSED_COUNTER,
  STATUS.EXPIRED,
  STATUS.ABANDONED,
  STATUS.DELETED,
];

/** The stay took place: its occupancies are history. */
export const CLOSED: readonly number[] = [STATUS.GONE, STATUS.EARLY_DEPARTURE];

/** Occupancies of a quote never hold places; the other kinds do while the status holds. */
export function holdsPlaces(kind: Kind, statusId: number): boolean {
  return kind !== 'quote' && !RELEASING.includes(statusId);
}

/**
 * Not confirmed yet (a stay being keyed in or processed): the only statuses in which a
 * stay may be without occupancy or place — "confirm" asks for both (§8 (docs/errors.md#messages) "booking needs
 * occupancy and place").
 */
export const UNCONFIRMED: readonly number[] = [STATUS.TEMPORARY, STATUS.IN_PROGRESS];

/** Occupancies, occupants, animals, vehicles and extras may still change. */
export function isModifiable(statusId: number): boolean {
  return !RELEASING.includes(statusId) && !CLOSED.includes(statusId);
}

/**
 * The stay keeps its occupancies as they are (none cancelled, removed or merged away): arrived, or no longer
 * modifiable.
 */
export function keepsOccupancies(statusId: number): boolean {
  return statusId === STATUS.ARRIVED || !isModifiable(statusId);
}

/** Kind changes allowed by "convert" (§4 (docs/stays.md#states-and-transitions): option → booking, booking → option, a
 * quote → another kind). */
export const CONVERSIONS: Record<Kind, readonly Kind[]> = {
  quote: ['option', 'booking', 'passage'],
  option: ['booking'],
  booking: ['option'],
  passage: [],
};

const statusField = bookingMeta.fields.find((f) => f.name === 'statusId')!;
const kindField = bookingMeta.fields.find((f) => f.name === 'kind')!;

export const statusLabel = (id: number): string => statusField.enumLabels?.[String(id)] ?? String(id);
export const kindLabel = (k: string): string => kindField.enumLabels?.[k] ?? k;

/** Days an option is held when no expiry date is given (a setting later). */
export const DEFAULT_OPTION_DAYS = 7;
