// The stay rules on the generic write path (/rest/booking, /rest/occupancy and its
// children, /rest/unavailability, partner allotments): the same checks as the
// business routes, so that no shape of the API gets round them. Statuses, the
// cancellation marker and the derived columns are read-only in the schemas: only the
// business actions (actions.ts) change them.
import type { BookingRecord } from '../../../common/generated/types';
import { registerHooks, entityMeta } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { recordHistory } from '../../rest/history';
import { addDays, todayParis } from '../../../common/dates';
import { noOverlappingPeriods } from '../reference/rules';
import { assertPlaceFree, bookingFacts } from './store';
import { stayPreferences } from './preferences';
import { kindLabel, RELEASING, STATUS } from './status';
import { decide, TransitionError } from './state-machine';
import { registerStayDateRules } from './date-rules';
import { refuse, same, changedFields, assertOccupanciesFree } from './hook-support';
import { registerOccupancyHooks } from './occupancy-hooks';
export { assertKeepsAnOccupancy, assertOccupanciesFree } from './hook-support';
export { normalizePlate } from './occupancy-hooks';

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
