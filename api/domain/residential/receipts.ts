// Rent receipts: creation of one deadline or of every deadline of a period for all
// contracts (idempotent: the unique (place_affectation_id, start_date) makes each
// deadline exist once, whoever creates it at the same time), the refresh of their
// lines while not billed, and their bill — an invoice of the same series as stays',
// with its ledger entry (insertBill), after which the receipt is frozen (trigger).
import type { Knex } from 'knex';
import type {
  PlaceAffectationRecord,
  RentReceiptLineRecord,
  RentReceiptRecord,
} from '../../../common/generated/types/index';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { addDays } from '../../../common/dates';
import { coveredDays, deadlinesOfYear, vatOf } from './engine';
import { fixedLines, variableLines, type RefCache, type ReceiptLine, type ReceiptPeriod } from './lines';
import { billDate, insertBill } from '../billing/issue';
import type { LineInput } from '../billing/lines';
import { customerSnapshot, paymentTermsText, sellerSnapshot } from '../billing/parties';
import { dueDateOf, residentialPreferences } from './preferences';

type Trx = Knex.Transaction;
type Receipt = RentReceiptRecord;
type Affectation = PlaceAffectationRecord;

async function writeLines(trx: Trx, receiptId: number, lines: ReceiptLine[]): Promise<number> {
  await trx('rent_receipt_line').where('rentReceiptId', receiptId).delete();
  if (lines.length)
    await trx('rent_receipt_line').insert(
      lines.map((l, i) => ({
        rentReceiptId: receiptId,
        position: i + 1,
        lineType: l.lineType,
        label: l.label.slice(0, 250),
        quantity: l.quantity,
        amountInclVat: l.amountInclVat,
        vatRateBp: l.vatRateBp,
        meterReadingId: l.meterReadingId ?? null,
        subletId: l.subletId ?? null,
      })),
    );
  const total = lines.reduce((s, l) => s + l.amountInclVat, 0);
  await trx('rent_receipt').where('id', receiptId).update({ totalInclVat: total, updatedAt: trx.fn.now() });
  return total;
}

/** Recomputes every line of a receipt not billed yet (the row locked by the caller). */
export async function refreshLines(
  trx: Trx,
  receipt: Receipt,
  cache?: RefCache,
  contract?: Affectation,
): Promise<number> {
  const aff: Affectation = contract ?? (await trx('place_affectation').where('id', receipt.placeAffectationId).first());
  const count = nightsInYear(receipt) ? aff.deadlines : 1;
  const period: ReceiptPeriod = { rank: receipt.deadline, startDate: receipt.startDate, endDate: receipt.endDate };
  const fixed = await fixedLines(trx, aff, period, count, cache);
  const variable = await variableLines(trx, aff, receipt.id, receipt.endDate);
  return writeLines(trx, receipt.id, [...fixed, ...variable]);
}
const nightsInYear = (r: Pick<Receipt, 'startDate' | 'endDate'>) =>
  r.startDate.slice(0, 4) === addDays(r.endDate, -1).slice(0, 4);

export interface MultiResult {
  created: number;
  existing: number;
  receiptIds: number[];
  /** contracts left out of a run over all contracts, with the reason (e.g. no price) */
  refused: { placeAffectationId: number; code: string; message: string }[];
}

/** The deadlines of `year` a contract covers (at least one day). */
export function contractDeadlines(
  aff: Pick<Affectation, 'deadlines' | 'startDate' | 'endDate'>,
  year: number,
): ReceiptPeriod[] {
  return deadlinesOfYear(year, aff.deadlines).filter((d) =>
    coveredDays(d.startDate, d.endDate, aff.startDate, aff.endDate),
  );
}

/**
 * Every deadline of `year` (or only those starting in [from, to)) of every contract (or
 * one), created once: a deadline that exists already is left as it is.
 */
export async function createReceipts(
  knex: Knex,
  opts: { year: number; from?: string; to?: string; placeAffectationId?: number; dueDays?: number },
): Promise<MultiResult> {
  const q = knex('place_affectation').orderBy('id');
  if (opts.placeAffectationId) q.where('id', opts.placeAffectationId);
  const affs: Affectation[] = await q.select('*');
  const out: MultiResult = { created: 0, existing: 0, receiptIds: [], refused: [] };
  const cache: RefCache = new Map();
  for (const aff of affs) {
    try {
      await createForContract(knex, aff, opts, out, cache);
    } catch (e) {
      // One contract alone: its refusal is the answer; all contracts: the others go on.
      if (opts.placeAffectationId || !(e instanceof HttpError) || e.status !== 400) throw e;
      out.refused.push({ placeAffectationId: aff.id, code: e.code, message: e.message });
    }
  }
  return out;
}

/**
 * The deadlines of one contract, in one transaction: each inserted only where it does not
 * exist yet (a concurrent run waits on the row and then skips it), with its lines.
 */
async function createForContract(
  knex: Knex,
  aff: Affectation,
  opts: { year: number; from?: string; to?: string; dueDays?: number },
  out: MultiResult,
  cache: RefCache,
): Promise<void> {
  const wanted = contractDeadlines(aff, opts.year).filter(
    (d) => (!opts.from || d.startDate >= opts.from) && (!opts.to || d.startDate < opts.to),
  );
  if (!wanted.length) return;
  // Due `dueDays` after its first day when the call says so, else on the preferences' day of the month.
  const { dueDay } = await residentialPreferences(knex);
  const due = (start: string) => (opts.dueDays !== undefined ? addDays(start, opts.dueDays) : dueDateOf(start, dueDay));
  const mine = { created: 0, existing: 0, receiptIds: [] as number[] };
  await knex.transaction(async (trx) => {
    for (const d of wanted) {
      const [row]: (Receipt | undefined)[] = await trx('rent_receipt')
        .insert({
          placeAffectationId: aff.id,
          customerId: aff.customerId,
          startDate: d.startDate,
          endDate: d.endDate,
          deadline: d.rank,
          dueDate: due(d.startDate),
          stateId: 3,
        })
        .onConflict(['placeAffectationId', 'startDate'])
        .ignore()
        .returning('*');
      if (!row) {
        mine.existing++;
        continue;
      }
      await refreshLines(trx, row, cache, aff);
      mine.created++;
      mine.receiptIds.push(row.id);
    }
  });
  // Counted once committed: a contract refused (no price) adds nothing.
  out.created += mine.created;
  out.existing += mine.existing;
  out.receiptIds.push(...mine.receiptIds);
}

