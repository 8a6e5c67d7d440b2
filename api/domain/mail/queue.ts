// The mail queue (table mail_message, migration 0033): every e-mail is first a row,
// then sent by `processQueue`, which the server's scheduler runs (api/jobs) and which
// the routes also call right after queuing, so a test e-mail goes out at once.
//
// Never twice: a row is claimed in its own short transaction (`FOR UPDATE SKIP LOCKED`,
// status queued → sending, committed) before the SMTP conversation, so two processes or
// two ticks never take the same row. After it: sent, or queued again with the next
// attempt after an exponential back-off (1, 2, 4… minutes, at most 6 hours), or failed
// after MAX_ATTEMPTS. A row left `sending` by a process that died mid-conversation may
// have been accepted by the server: it is marked failed (MAIL_SEND_INTERRUPTED), never
// retried by itself — the history offers to resend it.
import type { Knex } from 'knex';
import { getFile, putFile } from '../../files/store';
import { formatMessage } from '../../../common/messages';
import { HttpError } from '../../http/errors';
import { htmlToText, sanitizeHtml } from '../../../common/mail-html';
import { smtpConnection } from './settings';
import { SmsError, smsProvider, smsText } from './sms';
import { campaignSender, type Sender } from './emailing';

type Db = Knex | Knex.Transaction;

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 3_600_000;
/** a row `sending` for longer than this was left by a process that stopped */
const STALE_SENDING_MS = 10 * 60_000;

export interface Attachment {
  fileName: string;
  mime: string;
  data: Uint8Array;
}

export interface NewMail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  attachments?: Attachment[];
  entityType?: string | null;
  entityId?: number | null;
  customerId?: number | null;
  bookingId?: number | null;
  mailingConfigurationId?: number | null;
  languageId?: number | null;
  userId?: number | null;
  /** one message per key, ever (scheduled reminders and surveys) */
  dedupeKey?: string | null;
  resentFromId?: number | null;
  /** 'sms': `to` is a phone number in international form, sent by the SMS adapter (no attachment) */
  channel?: 'email' | 'sms';
}

export const backoffMs = (attempts: number) => Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);

const safeName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'fichier';

/**
 * Queues a message (its attachments stored beside it); answers its id, or null when its dedupe key was used already.
 */
export async function enqueueMail(db: Db, m: NewMail): Promise<number | null> {
  // §8 (docs/errors.md#messages) « Nom de fichier obligatoire »: an attachment must be named for the customer (and the
  // history).
  if ((m.attachments ?? []).some((a) => !a.fileName?.trim()))
    throw new HttpError(400, 'FILE_NAME_REQUIRED', { attachments: formatMessage('FILE_NAME_REQUIRED') });
  const run = async (trx: Knex.Transaction) => {
    const rows = await trx('mail_message')
      .insert({
        kind: m.kind,
        toAddress: m.to.trim(),
        subject: m.subject.replace(/[\r\n]+/g, ' ').slice(0, 250),
        bodyHtml: sanitizeHtml(m.html),
        entityType: m.entityType ?? null,
        entityId: m.entityId ?? null,
        customerId: m.customerId ?? null,
        bookingId: m.bookingId ?? null,
        mailingConfigurationId: m.mailingConfigurationId ?? null,
        languageId: m.languageId ?? null,
        userId: m.userId ?? null,
        dedupeKey: m.dedupeKey ?? null,
        resentFromId: m.resentFromId ?? null,
        channel: m.channel ?? 'email',
      })
      .onConflict('dedupeKey')
      .ignore()
      .returning('id');
    if (!rows.length) return null;
    const id: number = rows[0].id;
    const list = [];
    for (const [i, a] of (m.attachments ?? []).entries()) {
      const ext = (/\.([a-z0-9]{1,8})$/i.exec(a.fileName)?.[1] ?? 'bin').toLowerCase();
      const ref = `mail/${id}/${i + 1}-${safeName(a.fileName.replace(/\.[^.]*$/, ''))}.${ext}`;
      await putFile(trx, ref, a.mime, a.data);
      list.push({ fileName: a.fileName, mime: a.mime, ref, size: a.data.length });
    }
    if (list.length)
      await trx('mail_message')
        .where('id', id)
        .update({ attachments: JSON.stringify(list) });
    return id;
  };
  return (db as Knex.Transaction).isTransaction ? run(db as Knex.Transaction) : (db as Knex).transaction(run);
}

/** A claimed row of mail_message (migration 0033 and later): what sending it reads. */
interface ClaimedMessage {
  id: number;
  kind: string;
  channel: string;
  toAddress: string;
  subject: string;
  bodyHtml: string;
  attachments: { fileName: string; mime: string; ref: string }[];
  attempts: number;
  createdAt: string | Date;
}

/** Claims due rows (or the one named): queued → sending, committed before any SMTP talk. */
async function claim(knex: Knex, limit: number, onlyId?: number): Promise<ClaimedMessage[]> {
  return knex.transaction(async (trx) => {
    const due = trx('mail_message')
      .select('id')
      .where('status', 'queued')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    if (onlyId !== undefined) due.where('id', onlyId);
    else due.where('nextAttemptAt', '<=', trx.fn.now());
    return trx('mail_message')
      .whereIn('id', due)
      .update({
        status: 'sending',
        claimedAt: trx.fn.now(),
        attempts: trx.raw('attempts + 1'),
        updatedAt: trx.fn.now(),
      })
      .returning('*');
  });
}

