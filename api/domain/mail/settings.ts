// The SMTP server (table smtp_setting, one row, migration 0033) and the nodemailer
// transport made from it. The password is write-only: read back as `hasPassword`.
import type { Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import { decryptSecret, encryptSecret } from './secret';
import { HttpError } from '../../http/errors';

type Db = Knex | Knex.Transaction;

export interface SmtpSettingInput {
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'tls';
  username?: string | null;
  password?: string | null;
  fromAddress: string;
  fromName?: string | null;
  replyTo?: string | null;
  version?: number;
}
export interface SmtpSettingView extends Omit<SmtpSettingInput, 'password'> {
  hasPassword: boolean;
  version: number;
  configured: boolean;
}

const EMPTY: SmtpSettingView = {
  host: '',
  port: 587,
  security: 'starttls',
  username: null,
  fromAddress: '',
  fromName: null,
  replyTo: null,
  hasPassword: false,
  version: 0,
  configured: false,
};

export async function readSmtp(db: Db): Promise<SmtpSettingView> {
  const r = await db('smtp_setting').where('id', 1).first();
  if (!r) return EMPTY;
  return {
    host: r.host,
    port: r.port,
    security: r.security,
    username: r.username,
    fromAddress: r.fromAddress,
    fromName: r.fromName,
    replyTo: r.replyTo,
    hasPassword: !!r.passwordEncrypted,
    version: r.version,
    configured: !!(r.host && r.fromAddress),
  };
}

/**
 * Saves the setting. A password left out (or empty) keeps the stored one; `null`
 * removes it. Two saves at once: the row is locked, the second one sending the
 * version the first replaced gets 409 RECORD_CHANGED.
 */
export async function saveSmtp(knex: Knex, input: SmtpSettingInput): Promise<SmtpSettingView> {
  return knex.transaction(async (trx) => {
    const cur = await trx('smtp_setting').where('id', 1).forUpdate().first();
    if (cur && input.version !== undefined && input.version !== cur.version) {
      throw new HttpError(409, 'RECORD_CHANGED', undefined, undefined, { current: await readSmtp(trx) });
    }
    const values: Record<string, unknown> = {
      host: input.host.trim(),
      port: input.port,
      security: input.security,
      username: input.username?.trim() || null,
      fromAddress: input.fromAddress.trim(),
      fromName: input.fromName?.trim() || null,
      replyTo: input.replyTo?.trim() || null,
    };
    if (input.password === null) values.passwordEncrypted = null;
    else if (input.password) values.passwordEncrypted = encryptSecret(input.password);
    if (cur)
      await trx('smtp_setting')
        .where('id', 1)
        .update({ ...values, version: cur.version + 1, updatedAt: trx.fn.now() });
    else await trx('smtp_setting').insert({ id: 1, ...values });
    return readSmtp(trx);
  });
}

export interface SmtpConnection {
  transport: Transporter;
  from: string | { name: string; address: string };
  replyTo?: string;
}

/** The transport, or a French reason why there is none (not configured, unreadable password). */
export async function smtpConnection(
  db: Db,
): Promise<SmtpConnection | { error: 'MAIL_CONFIGURATION_ERROR' | 'MAIL_PASSWORD_UNREADABLE' }> {
  const r = await db('smtp_setting').where('id', 1).first();
  if (!r || !r.host || !r.fromAddress) return { error: 'MAIL_CONFIGURATION_ERROR' };
  let pass: string | null = null;
  if (r.passwordEncrypted) {
    pass = decryptSecret(r.passwordEncrypted);
    if (pass === null) return { error: 'MAIL_PASSWORD_UNREADABLE' };
  }
  // Loaded at the first message: an idle server does not hold nodemailer.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: r.host,
    port: r.port,
    secure: r.security === 'tls',
    requireTLS: r.security === 'starttls',
    ignoreTLS: r.security === 'none',
    auth: r.username ? { user: r.username, pass: pass ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    transport,
    from: r.fromName ? { name: r.fromName, address: r.fromAddress } : r.fromAddress,
    replyTo: r.replyTo ?? undefined,
  };
}
