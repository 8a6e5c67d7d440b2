// What /surety-list reads and the pure rules of its display: the title and amount columns
// follow the surety module's calculation type (1 deposit, 2 balance, 3 both), the arrival
// range, and the toast after a sending.
import { addDays } from '../../common/dates';
import type { components } from '../../admin/src/ui/client';
import { countFr } from '../../common/french';

type Schemas = components['schemas'];
export type Calcul = Schemas['SuretyLists']['calcul'];
export type Channel = 'email' | 'sms';
export const TITLES: Record<Calcul, string> = {
  1: 'Relance des cautions',
  2: 'Relance des soldes',
  3: 'Relance des cautions et des soldes',
};

/** GET /rest/surety/list and POST /rest/surety/send, as the routes declare them (api/domain/surety). */
export type SuretyLists = Schemas['SuretyLists'];
export type SuretyRow = SuretyLists['suretyList'][number];
export type SendResult = Schemas['SuretySent'];

/** Arrival dates at opening: from tomorrow to 11 days from today. */
export const initialRange = (today: string) => ({ start: addDays(today, 1), end: addDays(today, 11) });
/** A new start sets the end 7 days later (when the start is a whole date). */
export const endAfterStart = (start: string): string | null =>
  /^\d{4}-\d{2}-\d{2}$/.test(start) ? addDays(start, 7) : null;

/** Which amount columns show: the deposit unless only the balance is reminded, and conversely. */
export const columnsOf = (c: Calcul) => ({ surety: c !== 2, balance: c !== 1 });

/** The toast after a sending: how many went, and how many stays failed. */
export function sendNotice(channel: Channel, r: SendResult) {
  const done =
    channel === 'sms'
      ? countFr(r.sent, 'SMS envoyé', 'SMS envoyés')
      : countFr(r.sent, 'e-mail envoyé', 'e-mails envoyés');
  if (!r.errors.length) return { text: done, severity: 'success' as const };
  const failed = countFr(new Set(r.errors.map((x) => x.bookingId)).size, 'séjour');
  return {
    text: `${done} ; ${channel === 'sms' ? 'SMS' : 'e-mails'} non envoyés : ${failed}`,
    severity: 'warning' as const,
  };
}
