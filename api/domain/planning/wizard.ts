// The new-booking wizard's server side (/new-booking): the temporary booking kept in
// step with each step (draft), and the edit of an existing occupancy through the same
// steps. The offer of priced free places: ./wizard-offer.ts; the final save as a quote,
// an option or a booking (or merged into an existing booking): ./wizard-finalize.ts.
// The temporary booking itself is created by the stays module (POST
// /rest/booking/create with temporary: true) and abandoned by it (POST
// /rest/booking/{id}/abandon) when the user leaves the wizard. Prices are the
// server's: every save prices the stay again (stays/pricing.ts); no total is taken from
// the browser.
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { expectedVersion, lockRecord } from '../../rest/write';
import { recordHistory } from '../../rest/history';
import { formatMessage } from '../../../common/messages';
import { formatDateFr } from '../../../common/dates';
import { lockBooking, runAction, addOccupancy, type OccupancyInput } from '../stays/actions';
import { refreshBooking } from '../stays/store';
import { isModifiable, STATUS, UNCONFIRMED } from '../stays/status';
import { pricingBatch } from '../stays/pricing';
import { bookingSummary } from '../stays/routes';
import type { BookingSummary } from '../stays/booking-summary';
import type { BookingRecord } from '../../../common/generated/types';

const DRAFT_STATUSES: number[] = [STATUS.TEMPORARY, STATUS.IN_PROGRESS];

export const optInt = (v: unknown): number | null => (Number.isInteger(v) && (v as number) > 0 ? (v as number) : null);

export interface DraftBody {
  customerId?: number | null;
  accessChannelId?: number | null;
  partnerId?: number | null;
  notes?: string | null;
  promoCode?: string | null;
  discountIds?: number[];
  withCancellationInsurance?: boolean;
  occupancy?: OccupancyInput;
}

/** Booking fields a draft may set (a price is never among them: the server computes it). */
const DRAFT_BOOKING_FIELDS = [
  'customerId',
  'accessChannelId',
  'partnerId',
  'notes',
  'promoCode',
  'discountIds',
  'withCancellationInsurance',
] as const;

export async function lockDraft(trx: Knex.Transaction, id: number): Promise<BookingRecord> {
  const b = await lockBooking(trx, id);
  if (!DRAFT_STATUSES.includes(b.statusId)) throw badRequest('DRAFT_ALREADY_SAVED');
  return b;
}

/** A list of the body (its items checked by the write path), refused when not a short array. */
const arr = <T>(v: T[] | null | undefined, name: string): T[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 200)
    throw badRequest('INCORRECT_FORM', { [name]: formatMessage('INCORRECT_FORM') });
  return v;
};

/**
 * Replaces an occupancy's place, dates, manual prices and its occupants, animals,
 * vehicles and extras as a whole, through the generic write path (the stays rules
 * apply: free place, capacity…). Its attendants stay.
 */
async function replaceOccupancy(
  trx: Knex.Transaction,
  occupancyId: number,
  o: OccupancyInput,
  userId: number | null,
): Promise<void> {
  const details = arr(o.details, 'details'),
    animals = arr(o.animals, 'animals'),
    vehicles = arr(o.vehicles, 'vehicles'),
    extras = arr(o.extras, 'extras');
  // Children first (a smaller place must not be refused for the occupants it is about to lose).
  for (const t of ['occupancy_detail', 'occupancy_animal', 'occupancy_vehicle', 'occupancy_extra'])
    await trx(t).where('occupancyId', occupancyId).delete();
  const patch: Record<string, unknown> = {};
  for (const f of ['placeId', 'equipmentId', 'startDate', 'endDate', 'notes', 'priceOverrides'] as const)
    if (f in o) patch[f] = o[f];
  await saveRecord(trx, entityMeta('occupancy'), patch, userId, occupancyId);
  for (const d of details) await saveRecord(trx, entityMeta('occupancy-detail'), { ...d, occupancyId }, userId, 0);
  for (const a of animals) await saveRecord(trx, entityMeta('occupancy-animal'), { ...a, occupancyId }, userId, 0);
  for (const v of vehicles) await saveRecord(trx, entityMeta('occupancy-vehicle'), { ...v, occupancyId }, userId, 0);
  for (const x of extras) await saveRecord(trx, entityMeta('occupancy-extra'), { ...x, occupancyId }, userId, 0);
}

