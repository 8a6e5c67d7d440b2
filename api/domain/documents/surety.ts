// The deposit (« caution ») and balance reminders of /surety-list (§2 (docs/screens.md#surety-reminders),
// §4 (docs/billing.md#surety-and-guarantees), §9, docs/constants.md#mail-and-reminders). The configuration is the
// surety module's (Admin › Modules › Caution: calcul 1 deposit, 2 balance, 3 both; nbdaySurety, nbdaySuretyReminder).
// The screen lists the stays arriving in a period with something due: those never reminded (suretyList) and those
// reminded once (suretyReminderList). Sending e-mails each one the « Relance de
// caution » or « Relance de solde » model in the customer's language; the §3 (docs/entities.md#documents-and-mail)
// flags (isSuretySend, isSuretyReminderSend, isBalanceSend, isBalanceSendReminder) are the
// reminders queued or sent for the stay (a failed one does not count, its error shows
// on the row). Two users sending at once: each stay is locked (advisory lock) while its
// reminder is chosen and queued, so it is reminded once.
import type { Knex } from 'knex';
import { CLOSED, RELEASING, STATUS } from '../../../common/stay-status';
import { formatMessage } from '../../../common/messages';
import { paidByBookings, stayBalance } from '../billing/view';
import { configurationForFunction } from './render';
import { queueStayDocument } from './send';
import { HttpError } from '../../http/errors';

export interface SuretyConfig {
  calcul: 1 | 2 | 3;
  nbdaySurety: number;
  nbdaySuretyReminder: number;
}

export async function suretyConfig(knex: Knex): Promise<SuretyConfig> {
  const m = await knex('module_config')
    .where('kind', 'surety')
    .orderBy([{ column: 'isActive', order: 'desc' }, { column: 'id' }])
    .first('settings');
  const s = (m?.settings ?? {}) as Record<string, unknown>;
  const calcul = [1, 2, 3].includes(Number(s.calcul)) ? (Number(s.calcul) as 1 | 2 | 3) : 1;
  const days = (v: unknown, d: number) => (Number.isInteger(Number(v)) && Number(v) >= 0 ? Number(v) : d);
  return { calcul, nbdaySurety: days(s.nbdaySurety, 10), nbdaySuretyReminder: days(s.nbdaySuretyReminder, 5) };
}

/** The mail kinds that are the §3 (docs/entities.md#documents-and-mail) flags. */
const KIND = {
  surety: 'surety-first',
  suretyReminder: 'surety-again',
  balance: 'balance-first',
  balanceReminder: 'balance-again',
} as const;

export interface SuretyRow {
  bookingId: number;
  bookingCode: string;
  customerId: number | null;
  customerName: string;
  startDate: string;
  endDate: string;
  statusId: number;
  suretyAmount: number;
  balanceAmount: number;
  isSuretySend: boolean;
  isSuretyReminderSend: boolean;
  isBalanceSend: boolean;
  isBalanceSendReminder: boolean;
  error: string | null;
}

/** The stays a surety is asked for: bookings arriving in the range, neither released nor closed. */
export function suretyStays(knex: Knex, startDate: string, endDate: string, onlyIds?: number[]) {
  const q = knex('booking as b')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .where('b.kind', 'booking')
    .whereNotIn('b.statusId', [...RELEASING, ...CLOSED, STATUS.TEMPORARY, STATUS.TO_INTEGRATE])
    .whereBetween('b.startDate', [startDate, endDate])
    .orderBy([{ column: 'b.startDate' }, { column: 'b.id' }])
    .select(
      'b.id',
      'b.code',
      'b.customerId',
      'b.startDate',
      'b.endDate',
      'b.statusId',
      'b.downPaymentAmount',
      'c.email',
      knex.raw("concat_ws(' ', c.last_name, c.first_name) AS customer_name"),
    );
  if (onlyIds) q.whereIn('b.id', onlyIds);
  return q;
}

