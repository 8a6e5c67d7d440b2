// /meter-reading-creation: the meters to read for one meter type on one date, and
// saving the new indexes of all of them at once. The batch is one transaction: every
// row goes through the generic write path (validation, the reading rules, history);
// when any row is refused nothing is saved and the answer lists each row's errors.
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { badRequest, HttpError } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import type { FieldErrors } from '../../../common/validation';
import { lastReading } from './readings';
import type { MeterReadingRecord } from '../../../common/generated/types';

/** Meters in service on `date`: active, installed by then and not removed before. */
export function metersInService(db: Knex | Knex.Transaction, date: string): Knex.QueryBuilder {
  return db('meter as m')
    .where('m.isActive', true)
    .where((w) => w.whereNull('m.installedOn').orWhere('m.installedOn', '<=', date))
    .where((w) => w.whereNull('m.removedOn').orWhere('m.removedOn', '>=', date));
}

export interface CreationRow {
  meterId: number;
  number: string;
  placeId: number;
  placeCode: string;
  placeLabel: string | null;
  /** the last reading before the date */
  lastReading: { id: number; readingDate: string; quantity: number } | null;
  /** a reading already saved on that very date */
  readingOnDate: { id: number; quantity: number } | null;
}

/** Every meter of the type in service on the date, by place, with its last reading before the date. */
export async function creationRows(knex: Knex, meterTypeId: number, date: string): Promise<CreationRow[]> {
  const lastBefore = (col: string) =>
    knex.raw(
      `(SELECT r.${col} FROM meter_reading r WHERE r.meter_id = m.id AND r.reading_date < ? ORDER BY ` +
        `r.reading_date DESC LIMIT 1)`,
      [date],
    );
  const onDate = (col: string) =>
    knex.raw(`(SELECT r.${col} FROM meter_reading r WHERE r.meter_id = m.id AND r.reading_date = ?)`, [date]);
  const rows: (Omit<CreationRow, 'lastReading' | 'readingOnDate'> & {
    lastId: number | null;
    lastDate: string;
    lastQuantity: number;
    onDateId: number | null;
    onDateQuantity: number;
  })[] = await metersInService(knex, date)
    .join('place as p', 'p.id', 'm.placeId')
    .where('m.meterTypeId', meterTypeId)
    .select('m.id as meterId', 'm.number', 'p.id as placeId', 'p.code as placeCode', 'p.label as placeLabel', {
      lastId: lastBefore('id'),
      lastDate: lastBefore(`reading_date`),
      lastQuantity: lastBefore('quantity'),
      onDateId: onDate('id'),
      onDateQuantity: onDate('quantity'),
    })
    .orderBy('p.order')
    .orderBy('p.code')
    .orderBy('m.number');
  return rows.map((r) => ({
    meterId: r.meterId,
    number: r.number,
    placeId: r.placeId,
    placeCode: r.placeCode,
    placeLabel: r.placeLabel,
    lastReading: r.lastId ? { id: r.lastId, readingDate: r.lastDate, quantity: r.lastQuantity } : null,
    readingOnDate: r.onDateId ? { id: r.onDateId, quantity: r.onDateQuantity } : null,
  }));
}

export interface BulkInput {
  meterTypeId: number;
  readingDate: string;
  rows: { meterId?: number; placeId?: number; quantity?: unknown; notes?: string | null }[];
}