/** The booking fields of a draft body, then its occupancy (the first active one, created when missing). */
async function applyDraft(
  trx: Knex.Transaction,
  bookingId: number,
  occupancyId: number | null,
  body: DraftBody,
  userId: number | null,
): Promise<void> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('INCORRECT_FORM');
  await pricingBatch(trx, async () => {
    const fields: Record<string, unknown> = {};
    for (const f of DRAFT_BOOKING_FIELDS) if (f in body) fields[f] = body[f];
    if (Object.keys(fields).length) await saveRecord(trx, entityMeta('booking'), fields, userId, bookingId);
    const o = body.occupancy;
    if (!o) return;
    if (typeof o !== 'object') throw badRequest('INCORRECT_FORM');
    const occ = occupancyId
      ? { id: occupancyId }
      : await trx('occupancy').where({ bookingId, isCancelled: false }).orderBy('id').first('id');
    if (!occ) await addOccupancy(trx, bookingId, o, userId);
    else await replaceOccupancy(trx, occ.id, o, userId);
  });
  await refreshBooking(trx, bookingId);
}

/**
 * Brings the temporary booking in step with the wizard: booking fields, then its
 * occupancy (place, equipment, dates, manual prices) and the occupancy's occupants,
 * animals, vehicles and extras, replaced as a whole; the stay is priced again.
 */
export async function saveDraft(
  knex: Knex,
  id: number,
  body: DraftBody,
  userId: number | null,
): Promise<BookingSummary> {
  await knex.transaction(async (trx) => {
    await lockDraft(trx, id);
    await applyDraft(trx, id, null, body, userId);
  });
  return bookingSummary(knex, id);
}

/**
 * The wizard is still being used on this draft (keys typed, clicks) though nothing was
 * saved: it is not idle, the sweep that abandons idle drafts (stays/sweeps.ts) waits.
 */
export async function touchDraft(knex: Knex, id: number): Promise<void> {
  await knex.transaction(async (trx) => {
    await lockDraft(trx, id);
    await trx('booking').where('id', id).update({ updatedAt: trx.fn.now() });
  });
}

/**
 * The wizard was closed on this draft: abandoned now (its places freed), if it is still
 * a draft — a draft saved or abandoned meanwhile is left alone (answers false).
 */
export async function releaseDraft(knex: Knex, id: number, userId: number | null): Promise<boolean> {
  const done = await runAction(knex, id, 'abandon', {}, userId, {
    when: async (_trx, b) => UNCONFIRMED.includes(b.statusId),
    detail: () => 'Séjour temporaire abandonné : assistant fermé avant l’enregistrement',
  });
  return done !== null;
}

/**
 * The wizard editing an existing occupancy (/new-booking/…/{bookingId}/0/{occupancyId}/…):
 * the same body as a draft, saved back onto that occupancy and its booking in one
 * transaction, priced again (a manual price is kept), with a history line.
 */
export async function saveOccupancy(
  knex: Knex,
  occupancyId: number,
  body: DraftBody,
  userId: number | null,
  versions: EditVersions = {},
): Promise<BookingSummary> {
  const bookingId = await knex.transaction(async (trx) => {
    const found = await trx('occupancy').where('id', occupancyId).first('bookingId');
    if (!found) throw notFound();
    // The booking and its occupancies locked, then the versions the wizard read checked:
    // a stay changed meanwhile by someone else is a 409, never overwritten.
    const booking = await lockBooking(trx, found.bookingId, versions.booking);
    const occ = await lockRecord(trx, entityMeta('occupancy'), occupancyId, versions.occupancy);
    if (occ.isCancelled || !isModifiable(booking.statusId)) throw badRequest('INVALID_TRANSITION');
    // The customer is the booking's: not changed from here.
    const {
      customerId: _c,
      version: _v,
      bookingVersion: _bv,
      ...rest
    } = (body ?? {}) as DraftBody & { version?: unknown; bookingVersion?: unknown };
    await applyDraft(trx, occ.bookingId, occupancyId, rest, userId);
    const after = await trx('occupancy').where('id', occupancyId).first('startDate', 'endDate');
    await recordHistory(trx, {
      userId,
      entity: entityMeta('booking'),
      recordId: occ.bookingId,
      action: 'action',
      detail:
        `Occupation modifiée par l'assistant : du ${formatDateFr(after.startDate)} au ` +
        `${formatDateFr(after.endDate)}`,
    });
    return occ.bookingId as number;
  });
  return bookingSummary(knex, bookingId);
}

/** The versions the wizard read of the edited occupancy and of its booking (absent: not checked). */
export interface EditVersions {
  occupancy?: number;
  booking?: number;
}

/** `version` (or If-Match): the occupancy's; `bookingVersion`: its booking's. */
export function editVersions(body: unknown, ifMatch?: string | null): EditVersions {
  const bv = body && typeof body === 'object' ? (body as { bookingVersion?: unknown }).bookingVersion : undefined;
  return {
    occupancy: expectedVersion(body, ifMatch),
    booking: bv === undefined || bv === null ? undefined : expectedVersion({ version: bv }),
  };
}
