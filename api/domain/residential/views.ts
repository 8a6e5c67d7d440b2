// Read models of the residential screens: one rent receipt with its lines, the receipts
// to manage (billed, paid, due, late), the residents with their place and balance, and
// the totals of rent receipts per bill line type.
import type { Knex } from 'knex';
import { notFound } from '../../http/errors';
import type { RentReceiptLineRecord, RentReceiptRecord } from '../../../common/generated/types/index';

type Db = Knex | Knex.Transaction;

/** A receipt with its place, resident, bill number and what was paid on its bill. */
type ReceiptRow = Pick<
  RentReceiptRecord,
  | 'id'
  | 'placeAffectationId'
  | 'customerId'
  | 'startDate'
  | 'endDate'
  | 'deadline'
  | 'dueDate'
  | 'stateId'
  | 'totalInclVat'
  | 'isBilled'
  | 'billId'
  | 'lastReminderOn'
  | 'version'
> & { placeCode: string; billNumber: string | null; residentName: string; paid: number };

type ReceiptLineRow = Pick<
  RentReceiptLineRecord,
  'id' | 'position' | 'lineType' | 'label' | 'quantity' | 'amountInclVat' | 'vatRateBp' | 'meterReadingId'
>;

/** One receipt as its screen shows it: its lines and notes too. */
export interface ReceiptView extends ReceiptRow {
  notes: string | null;
  lines: ReceiptLineRow[];
}

/** A resident (a place let) with its contract number and what was billed and paid. */
export interface ResidentRow {
  placeAffectationId: number;
  customerId: number;
  placeCode: string;
  startDate: string;
  endDate: string | null;
  isIndefinite: boolean;
  email: string | null;
  phone1: string | null;
  residentName: string;
  isCurrent: boolean;
  contractNumber: string | null;
  billed: number;
  paid: number;
}

/** Rent receipts' bill lines summed per line type. */
export interface BillTypeTotal {
  lineType: number;
  lines: number;
  amountExclVat: number;
  vatAmount: number;
  amountInclVat: number;
}

const residentName = (db: Db) =>
  db.raw(`trim(coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, '')) AS "residentName"`);
const paidOf = (db: Db) =>
  db.raw(`coalesce((SELECT sum(p.amount) FROM payment p WHERE p.bill_id = r.bill_id), 0)::int AS paid`);

function receipts(db: Db): Knex.QueryBuilder {
  return db('rent_receipt as r')
    .join('place_affectation as a', 'a.id', 'r.placeAffectationId')
    .join('place as pl', 'pl.id', 'a.placeId')
    .join('customer as c', 'c.id', 'r.customerId')
    .leftJoin('bill as b', 'b.id', 'r.billId')
    .select(
      'r.id',
      'r.placeAffectationId',
      'r.customerId',
      'r.startDate',
      'r.endDate',
      'r.deadline',
      'r.dueDate',
      'r.stateId',
      'r.totalInclVat',
      'r.isBilled',
      'r.billId',
      'r.lastReminderOn',
      'r.version',
      'pl.code as placeCode',
      'b.number as billNumber',
      residentName(db),
      paidOf(db),
    );
}

export async function receiptView(db: Db, id: number): Promise<ReceiptView> {
  const r: ReceiptRow | undefined = await receipts(db).where('r.id', id).first();
  if (!r) throw notFound();
  const lines: ReceiptLineRow[] = await db('rent_receipt_line')
    .where('rentReceiptId', id)
    .orderBy('position')
    .select('id', 'position', 'lineType', 'label', 'quantity', 'amountInclVat', 'vatRateBp', 'meterReadingId');
  return { ...r, notes: (await db('rent_receipt').where('id', id).first('notes')).notes, lines };
}

export type ReceiptStatus = 'all' | 'to-bill' | 'due' | 'late' | 'paid';

export async function managementRows(
  db: Db,
  date: string,
  status: ReceiptStatus,
  year?: number,
): Promise<(ReceiptRow & { due: number; state: Exclude<ReceiptStatus, 'all'> })[]> {
  const q = receipts(db)
    .where('r.stateId', 3)
    .orderBy([{ column: 'r.dueDate' }, { column: 'pl.code' }]);
  if (year) q.where('r.startDate', '>=', `${year}-01-01`).where('r.startDate', '<', `${year + 1}-01-01`);
  const rows: ReceiptRow[] = await q.limit(5000);
  return rows
    .map((r) => {
      const due = r.isBilled ? r.totalInclVat - r.paid : r.totalInclVat;
      const state: Exclude<ReceiptStatus, 'all'> = !r.isBilled
        ? 'to-bill'
        : due <= 0
          ? 'paid'
          : r.dueDate < date
            ? 'late'
            : 'due';
      return { ...r, due, state };
    })
    .filter((r) => status === 'all' || r.state === status || (status === 'due' && r.state === 'late'));
}

export async function residentRows(db: Db, date: string): Promise<ResidentRow[]> {
  return db('place_affectation as a')
    .join('place as pl', 'pl.id', 'a.placeId')
    .join('customer as c', 'c.id', 'a.customerId')
    .orderBy(['pl.code', { column: 'a.startDate', order: 'desc' }])
    .limit(5000)
    .select(
      'a.id as placeAffectationId',
      'a.customerId',
      'pl.code as placeCode',
      'a.startDate',
      'a.endDate',
      'a.isIndefinite',
      'c.email',
      'c.phone1',
      residentName(db),
      db.raw(`(a.start_date <= ? AND (a.end_date IS NULL OR a.end_date > ?)) AS "isCurrent"`, [date, date]),
      db.raw(
        `(SELECT k.number FROM residential_contract k WHERE k.place_affectation_id = a.id
           ORDER BY k.start_date DESC LIMIT 1) AS "contractNumber"`,
      ),
      db.raw(
        `coalesce((SELECT sum(r.total_incl_vat) FROM rent_receipt r
           WHERE r.place_affectation_id = a.id AND r.is_billed), 0)::int AS billed`,
      ),
      db.raw(
        `coalesce((SELECT sum(p.amount) FROM payment p JOIN rent_receipt r ON r.bill_id = p.bill_id
           WHERE r.place_affectation_id = a.id), 0)::int AS paid`,
      ),
    );
}

export async function billTypeTotals(db: Db, from: string, to: string): Promise<BillTypeTotal[]> {
  return db('bill_line as l')
    .join('bill as b', 'b.id', 'l.billId')
    .join('rent_receipt as r', 'r.billId', 'b.id')
    .where('b.date', '>=', from)
    .where('b.date', '<', to)
    .groupBy('l.lineType')
    .orderBy('l.lineType')
    .select(
      'l.lineType',
      db.raw('count(*)::int AS lines'),
      db.raw('sum(l.amount_excl_vat)::int AS "amountExclVat"'),
      db.raw('sum(l.vat_amount)::int AS "vatAmount"'),
      db.raw('sum(l.amount_incl_vat)::int AS "amountInclVat"'),
    );
}
