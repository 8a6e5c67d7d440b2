// What the bank deposit screens read and the pure rules of the deposit being made. The
// deposit routes still declare bare objects (api/domain/billing builds them): their
// shapes are named here, the fields the screens read.
import type { VoucherLine } from '../../common/holiday-vouchers';
import type { PaymentRecord } from '../../common/generated/types';
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
export type DepositPayment = Pick<
  PaymentRecord,
  'id' | 'date' | 'amount' | 'payerType' | 'doNotRemitBefore' | 'chequeNumber' | 'chequeHolder' | 'chequeBank'
> & { vouchers?: VoucherLine[] };

export interface DepositSummary {
  id: number;
  number: string;
  date: string;
  depositType: string;
  totalAmount: number;
  methodLabel: string;
  bankAccountLabel: string | null;
  paymentCount: number;
}
export interface DepositMonth {
  rows: DepositSummary[];
  total: number;
}
export interface DepositView extends DepositSummary {
  isPaperVoucher: boolean;
  vouchers?: VoucherLine[];
  payments: DepositPayment[];
}

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
