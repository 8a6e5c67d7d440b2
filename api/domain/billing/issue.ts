// Issuing bills, database part: a stay's deposit or final bill and credit notes, each in
// one transaction that locks the stay, builds the lines from the stored price
// (./lines.ts), takes the next number of its series last (./numbering.ts) and inserts
// the bill and its lines — append-only tables whose triggers refuse any later change.
import type { Knex } from 'knex';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { todayParis } from '../../../common/dates';
import { RELEASING, UNCONFIRMED } from '../stays/status';
import {
  billTotals,
  creditLines,
  depositLines,
  finalLines,
  numberLines,
  type CreditableLine,
  type DepositRemainder,
  type LineInput,
} from './lines';
import { extraLines, markBilled, STAY_SOURCE, type BillSourceContext } from './sources';
import { standingPartnerBills } from './partner';
import { allocateNumber, type Series } from './numbering';
import { appendBillEntry } from '../ledger/entries';
import { customerSnapshot, paymentTermsText, sellerSnapshot } from './parties';
import { cancellationLines } from './cancellation';

type Trx = Knex.Transaction;
type Row = Record<string, any>;

/** Advisory lock namespace of "a bill of this stay is being issued" (« a bill already being processed »). */
const BILL_LOCK = 14_001;

export interface StayBillInput {
  /** cancellation: a cancelled stay's cancellation fee (./cancellation.ts) */
  kind: 'deposit' | 'final' | 'cancellation';
  amount?: number;
  date?: string;
}
export interface CreditNoteInput {
  reason: string;
  lines?: { billLineId: number; quantity?: number | null }[];
  date?: string;
}

const json = (v: unknown) => JSON.stringify(v);

export async function lockStay(trx: Trx, bookingId: number): Promise<Row> {
  const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(?, ?) AS ok', [BILL_LOCK, bookingId]);
  if (!rows[0].ok) throw new HttpError(409, 'BILL_BEING_PROCESSED');
  const booking = await trx('booking').where('id', bookingId).forUpdate().first();
  if (!booking) throw notFound();
  return booking;
}

export function billDate(date: string | undefined): string {
  const d = date ?? todayParis();
  if (!isValidDate(d)) throw badRequest('INCORRECT_DATES', { date: formatMessage('INVALID_DATE') });
  return d;
}

/** Net of each line of the given invoices once their credit notes are taken off. */
export async function creditableLines(
  db: Knex | Trx,
  billIds: number[],
): Promise<(CreditableLine & { billId: number })[]> {
  if (!billIds.length) return [];
  const lines: Row[] = await db('bill_line').whereIn('billId', billIds).orderBy(['billId', 'position']);
  const credited: Row[] = await db('bill_line')
    .whereIn(
      'creditedLineId',
      lines.map((l) => l.id),
    )
    .groupBy('creditedLineId')
    .select(
      'creditedLineId',
      db.raw('sum(quantity)::int AS q'),
      db.raw('sum(amount_incl_vat)::int AS a'),
      db.raw('sum(vat_amount)::int AS v'),
    );
  const byLine = new Map(credited.map((c) => [c.creditedLineId, c]));
  return lines.map((l) => {
    const c = byLine.get(l.id);
    return { ...(l as any), creditedQuantity: c?.q ?? 0, creditedAmount: c?.a ?? 0, creditedVat: c?.v ?? 0 };
  });
}

/** Invoices of a stay with what remains of each once credited (0: cancelled). */
export async function stayInvoices(db: Knex | Trx, bookingId: number): Promise<(Row & { remaining: number })[]> {
  const bills: Row[] = await db('bill').where({ bookingId, kind: 'invoice' }).orderBy('id');
  const credits: Row[] = bills.length
    ? await db('bill')
        .whereIn(
          'creditedBillId',
          bills.map((b) => b.id),
        )
        .groupBy('creditedBillId')
        .select('creditedBillId', db.raw('sum(total_incl_vat)::int AS s'))
    : [];
  const byBill = new Map(credits.map((c) => [c.creditedBillId, c.s]));
  return bills.map((b) => ({ ...b, remaining: b.totalInclVat + (byBill.get(b.id) ?? 0) }));
}

