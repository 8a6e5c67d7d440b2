// The arithmetic of a ticket's payment, as the server does it: what is left to pay, the
// change (given on cash only), the paper vouchers counted, and each tender as added.
import { formatCents, parseEurosToCents } from '../../../common/money';
import type { TillPaymentKind } from '../../../common/sales-totals';
import type { VoucherLine } from '../../../common/holiday-vouchers';
import type { TillMethod } from '../till/model';

export interface Tender {
  kind: TillPaymentKind;
  amount: number;
  giftVoucherCode?: string;
  reference?: string;
  vouchers?: VoucherLine[];
  paymentMethodId?: number;
}

/** A stay of a guest on site, to charge the ticket to: what the till reads of GET /rest/sales/stays-present. */
export interface StayPresent {
  id: number;
  code: string | null;
  customerName: string | null;
  places: string | null;
}

const KINDS: TillPaymentKind[] = ['cash', 'card', 'cheque', 'holiday-voucher', 'gift', 'credit-note', 'stay'];

/** The kinds the register takes (its methods'), and always the guest's stay. */
export const availableKinds = (kinds: string[]) => KINDS.filter((k) => k === 'stay' || kinds.includes(k));

/** The paper vouchers counted, per denomination (a field not a positive whole number is none). */
export const countedVouchers = (counts: Record<number, string>): VoucherLine[] =>
  Object.entries(counts)
    .filter(([, n]) => /^\d+$/.test(n) && Number(n) > 0)
    .map(([d, n]) => ({ denomination: Number(d), count: Number(n) }));

export const vouchersSum = (vouchers: VoucherLine[]) => vouchers.reduce((a, v) => a + v.denomination * v.count, 0);

/** What is left to pay and the change: cash pays last, so only cash beyond the rest is given back. */
export function leftAndChange(total: number, tenders: Tender[]) {
  const other = tenders.filter((t) => t.kind !== 'cash').reduce((a, t) => a + t.amount, 0);
  const cash = tenders.filter((t) => t.kind === 'cash').reduce((a, t) => a + t.amount, 0);
  return { left: Math.max(0, total - other - cash), change: Math.max(0, cash - Math.max(0, total - other)) };
}

/** An amount as the amount field shows it: euros with a comma, empty at zero. */
export const amountText = (cents: number) => (cents ? (cents / 100).toFixed(2).replace('.', ',') : '');

/** The tender an amount typed for a kind makes, or what is missing. */
export function tenderOf(
  kind: TillPaymentKind,
  typed: string,
  giftCode: string,
  stay: StayPresent | null,
  voucherMethod: TillMethod | undefined,
): Tender | string {
  const cents = parseEurosToCents(typed);
  if (!cents || cents <= 0) return 'Montant invalide';
  if (kind === 'gift' && !giftCode.trim()) return 'Indiquez le code du bon cadeau';
  if (kind === 'stay' && !stay) return 'Choisissez le séjour';
  return {
    kind,
    amount: cents,
    ...(kind === 'gift' ? { giftVoucherCode: giftCode.trim().toUpperCase() } : {}),
    ...(kind === 'holiday-voucher' && voucherMethod ? { paymentMethodId: voucherMethod.id } : {}),
  };
}

/** The paper vouchers as one tender: no change is given on them, so they pay at most what is left. */
export function voucherTenderOf(vouchers: VoucherLine[], left: number, paperMethodId: number): Tender | string {
  const counted = vouchersSum(vouchers);
  if (!counted) return 'Indiquez le nombre de chèques-vacances de chaque valeur';
  if (counted > left)
    return `Les chèques-vacances (${formatCents(counted)}) dépassent le reste à payer : pas de monnaie rendue`;
  return { kind: 'holiday-voucher', amount: counted, vouchers, paymentMethodId: paperMethodId };
}
