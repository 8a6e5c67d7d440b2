// What the bill routes answer: a bill with its lines, its state (an invoice is
// « annulée » once credit notes took all of it off), its credit notes and payments; and
// a stay's money summary (billed, paid, due).
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

export type BillState = 'issued' | 'partly-credited' | 'cancelled';
export const BILL_STATE_LABELS: Record<BillState, string> = { issued: 'Émise', 'partly-credited': 'Partiellement annulée par avoir', cancelled: 'Annulée par avoir' };

export async function loadBill(db: Db, id: number): Promise<Row> {
  const bill = await db('bill').where('id', id).first();
  if (!bill) throw new HttpError(404, 'BILL_NOT_FOUND');
  const [lines, creditNotes, payments] = [
    await db('bill_line').where('billId', id).orderBy('position'),
    await db('bill').where('creditedBillId', id).orderBy('id').select('id', 'number', 'date', 'totalInclVat', 'reason'),
    await db('payment').where('billId', id).orderBy('date').select('id', 'date', 'amount', 'paymentMethodId'),
  ];
  const credited = creditNotes.reduce((s: number, c: Row) => s + c.totalInclVat, 0);
  const remaining = bill.totalInclVat + credited;
  const state: BillState = bill.kind === 'credit-note' || credited === 0 ? 'issued' : remaining === 0 ? 'cancelled' : 'partly-credited';
  const credit = bill.creditedBillId ? await db('bill').where('id', bill.creditedBillId).first('id', 'number', 'date') : null;
  return { ...bill, state, stateLabel: BILL_STATE_LABELS[state], remaining, lines, creditNotes, creditedBill: credit, payments };
}

export interface StayBalance {
  bookingId: number;
  /** the stay's price (stored by the pricing engine) */
  stayTotal: number;
  /** Σ invoices − Σ credit notes */
  billed: number;
  paid: number;
  /** what the guest still owes: billed (or the stay's price before its final bill) − paid */
  due: number;
  isBilled: boolean;
}

/** Amounts received per booking (cents), for the planning's payment view and the balances. */
export async function paidByBookings(db: Db, bookingIds: number[]): Promise<Map<number, number>> {
  if (!bookingIds.length) return new Map();
  const rows: Row[] = await db('payment').whereIn('bookingId', bookingIds).groupBy('bookingId').select('bookingId', db.raw('sum(amount)::bigint AS paid'));
  return new Map(rows.map((r) => [r.bookingId, Number(r.paid)]));
}

export async function stayBalance(db: Db, bookingId: number): Promise<StayBalance> {
  const booking = await db('booking').where('id', bookingId).first('id', 'totalAmount');
  if (!booking) throw new HttpError(404, 'NOT_FOUND');
  const bills: Row[] = await db('bill').where({ bookingId }).select('kind', 'isDeposit', 'totalInclVat', 'creditedBillId', 'id');
  const billed = bills.reduce((s, b) => s + b.totalInclVat, 0);
  const finals = bills.filter((b) => b.kind === 'invoice' && !b.isDeposit);
  const isBilled = finals.some((f) => f.totalInclVat + bills.filter((c) => c.creditedBillId === f.id).reduce((s, c) => s + c.totalInclVat, 0) !== 0);
  const paid = (await paidByBookings(db, [bookingId])).get(bookingId) ?? 0;
  const stayTotal = booking.totalAmount ?? 0;
  return { bookingId, stayTotal, billed, paid, due: dueOf(stayTotal, billed, isBilled, paid), isBilled };
}

/**
 * What the guest still owes: once the final bill stands, what was billed; before, the
 * stay's price (or the deposits billed, should they exceed it); less what was paid.
 * Negative: the guest paid too much (a refund or a credit is owed).
 */
export function dueOf(stayTotal: number, billed: number, isBilled: boolean, paid: number): number {
  return (isBilled ? billed : Math.max(billed, stayTotal)) - paid;
}
