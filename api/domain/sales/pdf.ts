// The till receipt as an 80 mm PDF (pdfmake, page width 226.77 pt, height auto), with
// the mentions of a French till receipt: the establishment (name, address, SIRET, VAT
// number), date and time, register and operator, the ticket number, each line with its
// quantity, unit price and VAT rate, discounts, totals per VAT rate (excl. VAT, VAT,
// incl. VAT), the payments and the change, and « DUPLICATA n » on every reprint. And
// the gift voucher, printed for the customer.
import { pdfmake } from '../../pdf/printer';
import { formatEuros } from '../pricing/money';
import { formatDateFr } from '../../../common/dates';
import { countFr } from '../../../common/french';
import { PAYMENT_KIND_LABELS, type TillPaymentKind } from '../../../common/sales-totals';
import { vouchersText } from '../../../common/holiday-vouchers';
import type { GiftVoucherRecord } from '../../../common/generated/types';
import type { SellerSnapshot } from '../billing/parties';
import type { PrintedTicket } from './records';

/** A pdfmake cell or paragraph: its text and style. */
type Cell = Record<string, unknown>;
/** A gift voucher as printed: its row with its article's label. */
export type PrintedVoucher = Pick<
  GiftVoucherRecord,
  'code' | 'giftType' | 'beneficiary' | 'initialValue' | 'validUntil'
> & {
  articleLabel?: string | null;
};

const euros = (c: number) => formatEuros(c);
const rate = (bp: number | null) =>
  bp == null ? 'hors TVA' : `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
/** Letters keying each VAT rate on the lines to the table of totals, as tills print them. */
const rateKey = (i: number) => String.fromCharCode(65 + i);

export function dateTimeParis(iso: string | Date): string {
  const d = new Date(iso);
  return d.toLocaleString('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function ticketDocument(sale: PrintedTicket, duplicate = 0) {
  const s = sale.sellerSnapshot ?? {};
  const vatTotals = sale.vatTotals ?? [];
  const keys = new Map(vatTotals.map((v, i) => [String(v.vatRateBp), rateKey(i)]));
  const small = { fontSize: 7 };
  const right = (t: string, extra: Cell = {}) => ({ text: t, alignment: 'right', ...extra });
  const lineRows: Cell[][] = [];
  for (const l of sale.lines) {
    lineRows.push([{ text: l.label, colSpan: 3 }, {}, {}]);
    lineRows.push([
      { text: `${l.quantity} × ${euros(l.unitPrice)}`, ...small },
      { text: keys.get(String(l.vatRateBp)) ?? '', ...small, alignment: 'center' },
      right(euros(l.quantity * l.unitPrice)),
    ]);
    if (l.lineDiscount) lineRows.push([{ text: 'Remise', ...small }, {}, right(euros(-l.lineDiscount), small)]);
    if (l.giftVoucherCode)
      lineRows.push([
        {
          text: `Bon cadeau ${l.giftVoucherCode}, valable jusqu'au ${formatDateFr(l.giftValidUntil!)}`,
          colSpan: 3,
          ...small,
        },
        {},
        {},
      ]);
  }
  const totals: unknown[][] = [];
  if (sale.ticketDiscount) totals.push(['Remise sur le ticket', right(euros(-sale.ticketDiscount))]);
  totals.push([
    { text: 'TOTAL TTC', bold: true, fontSize: 11 },
    right(euros(sale.totalInclVat), { bold: true, fontSize: 11 }),
  ]);
  const vatRows = [
    ['', 'Taux', 'HT', 'TVA', 'TTC'].map((t) => ({ text: t, bold: true, ...small })),
    ...vatTotals.map((v, i) =>
      [rateKey(i), rate(v.vatRateBp), euros(v.totalExclVat), euros(v.vatAmount), euros(v.totalInclVat)].map((t, j) => ({
        text: t,
        ...small,
        alignment: j > 1 ? 'right' : 'left',
      })),
    ),
  ];
  const payRows: unknown[][] = sale.payments.map((p) => [
    `${PAYMENT_KIND_LABELS[p.kind as TillPaymentKind] ?? p.kind}${p.reference ? ` ${p.reference}` : ''}` +
      (p.vouchers?.length ? ` : ${vouchersText(p.vouchers)}` : ''),
    right(euros(p.kind === 'cash' ? p.received : p.amount)),
  ]);
  if (sale.changeGiven) payRows.push(['Monnaie rendue', right(euros(sale.changeGiven))]);
  const title = sale.kind === 'return' ? 'TICKET DE RETOUR' : 'TICKET';
  return {
    info: { title: `${title} ${sale.number}`, author: s.corporateName ?? '', creator: 'Bivouac', producer: 'Bivouac' },
    pageSize: { width: 226.77, height: 'auto' },
    pageMargins: [10, 10, 10, 14],
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    content: [
      duplicate > 0
        ? { text: `DUPLICATA ${duplicate}`, alignment: 'center', bold: true, fontSize: 12, margin: [0, 0, 0, 4] }
        : null,
      { text: s.corporateName ?? '', alignment: 'center', bold: true, fontSize: 10 },
      s.name && s.name !== s.corporateName ? { text: s.name, alignment: 'center' } : null,
      { text: [s.address1, s.address2].filter(Boolean).join(', '), alignment: 'center', ...small },
      { text: `${s.postalCode ?? ''} ${s.town ?? ''}`.trim(), alignment: 'center', ...small },
      s.phone ? { text: `Tél. ${s.phone}`, alignment: 'center', ...small } : null,
      { text: `SIRET ${s.siret ?? ''}`, alignment: 'center', ...small },
      { text: `N° TVA intracommunautaire ${s.vatNumber ?? ''}`, alignment: 'center', ...small },
      {
        canvas: [{ type: 'line', x1: 0, y1: 4, x2: 206, y2: 4, lineWidth: 0.5, dash: { length: 2 } }],
        margin: [0, 0, 0, 4],
      },
      { text: `${title} N° ${sale.number}`, bold: true },
      `Le ${dateTimeParis(sale.issuedAt)}`,
      `Caisse ${sale.registerCode ?? ''} — Opérateur : ${sale.operatorName || '—'}`,
      sale.returnOf ? `Retour du ticket N° ${sale.returnOf.number}` : null,
      sale.booking
        ? `Porté sur le séjour ${sale.booking.code ?? sale.booking.id}` +
          `${sale.customerName ? ` — ${sale.customerName}` : ''}`
        : sale.customerName
          ? `Client : ${sale.customerName}`
          : null,
      { table: { widths: ['*', 12, 'auto'], body: lineRows }, layout: 'noBorders', margin: [0, 6, 0, 4] },
      { table: { widths: ['*', 'auto'], body: totals }, layout: 'noBorders' },
      {
        table: { widths: [8, '*', 'auto', 'auto', 'auto'], body: vatRows },
        layout: 'lightHorizontalLines',
        margin: [0, 4, 0, 4],
      },
      payRows.length ? { table: { widths: ['*', 'auto'], body: payRows }, layout: 'noBorders' } : null,
      sale.braceletCount ? { text: `Bracelets : ${sale.braceletCount}`, margin: [0, 2, 0, 0] } : null,
      {
        text: countFr(
          sale.lines.reduce((n, l) => n + Math.abs(l.quantity), 0),
          'article',
        ),
        ...small,
        margin: [0, 4, 0, 0],
      },
      { text: 'Merci de votre visite', alignment: 'center', italics: true, margin: [0, 6, 0, 0] },
      s.ticketFooter ? { text: s.ticketFooter, alignment: 'center', ...small, margin: [0, 4, 0, 0] } : null,
      duplicate > 0 ? { text: `DUPLICATA ${duplicate}`, alignment: 'center', bold: true, margin: [0, 4, 0, 0] } : null,
    ].filter(Boolean),
  };
}

