// The connector interface every channel implements (docs/channels.md « Connectors »), and
// the one shape of a booking received from any channel, whatever its wire format.
import type { ChannelLine } from '../stays/channel-price';

/** A booking as a channel sends it, in our units (integer cents, YYYY-MM-DD, half-open stay). */
export interface ChannelBooking {
  /** the channel's booking id: the key of idempotency */
  externalRef: string;
  status: 'confirmed' | 'cancelled';
  /** when the channel last changed it (ISO date-time), to apply changes in order */
  modifiedAt: string | null;
  /** the channel's room type (mapped to a place type) and, when it assigns one, its unit */
  roomType: string | null;
  unit: string | null;
  startDate: string;
  endDate: string;
  guest: {
    lastName: string;
    firstName?: string | null;
    email?: string | null;
    phone?: string | null;
    address1?: string | null;
    postalCode?: string | null;
    town?: string | null;
    countryIso?: string | null;
  };
  adults: number;
  children: number;
  infants: number;
  childAges: number[];
  animals: number;
  currency: string;
  /** what the guest pays for the stay, and what the channel already collected */
  total: number;
  collected: number;
  commission: number | null;
  lines: ChannelLine[];
  cancellationReason?: string | null;
  /** the raw record, kept on the online booking for support */
  raw: unknown;
}

/** Free places of a mapped place type on a night, as pushed to a channel. */
export interface AvailabilityRow {
  roomType: string;
  date: string;
  free: number;
}

/** A night's price and stay rules of a mapped place type. */
export interface RateRow {
  roomType: string;
  ratePlan: string | null;
  date: string;
  /** price of a night for the persons included, cents; null: not sold that night */
  price: number | null;
  minNights: number | null;
  maxNights: number | null;
  closedToArrival: boolean;
}

export interface PullResult {
  bookings: ChannelBooking[];
  /** where the next pull starts (opaque to the scheduler) */
  cursor: string | null;
  pages: number;
}

/** What a channel connector does; an operation it does not support is left undefined. */
export interface Connector {
  pullBookings?(cursor: string | null): Promise<PullResult>;
  pushAvailability?(rows: AvailabilityRow[]): Promise<{ bytes: number }>;
  pushRates?(rows: RateRow[]): Promise<{ bytes: number }>;
  acknowledge?(refs: { externalRef: string; bookingCode: string }[]): Promise<void>;
}

/** A channel connector failed: the French message is for the sync log and the health screen. */
export class ChannelError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryAfterMs: number | null = null,
    /** a wrong key or a missing setting: retrying soon will not help */
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** What receiving one channel booking did (receive.ts, stay-changes.ts). */
export type Outcome = 'unchanged' | 'queued' | 'integrated' | 'updated' | 'cancelled' | 'cancelling' | 'problem';
