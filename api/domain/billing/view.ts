// What the bill routes answer: a bill with its lines, its state (an invoice is
// « annulée » once credit notes took all of it off), its credit notes and payments; and
// a stay's money summary (billed, paid, due).
import { HttpError } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { RELEASING } from '../stays/status';
import { stayCharges, type StayCharge } from './sources';
import { vouchersOf } from './vouchers';
import type { VoucherLine } from '../../../common/holiday-vouchers';

import type { BillRef, BillState, Db, InvoiceKind, IssuedBill } from './records';
import type { BillRecord, BookingRecord, PaymentRecord } from '../../../common/generated/types';

export type { BillState, InvoiceKind } from './records';
export const BILL_STATE_LABELS: Record<BillState, string> = {
  issued: 'Émise',
  'partly-credited': 'Partiellement annulée par avoir',
  cancelled: 'Annulée par avoir',
};

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  invoice: 'Facture',
  'cancelled-invoice': 'Facture annulée',
  'cancellation-invoice': "Facture d'annulation",
  'credit-note': 'Avoir',
};

export async function loadBill(db: Db, id: number): Promise<IssuedBill> {
  const bill: BillRecord | undefined = await db('bill').where('id', id).first();
  if (!bill) throw new HttpError(404, 'BILL_NOT_FOUND');
  const [lines, creditNotes, payments]: [IssuedBill['lines'], IssuedBill['creditNotes'], IssuedBill['payments']] = [
    await db('bill_line').where('billId', id).orderBy('position'),
    await db('bill').where('creditedBillId', id).orderBy('id').select('id', 'number', 'date', 'totalInclVat', 'reason'),
    await db('payment').where('billId', id).orderBy('date').select('id', 'date', 'amount', 'paymentMethodId'),
  ];
  const credited = creditNotes.reduce((s, c) => s + c.totalInclVat, 0);
  const remaining = bill.totalInclVat + credited;
  const state: BillState =
    bill.kind === 'credit-note' || credited === 0 ? 'issued' : remaining === 0 ? 'cancelled' : 'partly-credited';
  const invoiceKind: InvoiceKind =
    bill.kind === 'credit-note'
      ? 'credit-note'
      : state === 'cancelled'
        ? 'cancelled-invoice'
        : lines.some((l) => l.lineType === 20)
          ? 'cancellation-invoice'
          : 'invoice';
  const credit: BillRef | undefined | null = bill.creditedBillId
    ? await db('bill').where('id', bill.creditedBillId).first('id', 'number', 'date')
    : null;
  return {
    ...bill,
    state,
    stateLabel: BILL_STATE_LABELS[state],
    invoiceKind,
    invoiceKindLabel: INVOICE_KIND_LABELS[invoiceKind],
    remaining,
    lines,
    creditNotes,
    creditedBill: credit,
    payments,
  };
}

/** A payment of a stay as its screen lists it. */
export interface StayPayment {
  id: number;
  date: string;
  amount: number;
  category: PaymentRecord['category'];
  payerType: PaymentRecord['payerType'];
  method: string;
  methodKind: string | null;
  chequeNumber: string | null;
  bankDepositId: number | null;
  bankDepositNumber: string | null;
  bankDepositDate: string | null;
  creditNoteNumber: string | null;
  vouchers?: VoucherLine[];
}

/** The stay's payments as its screen lists them: method, date, bank deposit slip, credit note used. */
export async function stayPayments(db: Db, bookingId: number): Promise<StayPayment[]> {
  const rows: StayPayment[] = await db('payment as p')
    .leftJoin('payment_method as m', 'm.id', 'p.paymentMethodId')
    .leftJoin('bank_deposit as d', 'd.id', 'p.bankDepositId')
    .leftJoin('bill as n', 'n.id', 'p.creditNoteBillId')
    .where('p.bookingId', bookingId)
    .orderBy([{ column: 'p.date' }, { column: 'p.id' }])
    .select(
      'p.id',
      'p.date',
      'p.amount',
      'p.category',
      'p.payerType',
      db.raw(`coalesce(m.label, '') AS method`),
      'm.kind as methodKind',
      'p.chequeNumber',
      'p.bankDepositId',
      'd.number as bankDepositNumber',
      'd.date as bankDepositDate',
      'n.number as creditNoteNumber',
    );
  // Paper holiday vouchers: their count and denomination (« 3 × 20 € »).
  const vouchers = await vouchersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => (vouchers.has(r.id) ? { ...r, vouchers: vouchers.get(r.id) } : r));
}

