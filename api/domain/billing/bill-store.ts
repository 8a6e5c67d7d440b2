// What every bill's issue shares (stay bills, credit notes, partner and residential
// bills): the stay locked against a second issue, the bill's date, the invoices and
// lines still open to credit, the stay's billed state, and the insert of a numbered
// bill with its lines and ledger entry.
import type { Knex } from 'knex';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { formatDateFr, todayParis } from '../../../common/dates';
import { billTotals, numberLines, type LineInput } from './lines';
import type { CreditableLine } from './credit-lines';
import { openSeries, type Series } from './numbering';
import { insertNumberedBill } from './bill-insert';
import { appendBillEntry } from '../ledger/entries';
import { assertOpenFinancialYear } from '../establishment/periods';

import type { BillLineRecord, BillRecord, BookingRecord } from '../../../common/generated/types';
import type { BillDraft } from './records';

type Trx = Knex.Transaction;

/** Advisory lock namespace of "a bill of this stay is being issued" (« a bill already being processed »). */
const BILL_LOCK = 14_001;

export async function lockStay(trx: Trx, bookingId: number): Promise<BookingRecord> {
  const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(?, ?) AS ok', [BILL_LOCK, bookingId]);
  if (!rows[0].ok) throw new HttpError(409, 'BILL_BEING_PROCESSED');
  const booking: BookingRecord | undefined = await trx('booking').where('id', bookingId).forUpdate().first();
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
  const lines: BillLineRecord[] = await db('bill_line').whereIn('billId', billIds).orderBy(['billId', 'position']);
  const credited: { creditedLineId: number; q: number; a: number; v: number }[] = await db('bill_line')
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
    return { ...l, creditedQuantity: c?.q ?? 0, creditedAmount: c?.a ?? 0, creditedVat: c?.v ?? 0 };
  });
}

/** Invoices of a stay with what remains of each once credited (0: cancelled). */
export async function stayInvoices(db: Knex | Trx, bookingId: number): Promise<(BillRecord & { remaining: number })[]> {
  const bills: BillRecord[] = await db('bill').where({ bookingId, kind: 'invoice' }).orderBy('id');
  const credits: { creditedBillId: number; s: number }[] = bills.length
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

export async function insertBill(trx: Trx, bill: BillDraft, lines: LineInput[], series: Series): Promise<number> {
  const numbered = numberLines(lines);
  const totals = billTotals(numbered);
  // Dated in an open financial year (« Exercice absent ou clos »), before a number is taken.
  await assertOpenFinancialYear(trx, bill.date, 'date');
  const row = { ...bill, ...totals };
  // The number comes last: the series stays locked only for the inserts, the entry and the commit.
  let written = await insertNumberedBill(trx, series, bill.date, row, numbered);
  if (!written) {
    await openSeries(trx, series, bill.date);
    written = await insertNumberedBill(trx, series, bill.date, row, numbered);
    if (!written) throw badRequest('BILL_GENERATION_IMPOSSIBLE');
  }
  // NF525: its ledger entry, in the same transaction, from the rows as written (no read back under the lock).
  await appendBillEntry(trx, written.bill.id, written);
  return written.bill.id;
}
