// A ticket as /vente-annexe/{saleId} shows it and the pure rules of its display.
// GET /rest/sales/view/{saleId} declares only part of what loadSale (api/domain/sales/view.ts)
// answers: its shape is named here.
import type { SaleLineRecord, SalePaymentRecord, SaleRecord } from '../../common/generated/types';
import type { VoucherLine } from '../../common/holiday-vouchers';
import { PAYMENT_KIND_LABELS, type TillPaymentKind } from '../../common/sales-totals';
import { vouchersCount, vouchersText } from '../../common/holiday-vouchers';

export type SaleLineView = SaleLineRecord & {
  giftVoucherCode: string | null;
  returnedQuantity: number;
  returnedAmount: number;
};
export type SalePaymentView = SalePaymentRecord & { vouchers?: VoucherLine[] };
export type SaleView = SaleRecord & {
  registerCode: string;
  registerLabel: string;
  lines: SaleLineView[];
  payments: SalePaymentView[];
  printCount: number;
  returns: Pick<SaleRecord, 'id' | 'number' | 'issuedAt' | 'totalInclVat'>[];
  returnOf: Pick<SaleRecord, 'id' | 'number' | 'issuedAt'> | null;
  booking: { id: number; code: string | null; startDate: string; endDate: string } | null;
  assignedCustomer: { customerId: number; customerName: string; createdAt: string } | null;
};

export const rateLabel = (bp: number | null) =>
  bp == null ? 'hors TVA' : `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
export const dateTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });

/** The lines of which some units have not come back yet. */
export const returnableLines = (lines: SaleLineView[]) => lines.filter((l) => l.quantity - l.returnedQuantity > 0);

/** A payment of the ticket as its row says it: kind, reference, vouchers counted. */
export const paymentText = (p: SalePaymentView) =>
  (PAYMENT_KIND_LABELS[p.kind as TillPaymentKind] ?? p.kind) +
  (p.reference ? ` ${p.reference}` : '') +
  (p.vouchers?.length ? ` : ${vouchersText(p.vouchers)} (${vouchersCount(p.vouchers)})` : '');

/** The print button's label: the first print is the original, then duplicates. */
export const printLabel = (printCount: number) => `Imprimer (${printCount ? `DUPLICATA ${printCount}` : 'original'})`;

/** What « Envoyer par e-mail » says of the server's answer. */
export function mailNotice(r: { status?: string; to?: string; error?: string | null }) {
  const sent = r.status === 'sent';
  return {
    text: sent ? `Ticket envoyé à ${r.to}` : `Ticket mis en file d'envoi pour ${r.to} : ${r.error ?? ''}`,
    type: sent ? ('success' as const) : ('warning' as const),
  };
}
