// Issuing bills, database part: a stay's deposit or final bill and credit notes, each in
// one transaction that locks the stay, builds the lines from the stored price
// (./lines.ts), takes the next number of its series last (./numbering.ts) and inserts
// the bill and its lines — append-only tables whose triggers refuse any later change.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { RELEASING, UNCONFIRMED } from '../stays/status';
import { billTotals, depositLines, finalLines, numberLines, type DepositRemainder, type LineInput } from './lines';
import { extraLines, markBilled, STAY_SOURCE, type BillSourceContext } from './sources';
import { customerSnapshot, paidTermsText, paymentTermsText, sellerSnapshot } from './parties';
import { depositWords, stayDepositNature, type DepositNature } from './mentions';
import { cancellationLines } from './cancellation';

import { billDate, creditableLines, insertBill, isStayBilled, lockStay, stayInvoices } from './bill-store';
export { billDate, creditableLines, insertBill, isStayBilled, lockStay, stayInvoices } from './bill-store';

import type { BookingRecord, OccupancyRecord } from '../../../common/generated/types';
import type { BillDraft, BillPreview } from './records';

type Trx = Knex.Transaction;

export interface StayBillInput {
  /** cancellation: a cancelled stay's cancellation fee (./cancellation.ts) */
  kind: 'deposit' | 'final' | 'cancellation';
  amount?: number;
  date?: string;
  /** a deposit bill of a payment already received: its date, method and nature */
  paid?: { date: string; method: string; nature: DepositNature | null };
}

export async function issueStayBill(
  knex: Knex,
  bookingId: number,
  input: StayBillInput,
  userId: number | null,
  today?: string,
): Promise<number> {
  const date = billDate(input.date, today);
  return knex.transaction((trx) => issueStayBillIn(trx, bookingId, input, date, userId));
}

/** The stay's bill inside a transaction of the caller (a deposit bill made from a payment). */
export async function issueStayBillIn(
  trx: Trx,
  bookingId: number,
  input: StayBillInput,
  date: string,
  userId: number | null,
): Promise<number> {
  const p = await prepareStayBill(trx, bookingId, input, date, userId);
  const billId = await insertBill(trx, p.bill, p.lines, 'invoice');
  await markBilled(trx, p.ctx, billId, p.extras);
  return billId;
}

/** The stay's dates, from its occupancies when the booking has none of its own (read only then). */
async function servicePeriod(trx: Trx, booking: BookingRecord): Promise<{ startDate: string; endDate: string }> {
  if (booking.startDate && booking.endDate) return { startDate: booking.startDate, endDate: booking.endDate };
  const occs: Pick<OccupancyRecord, 'startDate' | 'endDate'>[] = await trx('occupancy')
    .where({ bookingId: booking.id, isCancelled: false })
    .orderBy('id')
    .select('startDate', 'endDate');
  return {
    startDate: booking.startDate ?? occs[0].startDate,
    endDate: booking.endDate ?? occs[occs.length - 1].endDate,
  };
}

/** A stay's bill as it will be issued: its row (without number), lines and what the sources gave. */
export interface PreparedBill {
  bill: BillDraft;
  lines: LineInput[];
  ctx: BillSourceContext;
  extras: Awaited<ReturnType<typeof extraLines>>;
}

/**
 * The bill as issueStayBillIn inserts it, with every check and refusal of the issue (the stay locked, the sources'
 * rows too), and nothing written: the issue and its preview both start here.
 */
