// What the cash screens read and send, and the pure rules of their display (api/domain/billing/cash.ts
// builds the answers).
import type { StartingBaseRecord } from '../../../common/generated/types';
import type { RestAnswer } from '../../../admin/src/ui/client';
import { parseEurosToCents } from '../../../common/money';

export type MovementKind = 'expense' | 'injection';

/** A cash method's fund for one day (GET and POST /cash-fund/{paymentMethodId}/{date}). */
export type CashFund = RestAnswer<'/cash-fund/{paymentMethodId}/{date}', 'get'>;

/** A month of expenses or injections and its total. */
export type MovementMonth = RestAnswer<'/cash-movement/month/{kind}/{yearMonth}', 'get'>;

export interface StartingBaseRow {
  paymentMethodId: number;
  methodLabel: string;
  isActive: boolean;
  base: Pick<StartingBaseRecord, 'id' | 'amount' | 'version'> | null;
}

export interface JournalRow {
  id: number;
  date: string;
  type: 'payment' | MovementKind | 'deposit';
  label: string;
  methodLabel: string;
  receipt: number;
  outflow: number;
}
export interface JournalTotal {
  paymentMethodId: number;
  methodLabel: string;
  receipts: number;
  outflows: number;
  net: number;
}
/** The cash and bank journal of a period: its rows, the totals per method, the date it goes by. */
export type Journal = RestAnswer<'/cash-and-bank-journal', 'get'>;

export const MOVEMENT: Record<string, string> = {
  payment: 'Encaissement',
  expense: 'Dépense',
  injection: 'Apport',
  deposit: 'Remise en banque',
};

/** Where the day's opening amount comes from, as the fund shows it. */
export const openingLabel = (source: CashFund['openingSource']) =>
  source === 'count' ? 'dernier comptage' : source === 'starting-base' ? 'fond de caisse du mois' : 'aucun fond saisi';

/** The day a /cash-fund address names: `today` (or nothing) is the Paris day. */
export const fundDate = (raw: string | undefined, today: string) => (!raw || raw === 'today' ? today : raw);

/** A typed amount of euros as cents, or null when it is not a positive or zero amount. */
export function countedCents(typed: string): number | null {
  const cents = parseEurosToCents(typed);
  return cents == null || cents < 0 ? null : cents;
}

export interface MovementForm {
  date: string;
  label: string;
  amount: string;
  paymentMethodId: string;
  expenseTypeId: string;
}
export const emptyMovement = (today: string): MovementForm => ({
  date: today,
  label: '',
  amount: '',
  paymentMethodId: '',
  expenseTypeId: '',
});
/** The record POST /cash-movement creates from the entry form. */
export const movementRecord = (kind: MovementKind, f: MovementForm) => ({
  kind,
  date: f.date,
  label: f.label,
  amount: parseEurosToCents(f.amount),
  paymentMethodId: Number(f.paymentMethodId) || null,
  expenseTypeId: Number(f.expenseTypeId) || null,
});
export const movementReady = (f: MovementForm) => !!f.label && !!f.amount && !!f.paymentMethodId;

/** The journal's first day: the first of the month of `today`. */
export const monthStart = (today: string) => `${today.slice(0, 7)}-01`;
/** Journal rows keyed by kind and id: a payment and a movement may share an id. */
export const keyedJournalRows = (rows: JournalRow[] | undefined) =>
  (rows ?? []).map((r) => ({ ...r, key: `${r.type}-${r.id}` }));
