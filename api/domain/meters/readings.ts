// Rules of meter readings (§8, docs/errors.md#messages), as hooks on the generic write path: the index only
// grows with the date (at least the previous reading's, at most the next one's), one
// reading per meter and day, none on an inactive meter nor after its removal; and the
// read-only `consumption` (index − previous index) kept right for the reading and the
// next one whenever a reading is created, edited, moved to another meter or deleted.
import type { Knex } from 'knex';
import type { MeterReading, MeterReadingRecord } from '../../../common/generated/types';
import { registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';

const refuse = (code: MessageCode, field: string) => badRequest(code, { [field]: formatMessage(code) });

type Db = Knex | Knex.Transaction;
export interface Reading {
  id: number;
  meterId: number;
  readingDate: string;
  quantity: number;
  consumption: number | null;
}

/** The reading just before `date` on that meter (another row than `exceptId`). */
export function previousReading(
  db: Db,
  meterId: number,
  date: string,
  exceptId?: number,
): Promise<Reading | undefined> {
  const q = db('meter_reading').where('meterId', meterId).where('readingDate', '<', date);
  if (exceptId) q.whereNot('id', exceptId);
  return q.orderBy('readingDate', 'desc').first('id', 'meterId', 'readingDate', 'quantity', 'consumption');
}

/** The reading just after `date` on that meter (another row than `exceptId`). */
export function nextReading(db: Db, meterId: number, date: string, exceptId?: number): Promise<Reading | undefined> {
  const q = db('meter_reading').where('meterId', meterId).where('readingDate', '>', date);
  if (exceptId) q.whereNot('id', exceptId);
  return q.orderBy('readingDate', 'asc').first('id', 'meterId', 'readingDate', 'quantity', 'consumption');
}

/** The last reading of a meter. */
export function lastReading(db: Db, meterId: number): Promise<Reading | undefined> {
  return db('meter_reading')
    .where('meterId', meterId)
    .orderBy('readingDate', 'desc')
    .first('id', 'meterId', 'readingDate', 'quantity', 'consumption');
}

/**
 * Sets every reading's consumption of one meter to its index minus the previous one
 * (null for the first), rounded to 6 decimals so that 0.1 + 0.2 reads 0.3. Only rows
 * whose value changes are written.
 */
export async function recomputeConsumption(trx: Knex.Transaction, meterId: number): Promise<void> {
  // A roll-over reading: the meter went past its last value back to zero, so its consumption
  // is what was left to the roll-over value plus the new index.
  await trx.raw(
    `UPDATE meter_reading AS r SET consumption = s.c, updated_at = now()
       FROM (SELECT x.id,
               round((x.quantity - lag(x.quantity) OVER (ORDER BY x.reading_date)
                 + CASE WHEN x.is_rollover THEN coalesce(m.rollover_at, 0) ELSE 0 END)::numeric, 6)
                 ::double precision AS c
               FROM meter_reading x JOIN meter m ON m.id = x.meter_id WHERE x.meter_id = ?) AS s
      WHERE r.id = s.id AND r.consumption IS DISTINCT FROM s.c`,
    [meterId],
  );
}

/** The meter of a reading, locked: concurrent readings of one meter are serialised. */
function lockMeter(
  trx: Knex.Transaction,
  meterId: number,
): Promise<{ id: number; isActive: boolean; removedOn: string | null; rolloverAt: number | null } | undefined> {
  return trx('meter').where('id', meterId).forUpdate().first('id', 'isActive', 'removedOn', 'rolloverAt');
}

/** Refusals of one reading (record = the merged record to save, existing = the stored one or null). */
export async function checkReading(
  trx: Knex.Transaction,
  rec: Pick<MeterReading, 'meterId' | 'readingDate' | 'quantity' | 'isRollover'>,
  existing: Pick<MeterReadingRecord, 'id' | 'meterId'> | null,
): Promise<void> {
  if (rec.meterId == null || rec.readingDate == null || rec.quantity == null) return;
  // A reading moved to another meter locks both, lowest id first (no deadlock between two such moves).
  if (existing && existing.meterId < rec.meterId) await lockMeter(trx, existing.meterId);
  const meter = await lockMeter(trx, rec.meterId);
  if (existing && existing.meterId > rec.meterId) await lockMeter(trx, existing.meterId);
  if (!meter) return; // an unknown meter is left to the foreign key (REFERENCE_NOT_FOUND)
  if (meter.removedOn && rec.readingDate > meter.removedOn) throw refuse('METER_REMOVED', 'readingDate');
  // An inactive meter with no removal date takes no new reading; its old ones stay editable.
  const isNewOnMeter = !existing || existing.meterId !== rec.meterId;
  if (!meter.isActive && !meter.removedOn && isNewOnMeter) throw refuse('METER_REMOVED', 'meterId');
  const sameDay = trx('meter_reading').where({ meterId: rec.meterId, readingDate: rec.readingDate });
  if (existing) sameDay.whereNot('id', existing.id);
  if (await sameDay.first('id')) throw refuse('METER_READING_DATE', 'readingDate');
  const prev = await previousReading(trx, rec.meterId, rec.readingDate, existing?.id);
  const next = await nextReading(trx, rec.meterId, rec.readingDate, existing?.id);
  // A roll-over reading is below the previous one (the meter went back to zero) but below
  // its roll-over value; without that value on the meter there is no roll-over.
  if (rec.isRollover) {
    if (meter.rolloverAt == null || !prev || rec.quantity >= meter.rolloverAt || rec.quantity >= prev.quantity)
      throw refuse('METER_READING_QUANTITY', 'quantity');
  } else if (prev && rec.quantity < prev.quantity) throw refuse('METER_READING_QUANTITY', 'quantity');
  const nextRolls = !!(next && (await trx('meter_reading').where('id', next.id).first('isRollover'))?.isRollover);
  if (next && !nextRolls && rec.quantity > next.quantity) throw refuse('METER_READING_QUANTITY', 'quantity');
}

export function registerReadingRules(): void {
  // A concurrent reading of the same meter and day, caught by the database.
  registerConstraintMessage('uq_meter_reading__meter_id__reading_date', 'METER_READING_DATE', ['readingDate']);

  registerHooks('meter-reading', {
    beforeSave: (rec, existing, { trx }) => checkReading(trx, rec, existing),
    async afterSave(saved, existing, { trx }) {
      if (existing && existing.meterId !== saved.meterId) await recomputeConsumption(trx, existing.meterId);
      await recomputeConsumption(trx, saved.meterId);
      // The answer carries the consumption just computed.
      saved.consumption = (await trx('meter_reading').where('id', saved.id).first('consumption'))?.consumption ?? null;
    },
    async beforeDelete(existing, { trx }) {
      await lockMeter(trx, existing.meterId);
    },
    async afterDelete(existing, { trx }) {
      await recomputeConsumption(trx, existing.meterId);
    },
  });

  // A meter cannot be removed before a reading it already has.
  registerHooks('meter', {
    async beforeSave(rec, existing, { trx }) {
      if (!existing || rec.removedOn == null) return;
      const later = await trx('meter_reading')
        .where('meterId', existing.id)
        .where('readingDate', '>', rec.removedOn)
        .first('id');
      if (later) throw refuse('METER_HAS_LATER_READINGS', 'removedOn');
    },
  });
}
