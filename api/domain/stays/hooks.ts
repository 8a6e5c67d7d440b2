// The stay rules on the generic write path (/rest/booking, /rest/occupancy and its
// children, /rest/unavailability, partner allotments): the same checks as the
// business routes, so that no shape of the API gets round them. Statuses, the
// cancellation marker and the derived columns are read-only in the schemas: only the
// business actions (actions.ts) change them.
import type { BookingRecord } from '../../../common/generated/types';
import { stayCapacity } from '../pricing/capacity';
import type { Knex } from 'knex';
import { registerHooks, entityMeta } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { recordHistory } from '../../rest/history';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { addDays, todayParis } from '../../../common/dates';
import { noOverlappingPeriods } from '../reference/rules';
import { allotmentOn, assertPlaceFree, bookingFacts, occupancyPersons, refreshBooking } from './store';
import { stayPreferences } from './preferences';
import { holdsPlaces, isModifiable, kindLabel, RELEASING, STATUS, UNCONFIRMED } from './status';
import { decide, TransitionError } from './state-machine';
import { registerStayDateRules } from './date-rules';

type Row = Record<string, any>;
type Trx = Knex.Transaction;

const refuse = (code: MessageCode, field?: string) =>
  badRequest(code, field ? { [field]: formatMessage(code) } : undefined);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const changedFields = (before: Row, after: Row, fields: string[]) => fields.filter((f) => !same(before[f], after[f]));

async function loadBooking(trx: Trx, id: number): Promise<Row | undefined> {
  return trx('booking').where('id', id).first();
}

/** Occupancies and their details, animals, vehicles and extras change only while the stay is open. */
function assertModifiable(booking: Row | undefined): void {
  if (booking && !isModifiable(booking.statusId)) throw refuse('INVALID_TRANSITION');
}

/**
 * A confirmed stay keeps at least one active occupancy (§8 "booking needs occupancy and
 * place"): refuses taking `occupancyId` away from it (delete, cancel, move to another
 * stay). The booking row is locked, so two requests removing its last two occupancies
 * one each are serialised and the second sees the first's removal.
 */
export async function assertKeepsAnOccupancy(trx: Trx, bookingId: number, occupancyId: number): Promise<void> {
  const booking = await trx('booking').where('id', bookingId).forUpdate().first('statusId');
  if (!booking || UNCONFIRMED.includes(booking.statusId) || !isModifiable(booking.statusId)) return;
  const other = await trx('occupancy').where({ bookingId, isCancelled: false }).whereNot('id', occupancyId).first('id');
  if (!other) throw refuse('BOOKING_NEEDS_OCCUPANCY');
}

async function bookingOfOccupancy(
  trx: Trx,
  occupancyId: number,
  lock = false,
): Promise<{ occupancy: Row; booking: Row } | undefined> {
  const q = trx('occupancy').where('id', occupancyId);
  if (lock) q.forUpdate();
  const occupancy = await q.first();
  if (!occupancy) return undefined;
  return { occupancy, booking: (await loadBooking(trx, occupancy.bookingId))! };
}

/**
 * The most persons an occupancy may hold: the smaller of its place's capacity and its
 * equipment's (an 8-person tent does not make a 2-person pitch hold 8); either alone
 * when the other is not known yet.
 */
async function capacityOf(trx: Trx, occ: Row): Promise<number | null> {
  return stayCapacity(trx, occ);
}

