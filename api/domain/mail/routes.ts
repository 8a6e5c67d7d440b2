// Routes of the mail module: the SMTP setting (/email-configuration) with its test
// e-mail, the history (/email-history-list-page/{entityId}) with resend.
import type { Knex } from 'knex';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { parseId } from '../../rest/records';
import { escapeHtml } from '../../../common/merge-template';
import { enqueueMail, processQueue, resendMail } from './queue';
import { readSmtp, saveSmtp, type SmtpSettingInput } from './settings';
import { formatMessage } from '../../../common/messages';
import { getFile } from '../../files/store';
import { ref, email as EMAIL } from '../../http/schema-parts';
import './openapi';
import type { MailMessageRow } from './openapi';

const tag = 'mail';
const SMTP = 'documents.smtp';

const smtpBody = {
  type: 'object',
  additionalProperties: false,
  required: ['host', 'port', 'security', 'fromAddress'],
  properties: {
    host: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' },
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    security: { type: 'string', enum: ['none', 'starttls', 'tls'] },
    username: { type: ['string', 'null'], maxLength: 255 },
    password: { type: ['string', 'null'], maxLength: 500 },
    fromAddress: EMAIL,
    fromName: { type: ['string', 'null'], maxLength: 120 },
    replyTo: { anyOf: [EMAIL, { type: 'null' }, { type: 'string', maxLength: 0 }] },
    version: { type: 'integer', minimum: 0 },
  },
};

/** The history's rows (no body: the list stays light), the attachments as §3's (docs/entities.md#documents-and-mail)
 * semicolon string. */
function historyRow(r: MailMessageRow) {
  const att = r.attachments ?? [];
  return {
    id: r.id,
    kind: r.kind,
    channel: r.channel ?? 'email',
    status: r.status,
    toAddress: r.toAddress,
    subject: r.subject,
    attachments: att.map((a) => a.fileName).join(';'),
    entityType: r.entityType,
    entityId: r.entityId,
    customerId: r.customerId,
    bookingId: r.bookingId,
    customerName: r.customerName ?? null,
    attempts: r.attempts,
    lastError: r.lastError,
    sentAt: r.sentAt,
    nextAttemptAt: r.nextAttemptAt,
    createdAt: r.createdAt,
    resentFromId: r.resentFromId,
  };
}

async function historyPage(
  knex: Knex,
  q: { entityId?: number; status?: string; q?: string; page?: number; perPage?: number },
) {
  const base = knex('mail_message as m').leftJoin('customer as c', 'c.id', 'm.customerId');
  if (q.entityId) base.where('m.customerId', q.entityId);
  if (q.status) base.where('m.status', q.status);
  if (q.q) base.where((w) => w.whereILike('m.toAddress', `%${q.q}%`).orWhereILike('m.subject', `%${q.q}%`));
  const perPage = q.perPage ?? 20;
  const [{ n }] = await base.clone().count('* as n');
  const rows = await base
    .select<MailMessageRow[]>('m.*', knex.raw("concat_ws(' ', c.last_name, c.first_name) AS customer_name"))
    .orderBy('m.id', 'desc')
    .limit(perPage)
    .offset(((q.page ?? 1) - 1) * perPage);
  return { total: Number(n), rows: rows.map(historyRow) };
}

