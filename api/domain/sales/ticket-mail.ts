// A ticket e-mailed to the customer (« optionally sent by e-mail »): the 80 mm PDF
// attached, taken like a print (sale_print: the original the first time the ticket
// leaves the till, on paper or by e-mail, « DUPLICATA n » afterwards), queued in the
// mail history and sent at once. The address is the one typed, else the ticket's
// customer's (or the customer assigned to it afterwards).
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { enqueueMail, processQueue } from '../mail/queue';
import { formatEuros } from '../pricing/money';
import { printTicket } from './documents';
import { loadSale } from './view';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function mailTicket(
  knex: Knex,
  saleId: number,
  to: string | undefined,
  userId: number | null,
): Promise<{ id: number; status: string; error: string | null; to: string; duplicate: number }> {
  const sale = await loadSale(knex, saleId);
  const customerId = sale.customerId ?? sale.assignedCustomer?.customerId ?? null;
  const known = customerId ? await knex('customer').where('id', customerId).first('email') : null;
  const address = to?.trim() || known?.email;
  if (!address) throw badRequest('RECIPIENT_EMAIL_MISSING', { to: 'Saisissez l’adresse e-mail du client' });
  const pdf = await printTicket(knex, saleId, userId);
  const shop = sale.sellerSnapshot?.name || sale.sellerSnapshot?.corporateName || '';
  const id = (await enqueueMail(knex, {
    kind: 'sale-ticket',
    to: address,
    subject: `Votre ticket ${sale.number}${shop ? ` — ${shop}` : ''}`,
    html:
      `<p>Bonjour,</p><p>Veuillez trouver ci-joint votre ticket n° ${escape(sale.number)} d’un montant de ` +
      `${escape(formatEuros(sale.totalInclVat))}.</p><p>Merci de votre visite.</p>`,
    attachments: [
      {
        fileName: `ticket-${sale.number}${pdf.duplicate ? `-duplicata-${pdf.duplicate}` : ''}.pdf`,
        mime: 'application/pdf',
        data: pdf.data,
      },
    ],
    entityType: 'sale',
    entityId: saleId,
    customerId,
    bookingId: sale.bookingId ?? null,
    userId,
  }))!;
  await processQueue(knex, { onlyId: id });
  const m = await knex('mail_message').where('id', id).first('status', 'lastError', 'toAddress');
  return {
    id,
    status: m.status,
    error: m.status === 'sent' ? null : m.lastError,
    to: m.toAddress,
    duplicate: pdf.duplicate,
  };
}