function registerBookingHooks(): void {
  const meta = entityMeta('booking');
  registerHooks('booking', {
    async beforeSave(rec, existing, { trx }) {
      if (!existing) {
        if (rec.kind === 'option' && !rec.optionExpiryDate)
          rec.optionExpiryDate = addDays(todayParis(), (await stayPreferences(trx)).optionDays);
        return;
      }
      if (RELEASING.includes(existing.statusId)) {
        // A cancelled, refused, expired or deleted stay keeps its data; only notes change.
        const changed = changedFields(
          existing,
          rec,
          meta.fields.filter((f) => !f.system && !f.readOnly && f.name !== 'notes').map((f) => f.name),
        );
        if (changed.length) throw refuse('INVALID_TRANSITION', changed[0]);
        return;
      }
      const facts = await bookingFacts(trx, existing as BookingRecord); // the generic write path hands the stored row
      if (rec.kind !== existing.kind) {
        try {
          const d = decide(
            facts,
            'convert',
            { kind: rec.kind, date: rec.optionExpiryDate },
            { today: todayParis(), now: new Date().toISOString() },
          );
          Object.assign(rec, d.patch);
        } catch (e) {
          if (e instanceof TransitionError) throw refuse(e.code, 'kind');
          throw e;
        }
        if (existing.kind === 'quote') await assertOccupanciesFree(trx, existing.id);
      } else if (rec.kind === 'option' && !rec.optionExpiryDate) {
        rec.optionExpiryDate =
          existing.optionExpiryDate ?? addDays(todayParis(), (await stayPreferences(trx)).optionDays);
      }
      if (
        rec.customerId == null &&
        existing.statusId !== STATUS.TEMPORARY &&
        existing.statusId !== STATUS.IN_PROGRESS
      ) {
        throw refuse('CUSTOMER_NOT_INITIALISED', 'customerId');
      }
      if (!same(rec.partnerId, existing.partnerId) && facts.partnerOccupancies > 0)
        throw refuse('SUBLET_ALLOTMENT_LOCKED', 'partnerId');
    },
    async afterSave(saved, existing, { trx, userId }) {
      if (existing && existing.kind !== saved.kind) {
        await recordHistory(trx, {
          userId,
          entity: meta,
          recordId: saved.id,
          action: 'action',
          detail: `Conversion : ${kindLabel(existing.kind)} → ${kindLabel(saved.kind)}`,
        });
      }
    },
    async beforeDelete(existing) {
      // A booking keeps its number: only a temporary or abandoned one disappears; the
      // others are reset (status DELETED) with POST /rest/booking/{id}/reset.
      if (existing.statusId !== STATUS.TEMPORARY && existing.statusId !== STATUS.ABANDONED)
        throw refuse('INVALID_TRANSITION');
    },
  });
}

/** Before a quote becomes a holding kind: every placed occupancy must be free. */
export async function assertOccupanciesFree(trx: Trx, bookingId: number): Promise<void> {
  const occs = await trx('occupancy')
    .where({ bookingId, isCancelled: false })
    .whereNotNull('placeId')
    .select('id', 'placeId', 'startDate', 'endDate');
  for (const o of occs) await assertPlaceFree(trx, o.placeId, o.startDate, o.endDate, { occupancyId: o.id });
}

