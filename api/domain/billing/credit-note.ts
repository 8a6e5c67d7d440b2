// Credit notes: all that remains of an invoice, units or amounts of chosen lines, or an
// amount off the whole invoice (./lines.ts). The issue and its preview are built by the
// same prepareCreditNote, so what the bill screen shows before « Émettre l'avoir » is
// what is then issued; the preview runs in a transaction that is always rolled back.
import type { Knex } from 'knex';
import { badRequest, HttpError } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import type { LineInput } from './lines';
import { creditAmountLines, creditLines } from './credit-lines';
import { billDate, creditableLines, insertBill, isStayBilled, lockStay, previewBill } from './issue';
import { standingPartnerBills } from './partner';
import { sellerSnapshot } from './parties';

import type { BillRecord } from '../../../common/generated/types';
import type { BillDraft, BillPreview, BillRef } from './records';

type Trx = Knex.Transaction;

export interface CreditNoteInput {
  reason: string;
  /** units of lines, or an amount (VAT included) off a line */
  lines?: { billLineId: number; quantity?: number | null; amount?: number | null }[];
  /** an amount (VAT included) off the whole invoice, spread over its taxable lines */
  amount?: number;
  date?: string;
}

/** The reason, trimmed; refuses a missing reason and two ways of crediting at once. */
function checkedReason(input: CreditNoteInput): string {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason)
    throw badRequest('CREDIT_NOTE_REASON_REQUIRED', { reason: formatMessage('CREDIT_NOTE_REASON_REQUIRED') });
  // Units or an amount of a line, lines or an amount of the whole bill: one way at a time.
  if ((input.amount != null && input.lines) || input.lines?.some((l) => l.quantity != null && l.amount != null))
    throw badRequest('INCORRECT_FORM', { amount: formatMessage('INCORRECT_FORM') });
  return reason;
}

/** The credit note as insertBill writes it, with every lock and refusal of the issue; writes nothing. */
async function prepareCreditNote(
  trx: Trx,
  invoiceId: number,
  input: CreditNoteInput,
  reason: string,
  date: string,
  userId: number | null,
): Promise<{ bill: BillDraft; lines: LineInput[] }> {
  const first: Pick<BillRecord, 'bookingId'> | undefined = await trx('bill').where('id', invoiceId).first('bookingId');
  if (!first) throw new HttpError(404, 'BILL_NOT_FOUND');
  if (first.bookingId != null) await lockStay(trx, first.bookingId);
  const invoice: BillRecord = await trx('bill').where('id', invoiceId).forUpdate().first();
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
    const creditable = await creditableLines(trx, [invoiceId]);
    lines =
      input.amount != null ? creditAmountLines(creditable, input.amount) : creditLines(creditable, input.lines ?? null);
  } catch (e) {
    const message = e instanceof Error ? e.message : undefined;
    if (message === 'EXCEEDS' || message === 'UNKNOWN_LINE')
      throw badRequest('CREDIT_NOTE_EXCEEDS_INVOICE', { lines: formatMessage('CREDIT_NOTE_EXCEEDS_INVOICE') });
    throw e;
  }
  if (!lines.length || lines.every((l) => l.amountInclVat === 0)) throw badRequest('BILL_CANNOT_BE_CANCELLED');
  return {
    lines,
    bill: {
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
  };
}

export async function issueCreditNote(
  knex: Knex,
  invoiceId: number,
  input: CreditNoteInput,
  userId: number | null,
  today?: string,
): Promise<number> {
  const date = billDate(input.date, today);
  const reason = checkedReason(input);
  return knex.transaction(async (trx) => {
    const p = await prepareCreditNote(trx, invoiceId, input, reason, date, userId);
    return insertBill(trx, p.bill, p.lines, 'credit-note');
  });
}

/** The credit note issueCreditNote would issue now, with the invoice it credits (number, date); nothing written. */
export async function previewCreditNote(
  knex: Knex,
  invoiceId: number,
  input: CreditNoteInput,
  userId: number | null,
): Promise<BillPreview> {
  const date = billDate(input.date);
  const reason = checkedReason(input);
  const note = await previewBill(knex, (trx) => prepareCreditNote(trx, invoiceId, input, reason, date, userId));
  const credited: BillRef | undefined = await knex('bill').where('id', invoiceId).first('id', 'number', 'date');
  return { ...note, creditedBill: credited };
}