/** Money owed past its due date: the amount and the date it was due. */
export interface Overdue {
  amount: number;
  since: string;
}

export interface StayBalance {
  bookingId: number;
  /** the stay's price (stored by the pricing engine) */
  stayTotal: number;
  /** Σ invoices − Σ credit notes */
  billed: number;
  paid: number;
  /** charged to the stay by other sources (till tickets) and not billed yet: the next final bill takes them */
  charged: number;
  /** what the guest still owes: billed (or the stay's price before its final bill) + charged − paid */
  due: number;
  isBilled: boolean;
  /** what is owed past the stay's down-payment or balance due date (null: nothing late) */
  overdue: Overdue | null;
  /** the CAF aid (VACAF) the family does not pay, when the stay has one */
  holidayAid: StayAid | null;
}

/**
 * VACAF (issue 30, docs/history.md#issue-30): on a stay holding a CAF aid (table holiday_aid), the aid is owed by
 * the CAF, not by the family. The final bill deducts it (line 10, api/domain/vacaf) and,
 * before that bill, the family's balance leaves it out; the CAF's payments (payer type
 * holiday-aid) settle the aid, so they are not the family's either. SQL on a payment
 * row aliased `p`: is it the CAF paying the aid of its stay.
 */
export const CAF_PAYMENT_SQL = (p: string) =>
  `(${p}.payer_type = 'holiday-aid' AND EXISTS (SELECT 1 FROM holiday_aid ha WHERE ha.booking_id = ${p}.booking_id))`;
/** SQL: the aid of the booking aliased `k` that no standing bill holds yet (cents). */
export const UNBILLED_AID_SQL = (k: string) =>
  `(SELECT coalesce(sum(a.amount), 0) FROM holiday_aid a WHERE a.booking_id = ${k}.id AND NOT coalesce((SELECT
    f.total_incl_vat + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = f.id), 0) <> 0
    FROM bill f WHERE f.id = a.bill_id), false))`;

/** The CAF aid of a stay: granted, paid by the CAF, still owed by it; the part no standing bill deducts yet. */
export interface StayAid {
  amount: number;
  paid: number;
  due: number;
  unbilled: number;
}

export async function stayAid(db: Db, bookingId: number): Promise<StayAid | null> {
  const { rows } = await db.raw(
    `SELECT a.amount, ${UNBILLED_AID_SQL('k')}::int AS unbilled,
       (SELECT coalesce(sum(p.amount), 0) FROM payment p
         WHERE p.booking_id = k.id AND p.payer_type = 'holiday-aid')::int
       AS paid
     FROM holiday_aid a JOIN booking k ON k.id = a.booking_id WHERE a.booking_id = ?`,
    [bookingId],
  );
  const r = rows[0];
  return r ? { amount: r.amount, paid: r.paid, due: r.amount - r.paid, unbilled: r.unbilled } : null;
}

/** Amounts received per booking (cents), for the planning's payment view and the balances. */
export async function paidByBookings(db: Db, bookingIds: number[]): Promise<Map<number, number>> {
  if (!bookingIds.length) return new Map();
  const rows: { bookingId: number; paid: string }[] = await db('payment')
    .whereIn('bookingId', bookingIds)
    .whereRaw(`NOT ${CAF_PAYMENT_SQL('payment')}`)
    .groupBy('bookingId')
    .select('bookingId', db.raw('sum(amount)::bigint AS paid'));
  return new Map(rows.map((r) => [r.bookingId, Number(r.paid)]));
}