function registerOccupancyHooks(): void {
  registerHooks('occupancy', {
    async beforeSave(rec, existing, { trx }) {
      const booking = await loadBooking(trx, rec.bookingId);
      if (!booking) return; // the foreign key answers REFERENCE_NOT_FOUND
      if (existing?.isCancelled) {
        const changed = changedFields(existing, rec, [
          'bookingId',
          'placeId',
          'placeTypeId',
          'equipmentId',
          'startDate',
          'endDate',
        ]);
        if (changed.length) throw refuse('INVALID_TRANSITION', changed[0]);
        return;
      }
      assertModifiable(booking);
      if (existing && existing.bookingId !== rec.bookingId) {
        assertModifiable(await loadBooking(trx, existing.bookingId));
        await assertKeepsAnOccupancy(trx, existing.bookingId, existing.id);
      }
      if (rec.placeId == null && existing?.placeId != null && !UNCONFIRMED.includes(booking.statusId))
        throw refuse('BOOKING_NEEDS_OCCUPANCY', 'placeId');
      let place: Row | undefined;
      if (rec.placeId != null) {
        place = await trx('place').where('id', rec.placeId).first('id', 'placeTypeId', 'capacity');
        if (place) rec.placeTypeId = place.placeTypeId;
      }
      if (existing && existing.placeId != null && !same(existing.placeId, rec.placeId)) {
        if (existing.isLocked) throw refuse('PLACE_LOCKED_BY_CUSTOMER', 'placeId');
        if (existing.partnerAllotmentId) throw refuse('PLACE_CANNOT_CHANGE', 'placeId');
        const oldType = await trx('place')
          .join('place_type', 'place_type.id', 'place.place_type_id')
          .where('place.id', existing.placeId)
          .first('place_type.is_residential');
        if (oldType?.isResidential) throw refuse('PLACE_CANNOT_CHANGE', 'placeId');
      }
      if (existing) {
        const persons = await occupancyPersons(trx, existing.id);
        if (!same(existing.equipmentId, rec.equipmentId) && rec.equipmentId != null) {
          const e = await trx('equipment').where('id', rec.equipmentId).first('capacity');
          if (e && persons > e.capacity) throw refuse('EQUIPMENT_CANNOT_HOUSE_OCCUPANTS', 'equipmentId');
        }
        if (!same(existing.placeId, rec.placeId) && place && persons > place.capacity) {
          throw refuse('QUANTITY_ABOVE_CAPACITY', 'placeId');
        }
      }
      if (rec.placeId != null && holdsPlaces(booking.kind, booking.statusId)) {
        await assertPlaceFree(
          trx,
          rec.placeId,
          rec.startDate,
          rec.endDate,
          existing ? { occupancyId: existing.id } : {},
        );
        const allotment = await allotmentOn(trx, rec.placeId, rec.startDate, rec.endDate, todayParis());
        if (
          allotment &&
          allotment.partnerId !== booking.partnerId &&
          !(existing?.partnerAllotmentId === allotment.id)
        ) {
          throw refuse('PLACE_UNAVAILABLE', 'placeId');
        }
      }
    },
    async afterSave(saved, existing, { trx }) {
      // The allotment link follows the place and dates (read-only: never written by clients).
      const booking = await loadBooking(trx, saved.bookingId);
      let allotmentId: number | null = null;
      if (saved.placeId != null && booking?.partnerId != null) {
        const a = await allotmentOn(trx, saved.placeId, saved.startDate, saved.endDate, null);
        if (a && a.partnerId === booking.partnerId) allotmentId = a.id;
      }
      if (!same(allotmentId, saved.partnerAllotmentId)) {
        await trx('occupancy').where('id', saved.id).update({ partnerAllotmentId: allotmentId });
        saved.partnerAllotmentId = allotmentId;
      }
      await refreshBooking(trx, saved.bookingId);
      if (existing && existing.bookingId !== saved.bookingId) await refreshBooking(trx, existing.bookingId);
    },
    async beforeDelete(existing, { trx }) {
      const booking = await loadBooking(trx, existing.bookingId);
      assertModifiable(booking);
      if (booking && booking.statusId === STATUS.ARRIVED) throw refuse('INVALID_TRANSITION');
      if (!existing.isCancelled) await assertKeepsAnOccupancy(trx, existing.bookingId, existing.id);
      await refreshBooking(trx, existing.bookingId, { occupancyId: existing.id });
    },
  });

  registerHooks('occupancy-detail', {
    async beforeSave(rec, existing, { trx }) {
      // The occupancy row is locked: two concurrent additions cannot both pass the capacity check.
      const found = await bookingOfOccupancy(trx, rec.occupancyId, true);
      if (!found) return;
      assertModifiable(found.booking);
      if (existing && existing.occupancyId !== rec.occupancyId)
        assertModifiable((await bookingOfOccupancy(trx, existing.occupancyId))?.booking);
      const limit = await capacityOf(trx, found.occupancy);
      if (limit == null) return;
      const others = await occupancyPersons(trx, rec.occupancyId, existing?.id);
      if (others + rec.quantity > limit) throw refuse('QUANTITY_ABOVE_CAPACITY', 'quantity');
    },
    async afterSave(saved, existing, { trx }) {
      const b = await bookingOfOccupancy(trx, saved.occupancyId);
      if (b) await refreshBooking(trx, b.booking.id);
      if (existing && existing.occupancyId !== saved.occupancyId) {
        const old = await bookingOfOccupancy(trx, existing.occupancyId);
        if (old) await refreshBooking(trx, old.booking.id);
      }
    },
    async beforeDelete(existing, { trx }) {
      const found = await bookingOfOccupancy(trx, existing.occupancyId);
      assertModifiable(found?.booking);
      if (found) await refreshBooking(trx, found.booking.id, { detailId: existing.id });
    },
  });

  for (const child of ['occupancy-animal', 'occupancy-vehicle', 'occupancy-extra', 'occupancy-attendant']) {
    registerHooks(child, {
      async beforeSave(rec, existing, { trx }) {
        assertModifiable((await bookingOfOccupancy(trx, rec.occupancyId))?.booking);
        if (existing && existing.occupancyId !== rec.occupancyId)
          assertModifiable((await bookingOfOccupancy(trx, existing.occupancyId))?.booking);
        if (typeof rec.licencePlate === 'string') rec.licencePlate = normalizePlate(rec.licencePlate);
      },
      async beforeDelete(existing, { trx }) {
        assertModifiable((await bookingOfOccupancy(trx, existing.occupancyId))?.booking);
      },
    });
  }
}

