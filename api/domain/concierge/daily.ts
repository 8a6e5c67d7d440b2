// The service provider's daily list (docs/access-control.md « Conciergerie »): the day's
// orders by time, as a screen, a CSV and an e-mail to the concierge-service module's
// contactEmail — each morning by the scheduler (from 6 a.m. Paris, once a day: the mail
// queue's dedupe key) and on demand from the screen.
import type { Knex } from 'knex';
import { csvCell } from '../../../common/csv-cell';
import { formatDateFr, timeParis, todayParis } from '../../../common/dates';
import { escapeHtml } from '../../../common/merge-template';
import { enqueueMail, processQueue } from '../mail/queue';
import { listOrders, type ConciergeOrder } from './orders';

/** The active concierge-service module's contactEmail (the first one), or null. */
export async function conciergeContact(db: Knex): Promise<{ moduleId: number; contactEmail: string } | null> {
  const rows = await db('module_config').where({ kind: 'concierge-service', isActive: true }).orderBy('id');
  for (const r of rows) {
    const email = (r.settings as Record<string, unknown>)?.contactEmail;
    if (typeof email === 'string' && email.trim()) return { moduleId: r.id, contactEmail: email.trim() };
  }
  return null;
}

export const DAILY_HEADER = ['Heure', 'Service', 'Quantité', 'Emplacement', 'Client', 'Séjour', 'Remarque'];
const rowOf = (o: ConciergeOrder) => [o.serviceTime, o.service, o.quantity, o.placeCode, o.guest, o.bookingId, o.note];

/** UTF-8 with BOM, semicolons, CRLF (README « CSV exports »), formulas neutralised. */
export function dailyCsv(orders: ConciergeOrder[]): string {
  const lines = [DAILY_HEADER, ...orders.map(rowOf)].map((r) => r.map((v) => csvCell(v)).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The mail's body: a list (the mail allow-list, common/mail-html.ts, has no table); the CSV is attached. */
function dailyHtml(date: string, orders: ConciergeOrder[]): string {
  const line = (o: ConciergeOrder) =>
    [
      `${o.serviceTime} — ${o.service} × ${o.quantity}`,
      o.placeCode ? `emplacement ${o.placeCode}` : null,
      o.guest,
      o.note,
    ]
      .filter(Boolean)
      .map((v) => escapeHtml(String(v)))
      .join(' — ');
  const count =
    orders.length === 0 ? 'aucune commande' : orders.length === 1 ? '1 commande' : `${orders.length} commandes`;
  return (
    `<p>Conciergerie — ${escapeHtml(formatDateFr(date))} : ${count}.</p>` +
    (orders.length ? `<ul>${orders.map((o) => `<li>${line(o)}</li>`).join('')}</ul>` : '')
  );
}

export type DailyOutcome = 'queued' | 'no-email' | 'not-yet' | 'already-sent';

/**
 * The list of `date` to the provider. Scheduled (no `userId`): from 6 a.m. Paris, once per
 * day; on demand: each time asked, sent at once.
 */
export async function sendDailyConciergeList(
  knex: Knex,
  opts: { date?: string; userId?: number | null; now?: Date } = {},
): Promise<DailyOutcome> {
  const now = opts.now ?? new Date();
  const date = opts.date ?? todayParis(now);
  const onDemand = opts.userId !== undefined;
  if (!onDemand && timeParis(now) < '06:00') return 'not-yet';
  const contact = await conciergeContact(knex);
  if (!contact) return 'no-email';
  const orders = await listOrders(knex, { date });
  const id = await enqueueMail(knex, {
    kind: 'concierge-daily',
    to: contact.contactEmail,
    subject: `Conciergerie : commandes du ${formatDateFr(date)}`,
    html: dailyHtml(date, orders),
    attachments: [
      { fileName: `conciergerie-${date}.csv`, mime: 'text/csv', data: Buffer.from(dailyCsv(orders), 'utf8') },
    ],
    userId: opts.userId ?? null,
    dedupeKey: onDemand ? null : `concierge-daily:${contact.moduleId}:${date}`,
  });
  if (id == null) return 'already-sent';
  if (onDemand) await processQueue(knex, { onlyId: id });
  return 'queued';
}
