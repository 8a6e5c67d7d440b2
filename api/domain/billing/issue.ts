// Issuing bills, database part: a stay's deposit or final bill and credit notes, each in
// one transaction that locks the stay, builds the lines from the stored price
// (./lines.ts), takes the next number of its series last (./numbering.ts) and inserts
// the bill and its lines — append-only tables whose triggers refuse any later change.
import type { Knex } from 'knex';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { formatDateFr, todayParis } from '../../../common/dates';
import { RELEASING, UNCONFIRMED } from '../stays/status';
import {
  billTotals,
  depositLines,
  finalLines,
  numberLines,
  type CreditableLine,
  type DepositRemainder,
  type LineInput,
} from './lines';
import { extraLines, markBilled, STAY_SOURCE, type BillSourceContext } from './sources';
import { allocateNumber, type Series } from './numbering';
import { appendBillEntry } from '../ledger/entries';
import { assertOpenFinancialYear } from '../establishment/periods';
import { customerSnapshot, paidTermsText, paymentTermsText, sellerSnapshot } from './parties';
import { depositWords, stayDepositNature, type DepositNature } from './mentions';
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
  /** a deposit bill of a payment already received: its date, method and nature */
  paid?: { date: string; method: string; nature: DepositNature | null };
}
const json = (v: unknown) => JSON.stringify(v);

export async function lockStay(trx: Trx, bookingId: number): Promise<Row> {
  const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(?, ?) AS ok', [BILL_LOCK, bookingId]);
  if (!rows[0].ok) throw new HttpError(409, 'BILL_BEING_PROCESSED');
  const booking = await trx('booking').where('id', bookingId).forUpdate().first();
  if (!booking) throw notFound();
  return booking;
}

/**
 * A new bill (invoice, credit note, partner or deposit bill) is dated the day it is
 * issued (rules-fr §2 (docs/billing.md#vat-and-invoice-mentions), CGI ann. II 242 nonies A): `date`, when sent, must be
 * today in Europe/Paris. A post-dated bill would block every later bill of its series (« bill
 * earlier than last »). `today` is given by callers that replay history (tests, imports
 * of bills issued elsewhere), never by a route.
 */
export function billDate(date: string | undefined, today: string = todayParis()): string {
  const d = date ?? today;
  if (!isValidDate(d)) throw badRequest('INCORRECT_DATES', { date: formatMessage('INVALID_DATE') });
  if (d !== today)
    throw badRequest('BILL_DATE_NOT_TODAY', {
      date: formatMessage('BILL_DATE_NOT_TODAY_FIELD', { today: formatDateFr(today) }),
    });
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
  // Dated in an open financial year (« Exercice absent ou clos »), before a number is taken.
  await assertOpenFinancialYear(trx, bill.date, 'date');
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

/** A stay's bill as it will be issued: its row (without number), lines and what the sources gave. */
export interface PreparedBill {
  bill: Row;
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
): Promise<Row> {
  const date = billDate(input.date);
  return previewBill(knex, (trx) => prepareStayBill(trx, bookingId, input, date, userId));
}

/**
 * A bill as insertBill would write it from what `prepare` builds — numbered lines, VAT per rate, totals — in a
 * transaction always rolled back (the locks and checks of the issue, no number taken, nothing written).
 */
export async function previewBill(
  knex: Knex,
  prepare: (trx: Trx) => Promise<{ bill: Row; lines: LineInput[] }>,
): Promise<Row> {
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
  booking: Row,
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