export async function renderTicketPdf(sale: PrintedTicket, duplicate = 0): Promise<Buffer> {
  const doc = pdfmake().createPdf(ticketDocument(sale, duplicate));
  return Buffer.from(await doc.getBuffer());
}

export function voucherDocument(v: PrintedVoucher, seller: Pick<SellerSnapshot, 'corporateName'>) {
  const kind: Record<string, string> = { article: 'Bon article', value: 'Bon valeur', service: 'Bon prestation' };
  return {
    info: { title: `Bon cadeau ${v.code}`, creator: 'Bivouac', producer: 'Bivouac' },
    pageSize: 'A6',
    pageOrientation: 'landscape',
    pageMargins: [24, 24, 24, 24],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: seller.corporateName ?? '', bold: true, fontSize: 12 },
      { text: 'BON CADEAU', fontSize: 22, bold: true, margin: [0, 10, 0, 4] },
      { text: `${kind[v.giftType] ?? ''}${v.articleLabel ? ` — ${v.articleLabel}` : ''}` },
      v.beneficiary ? { text: `Pour : ${v.beneficiary}`, margin: [0, 6, 0, 0] } : null,
      { text: `Valeur : ${formatEuros(v.initialValue)}`, fontSize: 14, bold: true, margin: [0, 8, 0, 0] },
      { text: `Code : ${v.code}`, fontSize: 14, margin: [0, 4, 0, 0] },
      {
        text: `Valable jusqu'au ${formatDateFr(v.validUntil)}, utilisable en une ou plusieurs fois.`,
        margin: [0, 8, 0, 0],
      },
    ].filter(Boolean),
  };
}

export async function renderVoucherPdf(
  v: PrintedVoucher,
  seller: Pick<SellerSnapshot, 'corporateName'>,
): Promise<Buffer> {
  return Buffer.from(await pdfmake().createPdf(voucherDocument(v, seller)).getBuffer());
}
