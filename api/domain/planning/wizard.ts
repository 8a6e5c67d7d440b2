// The new-booking wizard's server side (/new-booking): the free places of a stay
// with their prices (availability search of the stays module + pricing engine), the
// temporary booking kept in step with each step (draft), and the final save as a
// quote, an option or a booking (or merged into an existing booking). The temporary
// booking itself is created by the stays module (POST /rest/booking/create with
// temporary: true) and abandoned by it (POST /rest/booking/{id}/abandon) when the
// user leaves the wizard.
import type { Knex } from 'knex';
import { badRequest, HttpError } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { parseAvailabilityQuery, searchAvailability } from '../stays/availability';
import { createBooking, lockBooking, mergeBookings, runAction, addOccupancy, type OccupancyInput } from '../stays/actions';
import { placeConflict, refreshBooking } from '../stays/store';
import { STATUS } from '../stays/status';
import { bookingSummary } from '../stays/routes';
import { quoteForStay } from '../pricing/quote-for-stay';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

const DRAFT_STATUSES: number[] = [STATUS.TEMPORARY, STATUS.IN_PROGRESS];

interface Occupant { ageCategoryId: number; quantity: number }

function parseOccupants(v: unknown): Occupant[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 50) throw badRequest('INCORRECT_FORM', { occupants: formatMessage('INCORRECT_FORM') });
  return v.map((o: any, i: number) => {
    if (!o || !Number.isInteger(o.ageCategoryId) || !Number.isInteger(o.quantity) || o.quantity < 0 || o.quantity > 100) {
      throw badRequest('VALIDATION_FAILED', { [`occupants.${i}`]: formatMessage('INVALID_INTEGER') });
    }
    return { ageCategoryId: o.ageCategoryId, quantity: o.quantity };
  }).filter((o) => o.quantity > 0);
}

const optInt = (v: unknown): number | null => (Number.isInteger(v) && (v as number) > 0 ? (v as number) : null);

/**
 * Free places for a stay, each with the price of its type (one quote per place type):
 * `{ places: [...availability row, total, warnings, priceError], types: [...] }`.
 * `tempBookingId`: the wizard's own temporary booking — the places it holds count as free.
 */
export async function offer(db: Db, body: any): Promise<Row> {
  const b = body ?? {};
  const occupants = parseOccupants(b.occupants);
  const persons = occupants.reduce((s, o) => s + o.quantity, 0);
  const q = parseAvailabilityQuery({ ...b, persons, limit: b.limit ?? 1000 });
  if (!occupants.length) throw badRequest('NO_OCCUPANTS', { occupants: formatMessage('NO_OCCUPANTS') });
  const found = await searchAvailability(db, q);
  const tempId = optInt(b.tempBookingId);
  if (tempId) {
    const held = await db('occupancy').where({ bookingId: tempId, isCancelled: false }).whereNotNull('placeId').select('id', 'placeId');
    for (const h of held) {
      if (found.some((p) => p.placeId === h.placeId)) continue;
      if (await placeConflict(db, h.placeId, q.startDate, q.endDate, { occupancyId: h.id })) continue;
      // Its own hold hides it from the search: read the place and accept it if it matches.
      const p = await db('place as p').join('place_type as t', 't.id', 'p.placeTypeId').join('place_family as f', 'f.id', 't.placeFamilyId').leftJoin('layout as l', 'l.id', 'p.layoutId')
        .where('p.id', h.placeId).where('p.isActive', true).where('p.capacity', '>=', persons)
        .first('p.id as placeId', 'p.code', 'p.label', 'p.capacity', 'p.surface', 'p.sleepingCapacity', 'p.placeTypeId', 't.label as placeTypeLabel', 't.placeFamilyId', 'f.label as placeFamilyLabel', 'p.layoutId', 'l.label as layoutLabel');
      if (p && (!q.placeTypeId || p.placeTypeId === q.placeTypeId) && (!q.layoutId || p.layoutId === q.layoutId) && (!q.placeFamilyId || p.placeFamilyId === q.placeFamilyId)) found.unshift({ ...p, features: [], heldByDraft: true });
    }
  }
  const typeIds = [...new Set(found.map((p) => p.placeTypeId as number))];
  const types: Row[] = [];
  for (const placeTypeId of typeIds) {
    const first = found.find((p) => p.placeTypeId === placeTypeId)!;
    try {
      const quote = await quoteForStay(db, {
        placeTypeId, startDate: q.startDate, endDate: q.endDate, occupants,
        partnerId: q.partnerId, channelId: optInt(b.channelId), promoCode: typeof b.promoCode === 'string' && b.promoCode.trim() ? b.promoCode.trim() : null,
      });
      types.push({ placeTypeId, label: first.placeTypeLabel, total: quote.total, touristTaxTotal: quote.touristTaxTotal, warnings: quote.warnings, priceError: null });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      types.push({ placeTypeId, label: first.placeTypeLabel, total: null, touristTaxTotal: null, warnings: [], priceError: e.message });
    }
  }
  const byType = new Map(types.map((t) => [t.placeTypeId, t]));
  return {
    startDate: q.startDate, endDate: q.endDate, persons,
    places: found.map((p) => ({ ...p, total: byType.get(p.placeTypeId)?.total ?? null, priceError: byType.get(p.placeTypeId)?.priceError ?? null })),
    types,
  };
}

