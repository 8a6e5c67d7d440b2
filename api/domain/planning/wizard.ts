// The new-booking wizard's server side (/new-booking): the free places of a stay
// with their prices (availability search of the stays module + pricing engine), the
// temporary booking kept in step with each step (draft), and the final save as a
// quote, an option or a booking (or merged into an existing booking); and the edit of
// an existing occupancy through the same steps. The temporary booking itself is created
// by the stays module (POST /rest/booking/create with temporary: true) and abandoned by
// it (POST /rest/booking/{id}/abandon) when the user leaves the wizard. Prices are the
// server's: every save prices the stay again (stays/pricing.ts); no total is taken from
// the browser.
import type { Knex } from 'knex';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { expectedVersion, lockRecord } from '../../rest/write';
import { recordHistory } from '../../rest/history';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { formatDateFr } from '../../../common/dates';
import { parseAvailabilityQuery, searchAvailability } from '../stays/availability';
import {
  createBooking,
  lockBooking,
  mergeBookings,
  runAction,
  addOccupancy,
  type OccupancyInput,
} from '../stays/actions';
import { placeConflict, refreshBooking } from '../stays/store';
import { isModifiable, STATUS, UNCONFIRMED } from '../stays/status';
import { pricingBatch } from '../stays/pricing';
import { bookingSummary } from '../stays/routes';
import { quoteForStay } from '../pricing/quote-for-stay';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

const DRAFT_STATUSES: number[] = [STATUS.TEMPORARY, STATUS.IN_PROGRESS];

interface Occupant {
  ageCategoryId: number;
  quantity: number;
}

function parseOccupants(v: unknown): Occupant[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 50)
    throw badRequest('INCORRECT_FORM', { occupants: formatMessage('INCORRECT_FORM') });
  return v
    .map((o: any, i: number) => {
      if (
        !o ||
        !Number.isInteger(o.ageCategoryId) ||
        !Number.isInteger(o.quantity) ||
        o.quantity < 0 ||
        o.quantity > 100
      ) {
        throw badRequest('VALIDATION_FAILED', { [`occupants.${i}`]: formatMessage('INVALID_INTEGER') });
      }
      return { ageCategoryId: o.ageCategoryId, quantity: o.quantity };
    })
    .filter((o) => o.quantity > 0);
}

const optInt = (v: unknown): number | null => (Number.isInteger(v) && (v as number) > 0 ? (v as number) : null);

/**
 * Free places for a stay, each with the price of its type (one quote per place type):
 * `{ places: [...availability row, total, warnings, priceError], types: [...] }`.
 * `tempBookingId`: the wizard's own temporary booking, `occupancyId`: the occupancy it
 * edits — the places they hold count as free.
 */