export async function lockReceipt(trx: Trx, id: number): Promise<Receipt> {
  const r = await trx<Receipt>('rent_receipt').where('id', id).forUpdate().first();
  if (!r) throw notFound();
  return r;
}

const refuse = (code: 'BILLED_ITEMS_UNCHANGEABLE' | 'RENT_RECEIPTS_NO_PRICE' | 'BILL_GENERATION_IMPOSSIBLE') =>
  badRequest(code, { id: formatMessage(code) });

/** The receipt as bill lines (§9 (docs/constants.md) types kept), VAT-inclusive cents. */
export function billLinesOf(lines: RentReceiptLineRecord[], r: Pick<Receipt, 'startDate' | 'endDate'>): LineInput[] {
  return lines.map((l) => ({
    lineType: l.lineType,
    label: l.label,
    quantity: l.quantity || 1,
    unitPriceInclVat: Math.round(l.amountInclVat / (l.quantity || 1)),
    amountInclVat: l.amountInclVat,
    vatRateBp: l.vatRateBp,
    vatAmount: vatOf(l.amountInclVat, l.vatRateBp),
    startDate: r.startDate,
    endDate: r.endDate,
  }));
}

/** Bills a saved receipt: its lines refreshed last, then an invoice of the stays' series. */
export async function billReceipt(
  knex: Knex,
  id: number,
  input: { date?: string },
  userId: number | null,
): Promise<{ billId: number; number: string }> {
  const date = billDate(input.date);
  return knex.transaction(async (trx) => {
    const r = await lockReceipt(trx, id);
    if (r.isBilled) throw refuse('BILLED_ITEMS_UNCHANGEABLE');
    if (r.stateId !== 3) throw refuse('BILL_GENERATION_IMPOSSIBLE');
    await refreshLines(trx, r);
    const lines: RentReceiptLineRecord[] = await trx('rent_receipt_line')
      .where('rentReceiptId', id)
      .orderBy('position');
    if (!lines.length) throw refuse('RENT_RECEIPTS_NO_PRICE');
    const customer = await customerSnapshot(trx, r.customerId);
    const seller = await sellerSnapshot(trx);
    const billId = await insertBill(
      trx,
      {
        kind: 'invoice',
        isDeposit: false,
        payerType: 'customer',
        date,
        bookingId: null,
        customerId: r.customerId,
        customerName: customer.name,
        customerSnapshot: customer,
        sellerSnapshot: seller,
        serviceStartDate: r.startDate,
        serviceEndDate: r.endDate,
        paymentTerms: paymentTermsText(customer, r.dueDate),
        dueDate: r.dueDate,
        userId,
      },
      billLinesOf(lines, r),
      'invoice',
    );
    await trx('rent_receipt').where('id', id).update({ isBilled: true, billId });
    const bill = await trx('bill').where('id', billId).first('number');
    return { billId, number: bill.number };
  });
}

/** Receipt actions while not billed: save its lines again, or abandon it (stateId 2, lines dropped). */
export async function setReceiptState(knex: Knex, id: number, stateId: 1 | 2 | 3): Promise<Receipt> {
  return knex.transaction(async (trx) => {
    const r = await lockReceipt(trx, id);
    if (r.isBilled) throw new HttpError(400, 'BILLED_ITEMS_UNCHANGEABLE');
    await trx('rent_receipt').where('id', id).update({ stateId });
    if (stateId === 2) await writeLines(trx, id, []);
    else await refreshLines(trx, { ...r, stateId });
    return trx('rent_receipt').where('id', id).first();
  });
}

/** One deadline of a contract as a temporary receipt (stateId 1) with its lines; saved by setReceiptState. */
export async function createTempReceipt(
  knex: Knex,
  input: { placeAffectationId: number; year: number; deadline: number; dueDate?: string },
): Promise<number> {
  return knex.transaction(async (trx) => {
    const aff = await trx('place_affectation').where('id', input.placeAffectationId).forUpdate().first();
    if (!aff) throw notFound();
    const d = contractDeadlines(aff, input.year).find((x) => x.rank === input.deadline);
    if (!d)
      throw badRequest('RENT_RECEIPT_DEADLINE_OUTSIDE', { deadline: formatMessage('RENT_RECEIPT_DEADLINE_OUTSIDE') });
    const exists = await trx('rent_receipt').where({ placeAffectationId: aff.id, startDate: d.startDate }).first('id');
    if (exists) throw badRequest('RENT_RECEIPT_EXISTS', { deadline: formatMessage('RENT_RECEIPT_EXISTS') });
    const [row] = await trx('rent_receipt')
      .insert({
        placeAffectationId: aff.id,
        customerId: aff.customerId,
        startDate: d.startDate,
        endDate: d.endDate,
        deadline: d.rank,
        dueDate: input.dueDate ?? dueDateOf(d.startDate, (await residentialPreferences(trx)).dueDay),
        stateId: 1,
      })
      .returning('*');
    await refreshLines(trx, row);
    return row.id;
  });
}