export const MAIL_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/email-configuration',
    right: [SMTP, 'read'],
    tag,
    summary: 'Le serveur SMTP (le mot de passe n’est jamais relu : hasPassword)',
    response: ref('SmtpSetting'),
    handler: ({ knex }) => readSmtp(knex),
  }),
  defineRoute<SmtpSettingInput>({
    method: 'PUT',
    path: '/rest/email-configuration',
    example: {
      body: { host: '127.0.0.1', port: 1, security: 'none', fromAddress: 'matrice@example.org' },
      unchanged: { table: 'smtp_setting' },
    },
    right: [SMTP, 'write'],
    tag,
    summary: 'Enregistre le serveur SMTP ; un mot de passe absent ou vide garde celui enregistré, null l’efface',
    body: smtpBody,
    invalid: 'MAIL_CONFIGURATION_ERROR',
    response: ref('SmtpSetting'),
    responses: { 409: { description: 'Modifié entre-temps (RECORD_CHANGED)' } },
    handler: ({ knex, body }) => saveSmtp(knex, body),
  }),
  defineRoute<{ to: string }>({
    method: 'POST',
    path: '/rest/email-configuration/test',
    example: { body: { to: 'test@example.org' }, unchanged: { table: 'mail_message', count: true } },
    right: [SMTP, 'write'],
    tag,
    summary:
      'Envoie un e-mail de test avec le serveur enregistré (mis en file puis envoyé aussitôt) et répond son état',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['to'],
      properties: { to: { ...EMAIL, 'x-message': 'RECIPIENT_EMAIL_MISSING' } },
    },
    response: ref('MailTestResult'),
    handler: async ({ knex, body, user }) => {
      const id = (await enqueueMail(knex, {
        kind: 'test',
        to: body.to,
        subject: 'Bivouac : e-mail de test',
        html:
          `<p>Cet e-mail de test a été envoyé par Bivouac à la demande de ` +
          `${escapeHtml(user.login ?? 'un utilisateur')}.</p><p>Si vous le lisez, les paramètres d'e-mail sont ` +
          `corrects.</p>`,
        userId: user.id,
      }))!;
      await processQueue(knex, { onlyId: id });
      const m = await knex('mail_message').where('id', id).first('id', 'status', 'lastError');
      return {
        id: m.id,
        status: m.status,
        error: m.status === 'sent' ? null : (m.lastError ?? formatMessage('EMAIL_NOT_SENT')),
      };
    },
  }),
  defineRoute<unknown, { entityId?: number; status?: string; q?: string; page?: number; perPage?: number }>({
    method: 'GET',
    path: '/rest/mail-history',
    example: { query: { entityId: 0 } },
    right: [SMTP, 'read'],
    tag,
    summary: 'Historique des e-mails, du plus récent au plus ancien ; entityId : ceux d’un client (0 : tous)',
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        entityId: { type: 'integer', minimum: 0, maximum: 999_999_999 },
        status: { type: 'string', enum: ['queued', 'sending', 'sent', 'failed'] },
        q: { type: 'string', maxLength: 200 },
        page: { type: 'integer', minimum: 1, maximum: 100_000 },
        perPage: { type: 'integer', minimum: 1, maximum: 200 },
      },
    },
    response: ref('MailHistoryPage'),
    handler: ({ knex, query }) => historyPage(knex, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/mail-history/:mailId',
    example: { params: { mailId: 'mail' } },
    right: [SMTP, 'read'],
    tag,
    summary: 'Un e-mail de l’historique, avec son corps',
    response: ref('MailHistoryDetail'),
    responses: { 404: { description: 'E-mail inconnu' } },
    handler: async ({ knex, params }) => {
      const r = await knex<MailMessageRow>('mail_message').where('id', parseId(params.mailId)).first();
      if (!r) throw new HttpError(404, 'NOT_FOUND');
      return {
        ...historyRow(r),
        bodyHtml: r.bodyHtml,
        attachmentList: (r.attachments ?? []).map((a, i) => ({ index: i, fileName: a.fileName, size: a.size })),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/mail-history/:mailId/attachment/:index',
    example: { params: { mailId: 'mail', index: { value: 0 } } },
    right: [SMTP, 'read'],
    tag,
    params: { index: { type: 'integer', minimum: 0, maximum: 100 } },
    summary: 'Une pièce jointe d’un e-mail de l’historique',
    response: {
      description: 'Fichier',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    handler: async ({ ctx, knex, params }) => {
      const r = await knex('mail_message').where('id', parseId(params.mailId)).first('attachments');
      const a = r?.attachments?.[Number(params.index)];
      const f = a ? await getFile(knex, a.ref) : null;
      if (!f) throw new HttpError(404, 'NOT_FOUND');
      ctx.type = f.mime;
      ctx.set('Content-Disposition', `attachment; filename="${String(a.fileName).replace(/[^\w.-]+/g, '_')}"`);
      ctx.body = f.data;
      return undefined;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/mail-history/:mailId/resend',
    example: { params: { mailId: 'mail' }, unchanged: { table: 'mail_message', count: true } },
    right: [SMTP, 'write'],
    tag,
    summary:
      'Renvoie un e-mail envoyé ou en échec : une nouvelle ligne de l’historique, mise en file et envoyée aussitôt',
    response: ref('MailHistoryRow'),
    responses: { 404: { description: 'E-mail inconnu' } },
    handler: async ({ knex, params, user }) => {
      const id = parseId(params.mailId);
      const m = await knex('mail_message').where('id', id).first('status');
      if (!m) throw new HttpError(404, 'NOT_FOUND');
      if (m.status !== 'sent' && m.status !== 'failed') throw new HttpError(400, 'MAIL_NOT_RESENDABLE');
      const newId = (await resendMail(knex, id, user.id))!;
      await processQueue(knex, { onlyId: newId });
      const r = await knex<MailMessageRow>('mail_message').where('id', newId).first();
      return historyRow(r!);
    },
  }),
];