/** Licence plates are kept upper-case without surrounding spaces ("AB-123-CD"). */
export function normalizePlate(plate: string): string {
  return plate.trim().toUpperCase().replace(/\s+/g, ' ');
}

function registerUnavailabilityHooks(): void {
  registerHooks('unavailability', {
    async beforeSave(rec, existing, { trx }) {
      await assertPlaceFree(
        trx,
        rec.placeId,
        rec.startDate,
        rec.endDate,
        existing ? { unavailabilityId: existing.id } : {},
        { lease: false },
      );
    },
  });
}

function registerPartnerHooks(): void {
  noOverlappingPeriods('partner-allotment', 'placeId');
  noOverlappingPeriods('partner-commission-period', 'partnerId', 'COMMISSION_EXISTS');
  registerHooks('partner-allotment', {
    async beforeSave(rec, existing, { trx }) {
      if (!existing) return;
      const changed = changedFields(existing, rec, ['partnerId', 'placeId', 'startDate', 'endDate']);
      if (!changed.length) return;
      const used = await trx('occupancy').where({ partnerAllotmentId: existing.id, isCancelled: false }).first('id');
      if (used) throw refuse('SUBLET_ALLOTMENT_LOCKED', changed[0]);
    },
    async beforeDelete(existing, { trx }) {
      if (await trx('occupancy').where({ partnerAllotmentId: existing.id }).first('id'))
        throw refuse('SUBLET_ALLOTMENT_LOCKED');
    },
  });
}

export function registerStayHooks(): void {
  // First: a date typed wrong gets its own message before any availability check.
  registerStayDateRules();
  registerConstraintMessage('ex_place_reservation__overlap', 'PLACE_UNAVAILABLE');
  registerConstraintMessage('ex_place_reservation__other_equipment', 'PLACE_HAS_OTHER_EQUIPMENT');
  registerConstraintMessage('ex_partner_allotment__overlap', 'OVERLAPPING_PERIODS');
  registerConstraintMessage('ex_partner_commission_period__overlap', 'OVERLAPPING_PERIODS');
  registerConstraintMessage('uq_booking_import__booking_id', 'ONLINE_BOOKING_ALREADY_INTEGRATED');
  registerConstraintMessage('ck_booking__cancelled_marker', 'INVALID_TRANSITION');
  registerBookingHooks();
  registerOccupancyHooks();
  registerUnavailabilityHooks();
  registerPartnerHooks();
}
