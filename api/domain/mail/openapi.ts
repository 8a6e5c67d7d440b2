// The answers of the mail routes (routes.ts), named for /rest/openapi.json and the screens'
// generated types; and the mail_message row they are read from (migrations 0033, 0044).
import { defineSchemas } from '../../http/define-route';
import { str, int, strOrNull, intOrNull, closed as obj } from '../../http/schema-parts';

/** A mail_message row as knex reads it (hand-written table: no generated record type). */
export interface MailMessageRow {
  id: number;
  kind: string;
  channel: 'email' | 'sms' | null;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  toAddress: string;
  subject: string;
  bodyHtml: string;
  attachments: { fileName: string; size?: number; ref?: string }[] | null;
  entityType: string | null;
  entityId: number | null;
  customerId: number | null;
  bookingId: number | null;
  customerName?: string | null;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  nextAttemptAt: Date;
  createdAt: Date;
  resentFromId: number | null;
}

const status = { type: 'string', enum: ['queued', 'sending', 'sent', 'failed'] };
const historyRow = {
  id: int,
  kind: str,
  channel: { type: 'string', enum: ['email', 'sms'] },
  status,
  toAddress: str,
  subject: str,
  attachments: { type: 'string', description: 'noms des pièces jointes séparés par « ; »' },
  entityType: strOrNull,
  entityId: intOrNull,
  customerId: intOrNull,
  bookingId: intOrNull,
  customerName: strOrNull,
  attempts: int,
  lastError: strOrNull,
  sentAt: strOrNull,
  nextAttemptAt: str,
  createdAt: str,
  resentFromId: intOrNull,
};

defineSchemas({
  SmtpSetting: obj({
    host: str,
    port: int,
    security: { type: 'string', enum: ['none', 'starttls', 'tls'] },
    username: strOrNull,
    fromAddress: str,
    fromName: strOrNull,
    replyTo: strOrNull,
    hasPassword: { type: 'boolean' },
    version: int,
    configured: { type: 'boolean' },
  }),
  MailTestResult: obj({ id: int, status, error: strOrNull }),
  MailHistoryRow: obj(historyRow),
  MailHistoryPage: obj({ total: int, rows: { type: 'array', items: { $ref: '#/components/schemas/MailHistoryRow' } } }),
  MailHistoryDetail: obj({
    ...historyRow,
    bodyHtml: str,
    attachmentList: { type: 'array', items: obj({ index: int, fileName: str, size: int }) },
  }),
});