async function prepareStayBill(
  trx: Trx,
  bookingId: number,
  input: StayBillInput,
  date: string,
  userId: number | null,
): Promise<PreparedBill> {
  {
    const booking = await lockStay(trx, bookingId);
    if (input.kind === 'cancellation') return prepareCancellationBill(trx, booking, date, userId);
    if (booking.kind === 'quote' || RELEASING.includes(booking.statusId) || UNCONFIRMED.includes(booking.statusId))
      throw badRequest('BILL_STAY_NOT_BILLABLE');
    const ctx: BillSourceContext = { bookingId, customerId: booking.customerId, kind: input.kind };
    const stay = await STAY_SOURCE.lines(trx, ctx);
    if (!stay.length) throw badRequest('BILL_NOTHING_TO_BILL');
    const invoices = await stayInvoices(trx, bookingId);
    if (await isStayBilled(trx, bookingId)) throw badRequest('BILL_ALREADY_FINAL');
    const customer = await customerSnapshot(trx, booking.customerId);
    const seller = await sellerSnapshot(trx);
    const period = await servicePeriod(trx, booking);
    const deposits = invoices.filter((b) => b.isDeposit && b.remaining !== 0);
    const depositLinesLeft = (
      await creditableLines(
        trx,
        deposits.map((d) => d.id),
      )
    ).map((l): DepositRemainder => ({
      billId: l.billId,
      number: deposits.find((d) => d.id === l.billId)!.number,
      nature: deposits.find((d) => d.id === l.billId)!.depositNature,
      vatRateBp: l.vatRateBp,
      amountInclVat: l.amountInclVat + l.creditedAmount,
      vatAmount: l.vatAmount + l.creditedVat,
    }));
    let lines: LineInput[];
    let dueDate: string | null;
    let nature: DepositNature | null;
    // Sales charged to the stay, rent receipts…: registered sources add their lines to the final bill.
    const extras = await extraLines(trx, ctx);
    if (input.kind === 'deposit') {
      const stayTotal = stay.reduce((s, l) => s + l.amountInclVat, 0);
      const left = stayTotal - depositLinesLeft.reduce((s, d) => s + d.amountInclVat, 0);
      const amount = input.amount ?? booking.downPaymentAmount ?? 0;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
        throw badRequest('BILL_DEPOSIT_AMOUNT_INVALID', { amount: formatMessage('BILL_DEPOSIT_AMOUNT_INVALID') });
      nature = input.paid?.nature ?? stayDepositNature(booking.downPaymentKind);
      lines = depositLines(
        stay,
        amount,
        `${depositWords(nature).noun} sur le séjour ${booking.code ?? booking.id}`,
        period,
      );
      dueDate = booking.downPaymentDueDate ?? null;
    } else {
      lines = finalLines([...stay, ...extras.flatMap((e) => e.lines)], depositLinesLeft);
      dueDate = booking.balanceDueDate ?? null;
      const natures = new Set(depositLinesLeft.filter((d) => d.amountInclVat !== 0).map((d) => d.nature));
      nature = natures.size === 1 ? ([...natures][0] ?? 'acompte') : null;
    }
    // Never due before it is issued (a stay billed after its balance date is due at once).
    if (dueDate != null && dueDate < date) dueDate = date;
    if (input.paid) dueDate = null;
    // A deposit bill made from the payment received is paid in full at issue (its e-invoice's BT-113).
    const paid =
      input.kind === 'deposit' && input.paid
        ? { prepaidAmount: billTotals(numberLines(lines)).totalInclVat, paidOn: input.paid.date }
        : {};
    return {
      ctx,
      extras,
      lines,
      bill: {
        kind: 'invoice',
        isDeposit: input.kind === 'deposit',
        payerType: 'customer',
        date,
        bookingId,
        customerId: booking.customerId,
        customerName: customer.name,
        customerSnapshot: customer,
        sellerSnapshot: seller,
        serviceStartDate: period.startDate,
        serviceEndDate: period.endDate,
        paymentTerms: input.paid ? paidTermsText(customer, input.paid) : paymentTermsText(customer, dueDate),
        dueDate,
        depositNature: nature,
        userId,
        depositsDeducted: input.kind === 'final' ? depositLinesLeft.reduce((s, d) => s + d.amountInclVat, 0) : 0,
        ...paid,
      },
    };
  }
}

/**
 * The bill issueStayBill would issue now — lines, VAT per rate, totals, mentions — computed by the same code in a
 * transaction that is always rolled back: no number is taken, nothing is written.
 */
export async function previewStayBill(
  knex: Knex,
  bookingId: number,
  input: StayBillInput,
  userId: number | null,
): Promise<BillPreview> {
  const date = billDate(input.date);
  return previewBill(knex, (trx) => prepareStayBill(trx, bookingId, input, date, userId));
}

/**
 * A bill as insertBill would write it from what `prepare` builds — numbered lines, VAT per rate, totals — in a
 * transaction always rolled back (the locks and checks of the issue, no number taken, nothing written).
 */
export async function previewBill(
  knex: Knex,
  prepare: (trx: Trx) => Promise<{ bill: BillDraft; lines: LineInput[] }>,
): Promise<BillPreview> {
  const trx = await knex.transaction();
  try {
    const p = await prepare(trx);
    const lines = numberLines(p.lines);
    return { ...p.bill, ...billTotals(lines), number: null, lines };
  } finally {
    await trx.rollback();
  }
}

/** The cancellation invoice of a cancelled stay (its stay row locked by the caller): no other source bills with it. */
async function prepareCancellationBill(
  trx: Trx,
  booking: BookingRecord,
  date: string,
  userId: number | null,
): Promise<PreparedBill> {
  const lines = await cancellationLines(trx, booking, await stayInvoices(trx, booking.id));
  const customer = await customerSnapshot(trx, booking.customerId);
  return {
    ctx: { bookingId: booking.id, customerId: booking.customerId, kind: 'final' },
    extras: [],
    lines,
    bill: {
      kind: 'invoice',
      isDeposit: false,
      payerType: 'customer',
      date,
      bookingId: booking.id,
      customerId: booking.customerId,
      customerName: customer.name,
      customerSnapshot: customer,
      sellerSnapshot: await sellerSnapshot(trx),
      serviceStartDate: booking.startDate ?? null,
      serviceEndDate: booking.endDate ?? null,
      paymentTerms: paymentTermsText(customer, date),
      dueDate: date,
      reason: booking.cancelReason ?? null,
      userId,
    },
  };
}
