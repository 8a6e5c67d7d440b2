// Rent reminders by e-mail: the « Relance de quittance » model (document function
// `rent-reminder`) in the resident's language, the receipt's bill PDF attached, queued in
// the mail module's queue and sent through its SMTP setting. Only a billed receipt with
// something still due is reminded, once a day at most: the message's dedupe key is the
// receipt and the day, so two users (or a user and the batch) reminding at once send
// one e-mail — the other is told it went already. The reminder date is set in the same
// transaction as the queued message.
import type { Knex } from 'knex';
import { badRequest, HttpError } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { formatDateFr, todayParis } from '../../../common/dates';
import type { MergeData } from '../../../common/merge-template';
import type { RentReceiptRecord } from '../../../common/generated/types/index';
import { formatEuros } from '../pricing/money';
import { printBill } from '../billing/documents';
import { enqueueMail, processQueue } from '../mail/queue';
import { customerData, establishmentData } from '../documents/context';
import { configurationForFunction, renderDocument } from '../documents/render';
import { lockReceipt } from './receipts';
import { residentialPreferences } from './preferences';

export interface ReminderResult {
  rentReceiptId: number;
  mailId: number;
  status: string;
  error: string | null;
  to: string;
  subject: string;
}

const refuse = (code: 'RENT_RECEIPT_NOTHING_DUE' | 'RENT_REMINDER_ALREADY_SENT') =>
  badRequest(code, { id: formatMessage(code) });

/** What is still due on a billed receipt (its bill's total less its payments). */
async function dueOf(trx: Knex.Transaction, r: Pick<RentReceiptRecord, 'billId' | 'totalInclVat'>): Promise<number> {
  const paid = await trx('payment').where('billId', r.billId).sum({ s: 'amount' }).first();
  return r.totalInclVat - Number(paid?.s ?? 0);
}

/** Queues the reminder of one receipt (in its own transaction) and sends it at once. */
export async function sendRentReminder(
  knex: Knex,
  id: number,
  o: { to?: string; userId: number | null; date?: string },
): Promise<ReminderResult> {
  const day = o.date ?? todayParis();
  const mcId = await configurationForFunction(knex, 'rent-reminder');
  if (!mcId) throw new HttpError(400, 'MAILING_CONFIGURATION_NOT_FOUND');
  const mailId = await knex.transaction(async (trx) => {
    const r = await lockReceipt(trx, id);
    if (!r.isBilled || !r.billId) throw refuse('RENT_RECEIPT_NOTHING_DUE');
    const due = await dueOf(trx, r);
    if (due <= 0) throw refuse('RENT_RECEIPT_NOTHING_DUE');
    const customer = await customerData(trx, r.customerId);
    const to = o.to || customer.email;
    if (!to) throw new HttpError(400, 'RECIPIENT_EMAIL_MISSING');
    const bill = await trx('bill').where('id', r.billId).first('number', 'date', 'dueDate', 'totalInclVat');
    const data: MergeData = {
      customer: customer.data,
      establishment: await establishmentData(trx),
      today: formatDateFr(day),
      bill: {
        number: bill.number,
        date: formatDateFr(bill.date),
        total: formatEuros(bill.totalInclVat),
        dueDate: formatDateFr(bill.dueDate ?? r.dueDate),
      },
      rent: {
        period: `du ${formatDateFr(r.startDate)} au ${formatDateFr(r.endDate)}`,
        due: formatEuros(due),
      },
    };
    const doc = await renderDocument(trx, mcId, customer.languageId, data);
    const pdf = await printBill(trx, r.billId);
    const queued = await enqueueMail(trx, {
      kind: 'rent-reminder',
      to,
      subject: doc.subject,
      html: doc.html,
      attachments: [
        { fileName: `${bill.number}${pdf.duplicate ? '-duplicata' : ''}.pdf`, mime: 'application/pdf', data: pdf.data },
      ],
      entityType: 'rent-receipt',
      entityId: id,
      customerId: r.customerId,
      mailingConfigurationId: mcId,
      languageId: doc.languageId,
      userId: o.userId,
      dedupeKey: `rent-reminder:${id}:${day}`,
    });
    if (queued === null) throw refuse('RENT_REMINDER_ALREADY_SENT');
    await trx('rent_receipt').where('id', id).update({ lastReminderOn: day });
    return queued;
  });
  await processQueue(knex, { onlyId: mailId });
  const m = await knex('mail_message').where('id', mailId).first('status', 'lastError', 'toAddress', 'subject');
  return {
    rentReceiptId: id,
    mailId,
    status: m.status,
    error: m.status === 'sent' ? null : m.lastError,
    to: m.toAddress,
    subject: m.subject,
  };
}

/**
 * Reminds every receipt late at `date` (billed, past its due date, not fully paid): one
 * e-mail each; those without an address or reminded that day already are counted apart.
 */
export async function sendLateReminders(knex: Knex, date: string, userId: number | null) {
  const late: { id: number }[] = await knex('rent_receipt as r')
    .where({ 'r.isBilled': true, 'r.stateId': 3 })
    .where('r.dueDate', '<', date)
    .whereRaw(`r.total_incl_vat > coalesce((SELECT sum(p.amount) FROM payment p WHERE p.bill_id = r.bill_id), 0)`)
    .orderBy('r.dueDate')
    .select('r.id');
  const out = { sent: 0, failed: 0, noAddress: 0, already: 0, rows: [] as ReminderResult[] };
  for (const { id } of late) {
    try {
      const res = await sendRentReminder(knex, id, { userId, date });
      out.rows.push(res);
      if (res.status === 'sent') out.sent++;
      else out.failed++;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'RECIPIENT_EMAIL_MISSING') out.noAddress++;
      else if (code === 'RENT_REMINDER_ALREADY_SENT') out.already++;
      else throw e;
    }
  }
  return out;
}

/**
 * The scheduler's run (api/jobs): on the 5th, with the setting on, every late receipt is
 * reminded; a receipt is reminded once a day (sendRentReminder), so the hourly runs of that
 * day send nothing twice. Answers null when there was nothing to do that day.
 */
export async function monthlyResidentialSend(knex: Knex, date: string) {
  if (date.slice(8, 10) !== '05') return null;
  if (!(await residentialPreferences(knex)).autoSendOn5th) return null;
  return sendLateReminders(knex, date, null);
}
