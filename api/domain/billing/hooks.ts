// Billed stays are frozen on the generic write path (« billed items unchangeable »):
// a booking's price inputs, its occupancies and their occupants, animals, vehicles and
// extras refuse changes while the stay has a standing final invoice. Migration 0030's
// triggers are the guarantee (also for the business routes); these hooks answer first
// with the field. And a numbering series keeps its prefix once it has numbered a bill.
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isStayBilled } from './issue';

/** A child of an occupancy on the write path: only its occupancy is read. */
type OccupancyChild = { occupancyId?: number | null };
type Trx = Knex.Transaction;

const refuse = () => badRequest('BILLED_ITEMS_UNCHANGEABLE');
const BOOKING_PRICE_FIELDS = [
  'customerId',
  'partnerId',
  'accessChannelId',
  'promoCode',
  'discountIds',
  'withCancellationInsurance',
] as const;
const OCCUPANCY_PRICE_FIELDS = [
  'bookingId',
  'startDate',
  'endDate',
  'placeTypeId',
  'priceOverrides',
  'isCancelled',
] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function bookingOfOccupancy(trx: Trx, occupancyId: number | null | undefined): Promise<number | null> {
  if (occupancyId == null) return null;
  return (await trx('occupancy').where('id', occupancyId).first('bookingId'))?.bookingId ?? null;
}

async function assertNotBilled(trx: Trx, ...bookingIds: (number | null | undefined)[]): Promise<void> {
  for (const id of new Set(bookingIds)) if (id != null && (await isStayBilled(trx, id))) throw refuse();
}

export function registerBillingFreeze(): void {
  registerHooks('booking', {
    async beforeSave(rec, existing, { trx }) {
      if (!existing) return;
      const changed = BOOKING_PRICE_FIELDS.find((f) => f in rec && !same(rec[f], existing[f]));
      if (changed && (await isStayBilled(trx, existing.id)))
        throw badRequest('BILLED_ITEMS_UNCHANGEABLE', { [changed]: formatMessage('BILLED_ITEMS_UNCHANGEABLE') });
    },
    async beforeDelete(existing, { trx }) {
      await assertNotBilled(trx, existing.id);
    },
  });
  registerHooks('occupancy', {
    async beforeSave(rec, existing, { trx }) {
      // Notes, the lock flag and the like still change; what the price is made of does not.
      const changed = existing
        ? OCCUPANCY_PRICE_FIELDS.find((f) => f in rec && !same(rec[f], existing[f]))
        : 'bookingId';
      if (changed) await assertNotBilled(trx, existing?.bookingId, rec.bookingId);
    },
    async beforeDelete(existing, { trx }) {
      await assertNotBilled(trx, existing.bookingId);
    },
  });
  for (const child of ['occupancy-detail', 'occupancy-animal', 'occupancy-vehicle', 'occupancy-extra'] as const) {
    registerHooks(child, {
      async beforeSave(rec: OccupancyChild, existing: OccupancyChild | null, { trx }) {
        await assertNotBilled(
          trx,
          await bookingOfOccupancy(trx, rec.occupancyId),
          await bookingOfOccupancy(trx, existing?.occupancyId),
        );
      },
      async beforeDelete(existing: OccupancyChild, { trx }) {
        await assertNotBilled(trx, await bookingOfOccupancy(trx, existing.occupancyId));
      },
    });
  }
  registerHooks('bill-counter', {
    beforeSave(rec, existing) {
      if (
        existing &&
        existing.lastNumber > 0 &&
        (rec.prefix !== existing.prefix || rec.digits !== existing.digits || rec.series !== existing.series)
      ) {
        throw badRequest('INVOICE_PREFIX_USED', { prefix: formatMessage('INVOICE_PREFIX_USED') });
      }
    },
    beforeDelete(existing) {
      if (existing.lastNumber > 0) throw badRequest('INVOICE_PREFIX_USED');
    },
  });
  registerConstraintMessage('uq_bill_counter__prefix', 'INVOICE_PREFIX_USED', ['prefix']);
  registerConstraintMessage('uq_bank_deposit__number', 'DEPOSIT_NUMBER_USED', ['number']);
}