/**
 * A stay counts as billed (frozen) while it has a final invoice with a line not wholly
 * credited: the same SQL function as the triggers of migration 0030.
 */
export async function isStayBilled(db: Knex | Trx, bookingId: number): Promise<boolean> {
  const { rows } = await db.raw('SELECT bv_stay_billed(?) AS billed', [bookingId]);
  return !!rows[0].billed;
}

export async function insertBill(trx: Trx, bill: Row, lines: LineInput[], series: Series): Promise<number> {
  const numbered = numberLines(lines);
  const totals = billTotals(numbered);
  // The number comes last: the series stays locked only for the inserts and the commit.
  const n = await allocateNumber(trx, series, bill.date);
  const [{ id }] = await trx('bill')
    .insert({
      ...bill,
      ...n,
      ...totals,
      vatTotals: json(totals.vatTotals),
      customerSnapshot: json(bill.customerSnapshot),
      sellerSnapshot: json(bill.sellerSnapshot),
    })
    .returning('id');
  if (numbered.length) await trx('bill_line').insert(numbered.map((l) => ({ ...l, billId: id })));
  await appendBillEntry(trx, id); // NF525: its ledger entry, in the same transaction
  return id;
}

export async function issueStayBill(
  knex: Knex,
  bookingId: number,
  input: StayBillInput,
  userId: number | null,
): Promise<number> {
  const date = billDate(input.date);
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
  {
    const booking = await lockStay(trx, bookingId);
    if (input.kind === 'cancellation') return issueCancellationBill(trx, booking, date, userId);
    if (booking.kind === 'quote' || RELEASING.includes(booking.statusId) || UNCONFIRMED.includes(booking.statusId))
      throw badRequest('BILL_STAY_NOT_BILLABLE');
    const occs: Row[] = await trx('occupancy')
      .where({ bookingId, isCancelled: false })
      .orderBy('id')
      .select('id', 'startDate', 'endDate');
    const ctx: BillSourceContext = { bookingId, customerId: booking.customerId, kind: input.kind };
    const stay = await STAY_SOURCE.lines(trx, ctx);
    if (!stay.length) throw badRequest('BILL_NOTHING_TO_BILL');
    const invoices = await stayInvoices(trx, bookingId);
    if (await isStayBilled(trx, bookingId)) throw badRequest('BILL_ALREADY_FINAL');
    const customer = await customerSnapshot(trx, booking.customerId);
    const seller = await sellerSnapshot(trx);
    const period = {
      startDate: booking.startDate ?? occs[0].startDate,
      endDate: booking.endDate ?? occs[occs.length - 1].endDate,
    };
    const deposits = invoices.filter((b) => b.isDeposit && b.remaining !== 0);
    const depositLinesLeft = (
      await creditableLines(
        trx,
        deposits.map((d) => d.id),
      )
    ).map((l): DepositRemainder => ({
      billId: l.billId,
      number: deposits.find((d) => d.id === l.billId)!.number,
      vatRateBp: l.vatRateBp,
      amountInclVat: l.amountInclVat + l.creditedAmount,
      vatAmount: l.vatAmount + l.creditedVat,
    }));
    let lines: LineInput[];
    let dueDate: string | null;
    // Sales charged to the stay, rent receipts…: registered sources add their lines to the final bill.
    const extras = await extraLines(trx, ctx);
    if (input.kind === 'deposit') {
      const stayTotal = stay.reduce((s, l) => s + l.amountInclVat, 0);
      const left = stayTotal - depositLinesLeft.reduce((s, d) => s + d.amountInclVat, 0);
      const amount = input.amount ?? booking.downPaymentAmount ?? 0;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
        throw badRequest('BILL_DEPOSIT_AMOUNT_INVALID', { amount: formatMessage('BILL_DEPOSIT_AMOUNT_INVALID') });
      lines = depositLines(stay, amount, `Acompte sur le séjour ${booking.code ?? booking.id}`, period);
      dueDate = booking.downPaymentDueDate ?? null;
    } else {
      lines = finalLines([...stay, ...extras.flatMap((e) => e.lines)], depositLinesLeft);
      dueDate = booking.balanceDueDate ?? null;
    }
    const billId = await insertBill(
      trx,
      {
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
        paymentTerms: paymentTermsText(customer, dueDate),
        dueDate,
        userId,
        depositsDeducted: input.kind === 'final' ? depositLinesLeft.reduce((s, d) => s + d.amountInclVat, 0) : 0,
      },
      lines,
      'invoice',
    );
    await markBilled(trx, ctx, billId, extras);
    return billId;
  }
}

