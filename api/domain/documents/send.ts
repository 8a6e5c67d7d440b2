// A stay's document rendered from a model and queued as an e-mail (the route of the
// booking screen and the scheduled sends share it): in the customer's language (French
// when the model has no translation), the PDF attached when the model says so.
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';
import { bookingContext } from './context';
import { renderDocument } from './render';
import { documentPage, renderDocumentPdf } from './pdf';
import { enqueueMail } from '../mail/queue';
import { smsNumber } from '../mail/sms';
import type { MergeData } from '../../../common/merge-template';
import { documentSettings } from './document-settings';
import { SURVEY_OF_FUNCTION, surveyLinkHtml, surveyLinkOf } from './surveys';

const fileName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'document';

/** The document of a stay: rendered text and PDF, in a language (0/null: the customer's). */
export async function stayDocument(
  knex: Knex,
  mailingConfigurationId: number,
  bookingId: number,
  languageId: number | null,
) {
  const ctx = await bookingContext(knex, bookingId);
  if (!ctx) throw new HttpError(404, 'NOT_FOUND');
  const lang = languageId || ctx.languageId;
  const doc = await renderDocument(knex, mailingConfigurationId, lang, ctx.data);
  const settings = await documentSettings(knex, doc.functionCode, lang);
  const pdf = await renderDocumentPdf(
    doc.title,
    doc.html,
    ctx.data.establishment as MergeData,
    settings,
    await documentPage(knex),
  );
  return { ctx, doc, pdf, name: `${fileName(doc.title)}-${fileName(ctx.code)}.pdf` };
}

export interface QueueStayDocument {
  languageId?: number | null;
  to?: string | null;
  userId?: number | null;
  dedupeKey?: string;
  kind?: string;
  channel?: 'email' | 'sms';
}

/** Queues the e-mail; null when the key was used already. Throws RECIPIENT_EMAIL_MISSING without an address. */
export async function queueStayDocument(
  knex: Knex,
  mailingConfigurationId: number,
  bookingId: number,
  o: QueueStayDocument = {},
) {
  const d = await stayDocument(knex, mailingConfigurationId, bookingId, o.languageId ?? null);
  const sms = o.channel === 'sms';
  const to = sms ? (smsNumber(o.to) ?? d.ctx.phone) : o.to || d.ctx.email;
  if (!to) throw new HttpError(400, sms ? 'RECIPIENT_PHONE_MISSING' : 'RECIPIENT_EMAIL_MISSING');
  // A survey e-mail carries its signed link (surveys.ts), whatever the model says.
  const survey = SURVEY_OF_FUNCTION[d.doc.functionCode];
  const html = survey
    ? `${d.doc.html}${surveyLinkHtml(await surveyLinkOf(knex, bookingId, d.ctx.code, survey))}`
    : d.doc.html;
  const id = await enqueueMail(knex, {
    kind: o.kind ?? d.doc.functionCode,
    to,
    subject: d.doc.subject,
    html,
    attachments: d.doc.attachDocument && !sms ? [{ fileName: d.name, mime: 'application/pdf', data: d.pdf }] : [],
    channel: o.channel ?? 'email',
    entityType: 'booking',
    entityId: bookingId,
    bookingId,
    customerId: d.ctx.customerId,
    mailingConfigurationId,
    languageId: d.doc.languageId,
    userId: o.userId ?? null,
    dedupeKey: o.dedupeKey ?? null,
  });
  return id === null ? null : { id, translated: d.doc.translated };
}
