// The residential preferences (§2 (docs/screens.md#admin) Admin › residential-preference, common/modules.ts):
// « Jour d'échéance », the day of the month a rent receipt falls due, and « Envoi
// automatique le 5 du mois », the late receipts reminded by e-mail on the 5th
// (monthlyResidentialSend, reminder-mail.ts).
import type { Knex } from 'knex';
import { addDays } from '../../../common/dates';
import { moduleSettings } from '../establishment/module-settings';

type Db = Knex | Knex.Transaction;

export interface ResidentialPreferences {
  dueDay: number;
  autoSendOn5th: boolean;
}

export async function residentialPreferences(db: Db): Promise<ResidentialPreferences> {
  const s = await moduleSettings(db, 'residential-preference');
  const dueDay = Number.isInteger(s.dueDay) ? (s.dueDay as number) : 5;
  return { dueDay: Math.min(28, Math.max(1, dueDay)), autoSendOn5th: s.autoSendOn5th === true };
}

/** The first `dueDay` of a month on or after the deadline's first day (days 1–28: every month has it). */
export function dueDateOf(startDate: string, dueDay: number): string {
  const month = Number(startDate.slice(8, 10)) <= dueDay ? startDate : addDays(`${startDate.slice(0, 8)}01`, 32);
  return `${month.slice(0, 8)}${String(dueDay).padStart(2, '0')}`;
}
