// A ticket as /vente-annexe/{saleId} shows it and the pure rules of its display.
import type { RestAnswer } from '../../admin/src/ui/client';
import { PAYMENT_KIND_LABELS, type TillPaymentKind } from '../../common/sales-totals';
import { vouchersCount, vouchersText } from '../../common/holiday-vouchers';

/** A ticket as loadSale (api/domain/sales/view.ts) answers it: lines, payments, returns, stay. */
export type SaleView = RestAnswer<'/sales/view/{saleId}', 'get'>;
export type SaleLineView = SaleView['lines'][number];
export type SalePaymentView = SaleView['payments'][number];

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
