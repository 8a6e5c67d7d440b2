// The rules of an occupancy on every write path: its place free and able to house its
// occupants, its booking still modifiable, its dates and price inputs kept coherent.
import { registerHooks } from '../../rest/entities';
import type { PlaceRecord } from '../../../common/generated/types/index';
import { todayParis } from '../../../common/dates';
import { allotmentOn, assertPlaceFree, occupancyPersons, refreshBooking } from './store';
import { holdsPlaces, STATUS, UNCONFIRMED } from './status';
import {
  loadBooking,
  changedFields,
  refuse,
  assertModifiable,
  assertKeepsAnOccupancy,
  same,
  bookingOfOccupancy,
  capacityOf,
} from './hook-support';

export function registerOccupancyHooks(): void {
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
      let place: Pick<PlaceRecord, 'id' | 'placeTypeId' | 'capacity'> | undefined;
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
      if (others + Number(rec.quantity) > limit) throw refuse('QUANTITY_ABOVE_CAPACITY', 'quantity');
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