export async function offer(db: Db, body: any): Promise<Row> {
  const b = body ?? {};
  const occupants = parseOccupants(b.occupants);
  const persons = occupants.reduce((s, o) => s + o.quantity, 0);
  const q = parseAvailabilityQuery({ ...b, persons, limit: b.limit ?? 1000 });
  if (!occupants.length) throw badRequest('NO_OCCUPANTS', { occupants: formatMessage('NO_OCCUPANTS') });
  const found = await searchAvailability(db, q);
  const tempId = optInt(b.tempBookingId);
  const editedId = optInt(b.occupancyId);
  if (tempId || editedId) {
    const held = await db('occupancy')
      .where(tempId ? { bookingId: tempId } : { id: editedId })
      .where('isCancelled', false)
      .whereNotNull('placeId')
      .select('id', 'placeId');
    for (const h of held) {
      if (found.some((p) => p.placeId === h.placeId)) continue;
      if (await placeConflict(db, h.placeId, q.startDate, q.endDate, { occupancyId: h.id })) continue;
      // Its own hold hides it from the search: read the place and accept it if it matches.
      const p = await db('place as p')
        .join('place_type as t', 't.id', 'p.placeTypeId')
        .join('place_family as f', 'f.id', 't.placeFamilyId')
        .leftJoin('layout as l', 'l.id', 'p.layoutId')
        .where('p.id', h.placeId)
        .where('p.isActive', true)
        .where('p.capacity', '>=', persons)
        .first(
          'p.id as placeId',
          'p.code',
          'p.label',
          'p.capacity',
          'p.surface',
          'p.sleepingCapacity',
          'p.placeTypeId',
          't.label as placeTypeLabel',
          't.placeFamilyId',
          'f.label as placeFamilyLabel',
          'p.layoutId',
          'l.label as layoutLabel',
        );
      if (
        p &&
        (!q.placeTypeId || p.placeTypeId === q.placeTypeId) &&
        (!q.layoutId || p.layoutId === q.layoutId) &&
        (!q.placeFamilyId || p.placeFamilyId === q.placeFamilyId)
      )
        found.unshift({ ...p, features: [], heldByDraft: true });
    }
  }
  const typeIds = [...new Set(found.map((p) => p.placeTypeId as number))];
  const types: Row[] = [];
  for (const placeTypeId of typeIds) {
    const first = found.find((p) => p.placeTypeId === placeTypeId)!;
    try {
      const quote = await quoteForStay(db, {
        placeTypeId,
        startDate: q.startDate,
        endDate: q.endDate,
        occupants,
        partnerId: q.partnerId,
        channelId: optInt(b.channelId),
        promoCode: typeof b.promoCode === 'string' && b.promoCode.trim() ? b.promoCode.trim() : null,
      });
      types.push({
        placeTypeId,
        label: first.placeTypeLabel,
        total: quote.total,
        touristTaxTotal: quote.touristTaxTotal,
        warnings: quote.warnings,
        priceError: null,
      });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      types.push({
        placeTypeId,
        label: first.placeTypeLabel,
        total: null,
        touristTaxTotal: null,
        warnings: [],
        priceError: e.message,
      });
    }
  }
  const byType = new Map(types.map((t) => [t.placeTypeId, t]));
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    persons,
    places: found.map((p) => ({
      ...p,
      total: byType.get(p.placeTypeId)?.total ?? null,
      priceError: byType.get(p.placeTypeId)?.priceError ?? null,
    })),
    types,
  };
}

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

async function lockDraft(trx: Knex.Transaction, id: number): Promise<Row> {
  const b = await lockBooking(trx, id);
  if (!DRAFT_STATUSES.includes(b.statusId)) throw badRequest('DRAFT_ALREADY_SAVED');
  return b;
}