export interface DraftBody {
  customerId?: number | null;
  accessChannelId?: number | null;
  partnerId?: number | null;
  notes?: string | null;
  totalAmount?: number | null;
  occupancy?: OccupancyInput;
}

async function lockDraft(trx: Knex.Transaction, id: number): Promise<Row> {
  const b = await lockBooking(trx, id);
  if (!DRAFT_STATUSES.includes(b.statusId)) throw badRequest('DRAFT_ALREADY_SAVED');
  return b;
}

const arr = (v: unknown, name: string): any[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > 200) throw badRequest('INCORRECT_FORM', { [name]: formatMessage('INCORRECT_FORM') });
  return v;
};

/**
 * Brings the temporary booking in step with the wizard: booking fields, then its
 * occupancy (place, equipment, dates) and the occupancy's occupants, animals,
 * vehicles and extras, replaced as a whole. Everything goes through the generic write
 * path, so the stays rules (free place, capacity…) apply.
 */
export async function saveDraft(knex: Knex, id: number, body: DraftBody, userId: number | null): Promise<Row> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('INCORRECT_FORM');
  await knex.transaction(async (trx) => {
    await lockDraft(trx, id);
    const fields: Row = {};
    for (const f of ['customerId', 'accessChannelId', 'partnerId', 'notes', 'totalAmount'] as const) if (f in body) fields[f] = (body as Row)[f];
    if (Object.keys(fields).length) await saveRecord(trx, entityMeta('booking'), fields, userId, id);
    const o = body.occupancy;
    if (!o) return;
    if (typeof o !== 'object') throw badRequest('INCORRECT_FORM');
    const occ = await trx('occupancy').where({ bookingId: id, isCancelled: false }).orderBy('id').first('id');
    if (!occ) {
      await addOccupancy(trx, id, o, userId);
    } else {
      const details = arr(o.details, 'details'), animals = arr(o.animals, 'animals'), vehicles = arr(o.vehicles, 'vehicles'), extras = arr(o.extras, 'extras');
      // Children first (a smaller place must not be refused for the occupants it is about to lose).
      for (const t of ['occupancy_detail', 'occupancy_animal', 'occupancy_vehicle', 'occupancy_extra']) await trx(t).where('occupancyId', occ.id).delete();
      const patch: Row = {};
      for (const f of ['placeId', 'equipmentId', 'startDate', 'endDate', 'notes'] as const) if (f in o) patch[f] = (o as Row)[f];
      await saveRecord(trx, entityMeta('occupancy'), patch, userId, occ.id);
      for (const d of details) await saveRecord(trx, entityMeta('occupancy-detail'), { ...d, occupancyId: occ.id }, userId, 0);
      for (const a of animals) await saveRecord(trx, entityMeta('occupancy-animal'), { ...a, occupancyId: occ.id }, userId, 0);
      for (const v of vehicles) await saveRecord(trx, entityMeta('occupancy-vehicle'), { ...v, occupancyId: occ.id }, userId, 0);
      for (const x of extras) await saveRecord(trx, entityMeta('occupancy-extra'), { ...x, occupancyId: occ.id }, userId, 0);
    }
    await refreshBooking(trx, id);
  });
  return bookingSummary(knex, id);
}