/** Rows left `sending` by a stopped process: failed, for a person to check and resend. */
async function failInterrupted(knex: Knex): Promise<number> {
  return knex('mail_message')
    .where('status', 'sending')
    .where('claimedAt', '<', new Date(Date.now() - STALE_SENDING_MS))
    .update({ status: 'failed', lastError: formatMessage('MAIL_SEND_INTERRUPTED'), updatedAt: knex.fn.now() });
}

const shortError = (err: unknown) => {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  // The SMTP server's answer (no data of ours in it) or the connection error's kind.
  const text = e.response ?? (e.code ? `${e.code}` : 'erreur');
  return `${formatMessage('EMAIL_NOT_SENT')} (${String(text)
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 300)})`;
};

export interface QueueRun {
  sent: number;
  retried: number;
  failed: number;
}

/** Sends what is due (or only message `onlyId`, whatever its date). */
export async function processQueue(knex: Knex, opts: { limit?: number; onlyId?: number } = {}): Promise<QueueRun> {
  const result: QueueRun = { sent: 0, retried: 0, failed: 0 };
  result.failed += await failInterrupted(knex);
  const rows = await claim(knex, opts.limit ?? 20, opts.onlyId);
  if (!rows.length) return result;
  const conn = await smtpConnection(knex);
  const sms = smsProvider();
  let campaignFrom: Sender | undefined;
  for (const row of rows) {
    try {
      // A text message goes through the SMS adapter (sms.ts): same queue, same guarantees.
      if (row.channel === 'sms') {
        if (!sms) throw Object.assign(new Error('SMS_NOT_CONFIGURED'), { configError: 'SMS_NOT_CONFIGURED' });
        const r = await sms.send(row.toAddress, smsText(row.subject, htmlToText(row.bodyHtml)));
        await knex('mail_message').where('id', row.id).update({
          status: 'sent',
          sentAt: knex.fn.now(),
          messageId: r.id,
          lastError: null,
          updatedAt: knex.fn.now(),
        });
        result.sent++;
        continue;
      }
      if ('error' in conn) throw Object.assign(new Error(conn.error), { configError: conn.error });
      const attachments = [];
      for (const a of row.attachments as { fileName: string; mime: string; ref: string }[]) {
        const f = await getFile(knex, a.ref);
        if (f) attachments.push({ filename: a.fileName, contentType: a.mime, content: f.data });
      }
      // A campaign goes out under the e-mailing module's sender (emailing.ts).
      const sender = row.kind === 'campaign' ? (campaignFrom ??= await campaignSender(knex, conn)) : conn;
      const info = await conn.transport.sendMail({
        from: sender.from,
        replyTo: sender.replyTo,
        to: row.toAddress,
        subject: row.subject,
        html: row.bodyHtml,
        text: htmlToText(row.bodyHtml),
        attachments,
        // One Message-ID per row: a copy ever delivered twice is recognisable.
        messageId:
          `<bivouac-mail-${row.id}.${new Date(row.createdAt).getTime()}@` +
          `${(typeof conn.from === 'string' ? conn.from : conn.from.address).split('@')[1] ?? 'bivouac'}>`,
      });
      await knex('mail_message')
        .where('id', row.id)
        .update({
          status: 'sent',
          sentAt: knex.fn.now(),
          messageId: info.messageId ?? null,
          lastError: null,
          updatedAt: knex.fn.now(),
        });
      result.sent++;
    } catch (err) {
      const configError = (
        err as { configError?: 'MAIL_CONFIGURATION_ERROR' | 'MAIL_PASSWORD_UNREADABLE' | 'SMS_NOT_CONFIGURED' }
      ).configError;
      const message = configError
        ? formatMessage(configError)
        : err instanceof SmsError
          ? err.message
          : shortError(err);
      // A permanent refusal (SMTP 5xx for this recipient, the SMS gateway's 4xx) is not retried.
      const permanent =
        err instanceof SmsError
          ? err.permanent
          : (err as { responseCode?: number }).responseCode !== undefined &&
            (err as { responseCode: number }).responseCode >= 500;
      if (permanent || row.attempts >= MAX_ATTEMPTS) {
        await knex('mail_message')
          .where('id', row.id)
          .update({ status: 'failed', lastError: message, updatedAt: knex.fn.now() });
        result.failed++;
      } else {
        await knex('mail_message')
          .where('id', row.id)
          .update({
            status: 'queued',
            lastError: message,
            nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
            updatedAt: knex.fn.now(),
          });
        result.retried++;
      }
    }
  }
  if (!('error' in conn)) conn.transport.close();
  return result;
}

/** A new row copying a sent or failed message (the history keeps both). */
export async function resendMail(knex: Knex, id: number, userId: number | null): Promise<number | null> {
  return knex.transaction(async (trx) => {
    const m = await trx('mail_message').where('id', id).first();
    if (!m) return null;
    const attachments: Attachment[] = [];
    for (const a of m.attachments as { fileName: string; mime: string; ref: string }[]) {
      const f = await getFile(trx, a.ref);
      if (f) attachments.push({ fileName: a.fileName, mime: a.mime, data: f.data });
    }
    return enqueueMail(trx, {
      kind: m.kind,
      to: m.toAddress,
      subject: m.subject,
      html: m.bodyHtml,
      attachments,
      entityType: m.entityType,
      entityId: m.entityId,
      customerId: m.customerId,
      bookingId: m.bookingId,
      mailingConfigurationId: m.mailingConfigurationId,
      languageId: m.languageId,
      userId,
      resentFromId: id,
      channel: m.channel,
    });
  });
}