const MAX_ROWS = 2000;
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/** The request body, checked for shape (the values are checked row by row). */
export function parseBulkInput(raw: unknown): BulkInput {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('INCORRECT_FORM');
  const body = raw as Record<string, unknown>;
  const errors: FieldErrors = {};
  if (!isId(body.meterTypeId)) errors.meterTypeId = formatMessage('REQUIRED');
  if (typeof body.readingDate !== 'string' || !isValidDate(body.readingDate))
    errors.readingDate = formatMessage('INVALID_DATE');
  if (Object.keys(errors).length) throw badRequest('VALIDATION_FAILED', errors);
  const rows: unknown = body.rows;
  if (!Array.isArray(rows) || rows.length > MAX_ROWS) throw badRequest('INCORRECT_FORM');
  if (!rows.length) throw badRequest('METER_READINGS_EMPTY');
  for (const r of rows as unknown[]) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw badRequest('INCORRECT_FORM');
    const row = r as Record<string, unknown>;
    const unknown = Object.keys(row).filter((k) => !['meterId', 'placeId', 'quantity', 'notes'].includes(k));
    if (unknown.length || (row.meterId === undefined && row.placeId === undefined)) throw badRequest('INCORRECT_FORM');
  }
  return body as unknown as BulkInput;
}

class RowRefused extends Error {
  constructor(
    readonly code: MessageCode,
    readonly field: string,
  ) {
    super(code);
  }
}

/** The meter a row names: its meter id, or the meter of that type on its place. */
async function meterOf(trx: Knex.Transaction, input: BulkInput, row: BulkInput['rows'][number]): Promise<number> {
  if (row.meterId !== undefined) {
    if (!isId(row.meterId)) throw new RowRefused('INVALID_INTEGER', 'meterId');
    const meter = await trx('meter').where('id', row.meterId).first('meterTypeId');
    if (!meter) throw new RowRefused('REFERENCE_NOT_FOUND', 'meterId');
    if (meter.meterTypeId !== input.meterTypeId) throw new RowRefused('PITCH_NO_METER', 'meterId');
    return row.meterId;
  }
  if (!isId(row.placeId)) throw new RowRefused('INVALID_INTEGER', 'placeId');
  const meters = await metersInService(trx, input.readingDate)
    .where({ 'm.placeId': row.placeId, 'm.meterTypeId': input.meterTypeId })
    .select('m.id');
  // "The pitch has no meter of the linked type"; two of them: the row must name its meter.
  if (meters.length !== 1) throw new RowRefused(meters.length ? 'INCORRECT_FORM' : 'PITCH_NO_METER', 'placeId');
  return meters[0].id;
}

/**
 * Saves one new reading per row, all or nothing. Rows are new readings: each must
 * come after its meter's last one. Refusals are keyed `rows.<index>.<field>`.
 */
export async function saveBulk(knex: Knex, input: BulkInput, userId: number | null): Promise<MeterReadingRecord[]> {
  const meta = entityMeta('meter-reading');
  return knex.transaction(async (trx) => {
    const errors: FieldErrors = {};
    const saved: MeterReadingRecord[] = [];
    for (const [i, row] of input.rows.entries()) {
      const flag = (field: string, message: string) => {
        errors[`rows.${i}.${field}`] = message;
      };
      try {
        const meterId = await meterOf(trx, input, row);
        if (row.quantity === undefined || row.quantity === null || row.quantity === '')
          throw new RowRefused('METER_READING_QUANTITY_REQUIRED', 'quantity');
        const last = await lastReading(trx, meterId);
        if (last && last.readingDate >= input.readingDate) throw new RowRefused('METER_READING_DATE', 'readingDate');
        // A savepoint per row: a refused row leaves the transaction usable for the next ones.
        saved.push(
          await saveRecord(
            trx,
            meta,
            { meterId, readingDate: input.readingDate, quantity: row.quantity, notes: row.notes ?? null },
            userId,
          ),
        );
      } catch (err) {
        if (err instanceof RowRefused) flag(err.field, formatMessage(err.code));
        else if (err instanceof HttpError) {
          if (err.errors && Object.keys(err.errors).length) for (const [f, m] of Object.entries(err.errors)) flag(f, m);
          else flag('_', err.message);
        } else throw err;
      }
    }
    if (Object.keys(errors).length) throw badRequest('METER_READINGS_REFUSED', errors);
    return saved;
  });
}