export interface FinalizeBody {
  kind: 'quote' | 'option' | 'booking';
  optionExpiryDate?: string | null;
  totalAmount?: number | null;
  /** add the wizard's occupancy to this existing booking instead */
  intoBookingId?: number | null;
}

export function parseFinalize(body: any): FinalizeBody {
  const b = body ?? {};
  const intoBookingId = optInt(b.intoBookingId);
  if (!intoBookingId && !['quote', 'option', 'booking'].includes(b.kind)) throw badRequest('SELECT_STATUS', { kind: formatMessage('SELECT_STATUS') });
  if (b.optionExpiryDate != null && (typeof b.optionExpiryDate !== 'string' || !isValidDate(b.optionExpiryDate))) throw badRequest('VALIDATION_FAILED', { optionExpiryDate: formatMessage('INVALID_DATE') });
  if (b.totalAmount != null && (!Number.isSafeInteger(b.totalAmount) || b.totalAmount < 0)) throw badRequest('VALIDATION_FAILED', { totalAmount: formatMessage('MUST_BE_POSITIVE') });
  return { kind: b.kind, optionExpiryDate: b.optionExpiryDate ?? null, totalAmount: b.totalAmount ?? null, intoBookingId };
}

/**
 * The wizard's last step: the temporary booking becomes a booking or an option
 * (convert, then confirm: customer and place required), or a quote (a new quote with
 * the same content — a holding booking cannot become a quote — and the temporary one
 * abandoned), or its occupancy joins an existing booking (merge).
 */
export async function finalizeDraft(knex: Knex, id: number, f: FinalizeBody, userId: number | null): Promise<Row> {
  const current = await knex('booking').where('id', id).first();
  if (!current) throw new HttpError(404, 'NOT_FOUND');
  if (!DRAFT_STATUSES.includes(current.statusId)) throw badRequest('DRAFT_ALREADY_SAVED');
  if (f.intoBookingId) {
    const into = await knex('booking').where('id', f.intoBookingId).first('id', 'customerId', 'totalAmount');
    if (!into) throw badRequest('NOT_FOUND', { intoBookingId: formatMessage('NOT_FOUND') });
    const merged = await mergeBookings(knex, f.intoBookingId, id, userId);
    const add = f.totalAmount ?? current.totalAmount;
    if (add != null) await knex('booking').where('id', merged.id).update({ totalAmount: (into.totalAmount ?? 0) + add });
    return bookingSummary(knex, merged.id);
  }
  if (f.totalAmount != null) await saveRecord(knex, entityMeta('booking'), { totalAmount: f.totalAmount }, userId, id);
  if (f.kind === 'quote') {
    const s = await bookingSummary(knex, id);
    if (!s.booking.customerId) throw badRequest('CUSTOMER_NOT_INITIALISED', { customerId: formatMessage('CUSTOMER_NOT_INITIALISED') });
    const quote = await createBooking(knex, {
      kind: 'quote', customerId: s.booking.customerId, partnerId: s.booking.partnerId, accessChannelId: s.booking.accessChannelId,
      notes: s.booking.notes, totalAmount: f.totalAmount ?? s.booking.totalAmount,
      occupancies: s.occupancies.filter((o: Row) => !o.isCancelled).map((o: Row) => ({
        placeId: o.placeId, equipmentId: o.equipmentId, startDate: o.startDate, endDate: o.endDate, notes: o.notes,
        details: o.details.map((d: Row) => ({ ageCategoryId: d.ageCategoryId, quantity: d.quantity })),
        animals: o.animals.map((a: Row) => ({ animalTypeId: a.animalTypeId, quantity: a.quantity, customerAnimalId: a.customerAnimalId ?? null })),
        vehicles: o.vehicles.map((v: Row) => ({ vehicleTypeId: v.vehicleTypeId, licencePlate: v.licencePlate, customerVehicleId: v.customerVehicleId ?? null })),
        extras: o.extras.map((x: Row) => ({ extraId: x.extraId, quantity: x.quantity, startDate: x.startDate, endDate: x.endDate })),
      })),
    }, userId);
    await runAction(knex, id, 'abandon', {}, userId);
    return bookingSummary(knex, quote.id);
  }
  if (f.kind === 'option') await runAction(knex, id, 'convert', { kind: 'option', date: f.optionExpiryDate ?? null }, userId);
  await runAction(knex, id, 'confirm', {}, userId);
  return bookingSummary(knex, id);
}
