// A bill e-mailed from /bill/{billId}: the « Facture » model (« Avoir » for a credit
// note) rendered in the customer's language, the bill's stored PDF attached. The PDF is
// the one printing hands out (billing/documents.ts printBill): the original the first
// time the bill leaves the office, by e-mail or on paper, the DUPLICATA afterwards.
import type { Knex } from 'knex';
import { defineRoute } from '../../http/define-route';
import { ref, email } from '../../http/schema-parts';
import './openapi';
import { HttpError } from '../../http/errors';
import { parseId } from '../../rest/records';
import { printBill } from '../billing/documents';
import { loadBill } from '../billing/view';
import { enqueueMail, processQueue } from '../mail/queue';
import { bookingContext, customerData, establishmentData } from './context';
import { configurationForFunction, renderDocument } from './render';
import { formatDateFr, todayParis } from '../../../common/dates';
import { formatEuros } from '../pricing/money';
import type { MergeData } from '../../../common/merge-template';

export async function queueBillMail(knex: Knex, billId: number, o: { to?: string; userId: number }) {
  const bill = await loadBill(knex, billId);
  const functionCode = bill.kind === 'credit-note' ? 'credit-note' : 'bill';
  const mcId = await configurationForFunction(knex, functionCode);
  if (!mcId) throw new HttpError(400, 'MAILING_CONFIGURATION_NOT_FOUND');
  const stay = bill.bookingId ? await bookingContext(knex, bill.bookingId) : null;
  const customer = await customerData(knex, bill.customerId ?? stay?.customerId ?? null);
  const to = o.to || customer.email;
  if (!to) throw new HttpError(400, 'RECIPIENT_EMAIL_MISSING');
  const data: MergeData = {
    ...(stay?.data ?? {
      customer: customer.data,
      establishment: await establishmentData(knex),
      today: formatDateFr(todayParis()),
    }),
    bill: {
      number: bill.number,
      date: formatDateFr(bill.date),
      total: formatEuros(bill.totalInclVat),
      dueDate: formatDateFr(bill.dueDate),
    },
  };
  const doc = await renderDocument(knex, mcId, customer.languageId, data);
  const pdf = await printBill(knex, billId);
  const id = (await enqueueMail(knex, {
    kind: functionCode,
    to,
    subject: doc.subject,
    html: doc.html,
    attachments: [
      { fileName: `${bill.number}${pdf.duplicate ? '-duplicata' : ''}.pdf`, mime: 'application/pdf', data: pdf.data },
    ],
    entityType: 'bill',
    entityId: billId,
    customerId: bill.customerId ?? stay?.customerId ?? null,
    bookingId: bill.bookingId ?? null,
    mailingConfigurationId: mcId,
    languageId: doc.languageId,
    userId: o.userId,
  }))!;
  return { id, translated: doc.translated, duplicate: pdf.duplicate };
}

export const BILL_MAIL_ROUTES = [
  defineRoute<{ to?: string }>({
    method: 'POST',
    path: '/rest/bill/:billId/send-email',
    example: {
      params: { billId: 'bill' },
      body: { to: 'client@example.org' },
      unchanged: { table: 'mail_message', where: { entityType: 'bill' }, count: true },
      ok: {
        status: 400,
        why: 'no « Facture » model in this database: past the right, the rule answers MAILING_CONFIGURATION_NOT_FOUND',
      },
    },
    right: ['invoice.bill', 'read'],
    tag: 'documents',
    summary:
      'E-mail d’une facture (modèle Facture ou Avoir, langue du client) avec son PDF enregistré (original la ' +
      'première fois, duplicata ensuite) ; envoyé aussitôt',
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        to: email,
      },
    },
    response: ref('BillMailSent'),
    responses: { 404: { description: 'Facture inconnue' } },
    handler: async ({ knex, params, body, user }) => {
      const q = await queueBillMail(knex, parseId(params.billId), { to: body.to, userId: user.id });
      await processQueue(knex, { onlyId: q.id });
      const m = await knex('mail_message').where('id', q.id).first('id', 'status', 'lastError', 'toAddress', 'subject');
      return {
        id: m.id,
        status: m.status,
        error: m.status === 'sent' ? null : m.lastError,
        to: m.toAddress,
        subject: m.subject,
        translated: q.translated,
        duplicate: q.duplicate,
      };
    },
  }),
];