/** The cancellation invoice of a cancelled stay (its stay row locked by the caller). */
async function issueCancellationBill(trx: Trx, booking: Row, date: string, userId: number | null): Promise<number> {
  const lines = await cancellationLines(trx, booking, await stayInvoices(trx, booking.id));
  const customer = await customerSnapshot(trx, booking.customerId);
  return insertBill(
    trx,
    {
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
    lines,
    'invoice',
  );
}

export async function issueCreditNote(
  knex: Knex,
  invoiceId: number,
  input: CreditNoteInput,
  userId: number | null,
): Promise<number> {
  const date = billDate(input.date);
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason)
    throw badRequest('CREDIT_NOTE_REASON_REQUIRED', { reason: formatMessage('CREDIT_NOTE_REASON_REQUIRED') });
  return knex.transaction(async (trx) => {
    const first = await trx('bill').where('id', invoiceId).first('bookingId');
    if (!first) throw new HttpError(404, 'BILL_NOT_FOUND');
    if (first.bookingId != null) await lockStay(trx, first.bookingId);
    const invoice = await trx('bill').where('id', invoiceId).forUpdate().first();
    if (invoice.kind !== 'invoice') throw badRequest('CREDIT_NOTE_NEEDS_INVOICE');
    // A deposit bill already deducted by a standing final bill cannot be cancelled alone.
    if (invoice.isDeposit && invoice.bookingId != null) {
      if (await isStayBilled(trx, invoice.bookingId)) throw badRequest('BILL_CANNOT_BE_CANCELLED');
    }
    // « customer bill before partner bill », undone in the reverse order.
    if (
      invoice.payerType === 'customer' &&
      !invoice.isDeposit &&
      invoice.bookingId != null &&
      (await standingPartnerBills(trx, invoice.bookingId)).length
    ) {
      throw badRequest('PARTNER_BILL_REMAINS');
    }
    let lines: LineInput[];
    try {
      lines = creditLines(await creditableLines(trx, [invoiceId]), input.lines ?? null);
    } catch (e: any) {
      if (e?.message === 'EXCEEDS' || e?.message === 'UNKNOWN_LINE')
        throw badRequest('CREDIT_NOTE_EXCEEDS_INVOICE', { lines: formatMessage('CREDIT_NOTE_EXCEEDS_INVOICE') });
      throw e;
    }
    if (!lines.length || lines.every((l) => l.amountInclVat === 0)) throw badRequest('BILL_CANNOT_BE_CANCELLED');
    return insertBill(
      trx,
      {
        kind: 'credit-note',
        isDeposit: invoice.isDeposit,
        payerType: invoice.payerType,
        date,
        bookingId: invoice.bookingId,
        customerId: invoice.customerId,
        partnerId: invoice.partnerId,
        customerName: invoice.customerName,
        customerSnapshot: invoice.customerSnapshot,
        sellerSnapshot: await sellerSnapshot(trx),
        serviceStartDate: invoice.serviceStartDate,
        serviceEndDate: invoice.serviceEndDate,
        creditedBillId: invoice.id,
        reason,
        userId,
        paymentTerms: null,
        dueDate: null,
      },
      lines,
      'credit-note',
    );
  });
}
