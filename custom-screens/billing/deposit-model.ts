// What the bank deposit screens read (the deposit routes' answers, api/domain/billing/deposit-routes.ts)
// and the pure rules of the deposit being made.
import type { RestAnswer } from '../../admin/src/ui/client';
import type { PaymentMethod } from './usePaymentMethods';

export const PAYER: Record<string, string> = {
  customer: 'Client',
  'holiday-aid': 'Aide aux vacances',
  partner: 'Partenaire',
};
export const DEPOSIT_TYPE: Record<string, string> = {
  cheque: 'Chèques',
  'holiday-voucher': 'Chèques-vacances',
  cash: 'Espèces',
  card: 'Cartes bancaires',
  other: 'Autre',
};
export const paymentCount = (n: number) => `${n} ${n > 1 ? 'paiements' : 'paiement'}`;

/** A payment still at hand, which a deposit may take. */
export type DepositPayment = RestAnswer<'/bank-deposit/candidates/{paymentMethodId}', 'get'>[number];
/** The deposits of a month and their total. */
export type DepositMonth = RestAnswer<'/bank-deposit/month/{yearMonth}', 'get'>;
/** A deposit with its payments (and, remitted to the ANCV, its paper vouchers). */
export type DepositView = RestAnswer<'/bank-deposit/view/{depositId}', 'get'>;

/** The methods a deposit is made for: bankable ones, or remitted on their own. */
export const bankableMethods = (methods: PaymentMethod[] | undefined) =>
  (methods ?? []).filter((m) => m.isBankable || m.isAutoRemittance);

/** The payments that may be remitted on a day: none held back until a later day. */
export const readyOn = (rows: DepositPayment[], date: string) =>
  rows.filter((p) => !p.doNotRemitBefore || p.doNotRemitBefore <= date);

export const chosenTotal = (rows: DepositPayment[] | undefined, chosen: number[]) =>
  (rows ?? []).filter((p) => chosen.includes(p.id)).reduce((s, p) => s + p.amount, 0);

export const toggled = (chosen: number[], id: number) =>
  chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id];