async function rowsOf(
  knex: Knex,
  cfg: SuretyConfig,
  startDate: string,
  endDate: string,
  onlyIds?: number[],
): Promise<SuretyRow[]> {
  const stays = await suretyStays(knex, startDate, endDate, onlyIds);
  if (!stays.length) return [];
  const ids = stays.map((s) => s.id);
  const paid = await paidByBookings(knex, ids);
  const mails = await knex('mail_message')
    .whereIn('bookingId', ids)
    .whereIn('kind', Object.values(KIND))
    .orderBy('id')
    .select('bookingId', 'kind', 'status', 'lastError');
  const out: SuretyRow[] = [];
  for (const s of stays) {
    const mine = mails.filter((m) => m.bookingId === s.id);
    const flag = (kind: string) => mine.some((m) => m.kind === kind && m.status !== 'failed');
    const lastFailed = [...mine].reverse().find((m) => m.status === 'failed' || (m.status === 'queued' && m.lastError));
    const suretyAmount = Math.max(0, (s.downPaymentAmount ?? 0) - (paid.get(s.id) ?? 0));
    const balanceAmount = Math.max(0, (await stayBalance(knex, s.id)).due);
    const due = (cfg.calcul !== 2 && suretyAmount > 0) || (cfg.calcul !== 1 && balanceAmount > 0);
    if (!due) continue;
    out.push({
      bookingId: s.id,
      bookingCode: s.code ?? String(s.id),
      customerId: s.customerId,
      customerName: s.customerName ?? '',
      startDate: s.startDate,
      endDate: s.endDate,
      statusId: s.statusId,
      suretyAmount,
      balanceAmount,
      isSuretySend: flag(KIND.surety),
      isSuretyReminderSend: flag(KIND.suretyReminder),
      isBalanceSend: flag(KIND.balance),
      isBalanceSendReminder: flag(KIND.balanceReminder),
      error: !s.email ? formatMessage('RECIPIENT_EMAIL_MISSING') : (lastFailed?.lastError ?? null),
    });
  }
  return out;
}

/** What a row still needs: its first reminder(s), or the second, per the calculation type. */
function pending(cfg: SuretyConfig, r: SuretyRow): ('surety' | 'suretyReminder' | 'balance' | 'balanceReminder')[] {
  const out: ('surety' | 'suretyReminder' | 'balance' | 'balanceReminder')[] = [];
  if (cfg.calcul !== 2 && r.suretyAmount > 0) {
    if (!r.isSuretySend) out.push('surety');
    else if (!r.isSuretyReminderSend) out.push('suretyReminder');
  }
  if (cfg.calcul !== 1 && r.balanceAmount > 0) {
    if (!r.isBalanceSend) out.push('balance');
    else if (!r.isBalanceSendReminder) out.push('balanceReminder');
  }
  return out;
}

export async function suretyLists(knex: Knex, startDate: string, endDate: string) {
  const cfg = await suretyConfig(knex);
  const rows = await rowsOf(knex, cfg, startDate, endDate);
  const todo = rows.map((r) => ({ r, p: pending(cfg, r) })).filter((x) => x.p.length);
  return {
    calcul: cfg.calcul,
    suretyList: todo.filter((x) => x.p.some((k) => k === 'surety' || k === 'balance')).map((x) => x.r),
    suretyReminderList: todo
      .filter((x) => x.p.every((k) => k === 'suretyReminder' || k === 'balanceReminder'))
      .map((x) => x.r),
  };
}

/**
 * Sends the reminders the listed stays need, by e-mail or SMS (§9 (docs/constants.md#mail-and-reminders) reminder
 * channels); answers what was queued and each row's error.
 */
export async function sendSuretyReminders(
  knex: Knex,
  startDate: string,
  endDate: string,
  bookingIds: number[],
  userId: number,
  channel: 'email' | 'sms' = 'email',
) {
  const cfg = await suretyConfig(knex);
  const models = {
    surety: await configurationForFunction(knex, 'surety-reminder'),
    balance: await configurationForFunction(knex, 'balance-reminder'),
  };
  let sent = 0;
  const errors: { bookingId: number; error: string }[] = [];
  for (const bookingId of bookingIds) {
    await knex.transaction(async (trx) => {
      // One sender per stay at a time: the second waits, then sees the first's reminder.
      await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [7717, bookingId]);
      const [row] = await rowsOf(trx as unknown as Knex, cfg, startDate, endDate, [bookingId]);
      if (!row) return;
      for (const k of pending(cfg, row)) {
        const mcId = k.startsWith('surety') ? models.surety : models.balance;
        if (!mcId) {
          errors.push({ bookingId, error: formatMessage('MAILING_CONFIGURATION_NOT_FOUND') });
          continue;
        }
        try {
          if (await queueStayDocument(trx as unknown as Knex, mcId, bookingId, { userId, kind: KIND[k], channel }))
            sent++;
        } catch (err) {
          if (err instanceof HttpError) errors.push({ bookingId, error: err.message });
          else throw err;
        }
      }
    });
  }
  return { sent, errors };
}