const arr = (v: unknown, name: string): any[] => {
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
  const patch: Row = {};
  for (const f of ['placeId', 'equipmentId', 'startDate', 'endDate', 'notes', 'priceOverrides'] as const)
    if (f in o) patch[f] = (o as Row)[f];
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
    const fields: Row = {};
    for (const f of DRAFT_BOOKING_FIELDS) if (f in body) fields[f] = (body as Row)[f];
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
export async function saveDraft(knex: Knex, id: number, body: DraftBody, userId: number | null): Promise<Row> {
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
): Promise<Row> {
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
export function editVersions(body: any, ifMatch?: string | null): EditVersions {
  const bv = body && typeof body === 'object' ? body.bookingVersion : undefined;
  return {
    occupancy: expectedVersion(body, ifMatch),
    booking: bv === undefined || bv === null ? undefined : expectedVersion({ version: bv }),
  };
}

export interface FinalizeBody {
  kind: 'quote' | 'option' | 'booking';
  optionExpiryDate?: string | null;
  /** add the wizard's occupancy to this existing booking instead */
  intoBookingId?: number | null;
}

/** The last step's choices; a total sent by an older screen is ignored (the server prices). */
export function parseFinalize(body: any): FinalizeBody {
  const b = body ?? {};
  const intoBookingId = optInt(b.intoBookingId);
  if (!intoBookingId && !['quote', 'option', 'booking'].includes(b.kind))
    throw badRequest('SELECT_STATUS', { kind: formatMessage('SELECT_STATUS') });
  if (b.optionExpiryDate != null && (typeof b.optionExpiryDate !== 'string' || !isValidDate(b.optionExpiryDate)))
    throw badRequest('VALIDATION_FAILED', { optionExpiryDate: formatMessage('INVALID_DATE') });
  return { kind: b.kind, optionExpiryDate: b.optionExpiryDate ?? null, intoBookingId };
}

/** A new quote with the content of a draft (a holding booking cannot become a quote). */
async function copyAsQuote(trx: Knex.Transaction, id: number, userId: number | null): Promise<number> {
  const s = await bookingSummary(trx, id);
  const b = s.booking;
  if (!b.customerId)
    throw badRequest('CUSTOMER_NOT_INITIALISED', { customerId: formatMessage('CUSTOMER_NOT_INITIALISED') });
  const quote = await createBooking(
    trx,
    {
      kind: 'quote',
      customerId: b.customerId,
      partnerId: b.partnerId,
      accessChannelId: b.accessChannelId,
      notes: b.notes,
      promoCode: b.promoCode,
      discountIds: b.discountIds,
      withCancellationInsurance: b.withCancellationInsurance,
      occupancies: s.occupancies
        .filter((o: Row) => !o.isCancelled)
        .map((o: Row) => ({
          placeId: o.placeId,
          equipmentId: o.equipmentId,
          startDate: o.startDate,
          endDate: o.endDate,
          notes: o.notes,
          priceOverrides: o.priceOverrides,
          details: o.details.map((d: Row) => ({
            ageCategoryId: d.ageCategoryId,
            quantity: d.quantity,
            exemptQuantity: d.exemptQuantity,
            touristTaxExemptionId: d.touristTaxExemptionId,
          })),
          animals: o.animals.map((a: Row) => ({
            animalTypeId: a.animalTypeId,
            quantity: a.quantity,
            customerAnimalId: a.customerAnimalId ?? null,
          })),
          vehicles: o.vehicles.map((v: Row) => ({
            vehicleTypeId: v.vehicleTypeId,
            licencePlate: v.licencePlate,
            customerVehicleId: v.customerVehicleId ?? null,
          })),
          extras: o.extras.map((x: Row) => ({
            extraId: x.extraId,
            quantity: x.quantity,
            startDate: x.startDate,
            endDate: x.endDate,
          })),
        })),
    },
    userId,
    trx,
  );
  await runAction(trx, id, 'abandon', {}, userId);
  return quote.id;
}

/**
 * The wizard's last step, in ONE transaction: the temporary booking becomes a booking or
 * an option (convert, then confirm: customer and place required), or a quote (a new
 * quote with the same content, the temporary one abandoned), or its occupancy joins an
 * existing booking (merge). The price is the one the server stored with the last draft.
 */
export async function finalizeDraft(knex: Knex, id: number, f: FinalizeBody, userId: number | null): Promise<Row> {
  const savedId = await knex.transaction(async (trx) => {
    await lockDraft(trx, id);
    if (f.intoBookingId) {
      if (!(await trx('booking').where('id', f.intoBookingId).first('id')))
        throw badRequest('NOT_FOUND', { intoBookingId: formatMessage('NOT_FOUND') });
      return (await mergeBookings(trx, f.intoBookingId, id, userId)).id as number;
    }
    if (f.kind === 'quote') return copyAsQuote(trx, id, userId);
    // The draft is a booking until now: its history says the stay was made an option, not « converted ».
    if (f.kind === 'option') {
      await runAction(trx, id, 'convert', { kind: 'option', date: f.optionExpiryDate ?? null }, userId, {
        detail: (d) => `Posée en option jusqu'au ${formatDateFr(String(d.patch.optionExpiryDate))}`,
      });
    }
    await runAction(trx, id, 'confirm', {}, userId);
    return id;
  });
  return bookingSummary(knex, savedId);
}