export type BookingFigures = Pick<
  BookingRecord,
  'id' | 'totalAmount' | 'statusId' | 'downPaymentAmount' | 'downPaymentDueDate' | 'balanceDueDate'
>;

export async function stayBalance(db: Db, bookingId: number): Promise<StayBalance> {
  const booking: BookingFigures | undefined = await db('booking')
    .where('id', bookingId)
    .first('id', 'totalAmount', 'statusId', 'downPaymentAmount', 'downPaymentDueDate', 'balanceDueDate');
  if (!booking) throw new HttpError(404, 'NOT_FOUND');
  // The partner's bills (its commission) are not the guest's to pay.
  const bills: FigureBill[] = await db('bill')
    .where({ bookingId, payerType: 'customer' })
    .select('kind', 'isDeposit', 'totalInclVat', 'creditedBillId', 'id');
  const paid = (await paidByBookings(db, [bookingId])).get(bookingId) ?? 0;
  return balanceFigures(booking, bills, paid, await stayCharges(db, bookingId), await stayAid(db, bookingId));
}

type FigureBill = Pick<BillRecord, 'kind' | 'isDeposit' | 'totalInclVat' | 'creditedBillId' | 'id'>;

/**
 * The balance's arithmetic on what was read: the customer's bills (`bills`, payer
 * `customer`), what was paid (the CAF's payments of an aid left out), what the sources
 * charged, the aid. Shared by stayBalance and the balance route's one-statement read (stay-balance.ts).
 */
export function balanceFigures(
  booking: BookingFigures,
  bills: FigureBill[],
  paid: number,
  charges: StayCharge[],
  aid: StayAid | null,
): StayBalance {
  const bookingId = booking.id;
  const billed = bills.reduce((s, b) => s + b.totalInclVat, 0);
  const finals = bills.filter((b) => b.kind === 'invoice' && !b.isDeposit);
  const isBilled = finals.some(
    (f) =>
      f.totalInclVat + bills.filter((c) => c.creditedBillId === f.id).reduce((s, c) => s + c.totalInclVat, 0) !== 0,
  );
  const stayTotal = booking.totalAmount ?? 0;
  // Till tickets charged to the stay: once a standing final bill holds them they are in `billed`.
  const charged = charges.reduce((s, c) => s + (c.billId == null ? c.amount : 0), 0);
  const due = dueOf(stayTotal, billed, isBilled, paid) + charged - (aid?.unbilled ?? 0);
  const overdue = RELEASING.includes(booking.statusId)
    ? null
    : overdueOf(
        {
          due,
          paid,
          downPaymentAmount: booking.downPaymentAmount,
          downPaymentDueDate: booking.downPaymentDueDate,
          balanceDueDate: booking.balanceDueDate,
        },
        todayParis(),
      );
  return { bookingId, stayTotal, billed, paid, charged, due, isBilled, overdue, holidayAid: aid };
}

/**
 * What is late on `today`: the whole amount due once the balance date has passed; before
 * it, what is missing of the down payment once its date has passed.
 */
export function overdueOf(
  s: {
    due: number;
    paid: number;
    downPaymentAmount: number | null;
    downPaymentDueDate: string | null;
    balanceDueDate: string | null;
  },
  today: string,
): Overdue | null {
  if (s.due <= 0) return null;
  if (s.balanceDueDate && s.balanceDueDate < today) return { amount: s.due, since: s.balanceDueDate };
  const missing = Math.min(s.due, (s.downPaymentAmount ?? 0) - s.paid);
  if (s.downPaymentDueDate && s.downPaymentDueDate < today && missing > 0)
    return { amount: missing, since: s.downPaymentDueDate };
  return null;
}

/**
 * What the guest still owes: once the final bill stands, what was billed; before, the
 * stay's price (or the deposits billed, should they exceed it); less what was paid.
 * Negative: the guest paid too much (a refund or a credit is owed).
 */
export function dueOf(stayTotal: number, billed: number, isBilled: boolean, paid: number): number {
  return (isBilled ? billed : Math.max(billed, stayTotal)) - paid;
}
