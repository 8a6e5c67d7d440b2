// The bill as a PDF/A-3b document (pdfmake, embedded Roboto fonts), carrying every
// mention of rules-fr §2 (docs/billing.md#vat-and-invoice-mentions): seller identity, address, SIREN/SIRET, VAT number,
// legal form and capital, RCS; customer name and address (VAT number for businesses); number and
// issue date; service dates; per line quantity, unit price excl. VAT, VAT rate and
// amounts; totals per VAT rate; tourist tax outside VAT; payment terms, late-payment
// penalties and, for business customers, the 40 € recovery indemnity.
import { formatDateFr } from '../../../common/dates';
import type { CustomerSnapshot, SellerSnapshot } from './parties';
import { postcodeAndTown } from '../../../common/address';
import { depositWords, groupedEuros, linePeriod, rcsMention } from './mentions';
import { pdfmake } from '../../pdf/printer';
import type { VatTotal } from './lines';
import type { PrintedBill } from './records';

const euros = groupedEuros;
const rate = (bp: number | null) =>
  bp == null ? 'hors TVA' : `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
const date = (d: string | null | undefined) => (d ? formatDateFr(d) : '');

export interface PdfOptions {
  duplicate?: boolean;
}

/**
 * The moment a bill's PDF is dated (its creation, its Factur-X's): noon UTC of its date, so a
 * re-render is the same bytes.
 */
export const billMoment = (bill: Pick<PrintedBill, 'date'>) => new Date(`${bill.date}T12:00:00Z`);

/** The document definition (kept apart from rendering so tests can read it). */
export function billDocument(bill: PrintedBill, opts: PdfOptions = {}) {
  const s = bill.sellerSnapshot as SellerSnapshot;
  const c = bill.customerSnapshot as CustomerSnapshot;
  const credit = bill.kind === 'credit-note';
  const words = depositWords(bill.depositNature);
  const title = credit ? 'AVOIR' : bill.isDeposit ? words.billTitle : 'FACTURE';
  const lines = bill.lines ?? [];
  const body = [
    ['Désignation', 'Période', 'Qté', 'PU HT', 'TVA', 'Total HT', 'Total TTC'].map((t) => ({ text: t, bold: true })),
    ...lines.map((l) => [
      l.label,
      linePeriod(l.startDate, l.endDate),
      { text: String(l.quantity), alignment: 'right' },
      { text: euros(l.unitPriceExclVat), alignment: 'right' },
      { text: rate(l.vatRateBp), alignment: 'right' },
      { text: euros(l.amountExclVat), alignment: 'right' },
      { text: euros(l.amountInclVat), alignment: 'right' },
    ]),
  ];
  const vatBody = [
    ['Taux de TVA', 'Base HT', 'TVA', 'TTC'].map((t) => ({ text: t, bold: true })),
    ...((bill.vatTotals ?? []) as VatTotal[]).map((v) =>
      [rate(v.vatRateBp), euros(v.totalExclVat), euros(v.vatAmount), euros(v.totalInclVat)].map((t) => ({
        text: t,
        alignment: 'right',
      })),
    ),
  ];
  const sellerLines = [
    { text: s.corporateName, bold: true },
    s.name !== s.corporateName ? s.name : null,
    s.address1,
    s.address2,
    `${s.postalCode} ${s.town}`,
    s.country,
    `${s.legalForm} au capital de ${groupedEuros(s.capital)}`,
    `SIREN ${s.siren} — SIRET ${s.siret}`,
    rcsMention(s),
    `N° de TVA intracommunautaire : ${s.vatNumber}`,
    s.nafCode ? `Code NAF : ${s.nafCode}` : null,
  ].filter(Boolean);
  const customerLines = [
    { text: c.name, bold: true },
    c.address1,
    c.address2,
    postcodeAndTown(c.postalCode, c.town),
    c.country,
    c.isLegalEntity && c.siren ? `SIREN ${c.siren}` : null,
    c.vatNumber ? `N° de TVA intracommunautaire : ${c.vatNumber}` : null,
  ].filter(Boolean);
  const totals: [string, string][] = [
    ['Total HT', euros(bill.totalExclVat)],
    ['Total TVA', euros(bill.totalVat)],
  ];
  if (bill.touristTaxAmount) totals.push(['Dont taxe de séjour (hors champ de la TVA)', euros(bill.touristTaxAmount)]);
  if (bill.depositsDeducted) totals.push([words.deducted, euros(-bill.depositsDeducted)]);
  totals.push([
    credit ? "Total TTC de l'avoir" : bill.depositsDeducted ? 'Net à payer TTC' : 'Total TTC',
    euros(bill.totalInclVat),
  ]);
  return {
    info: {
      title: `${title} ${bill.number}`,
      author: s.corporateName,
      subject: title,
      creator: 'Bivouac',
      producer: 'Bivouac',
      creationDate: billMoment(bill),
    },
    version: '1.7',
    subset: 'PDF/A-3b',
    tagged: true,
    language: 'fr-FR',
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    watermark: opts.duplicate ? { text: 'DUPLICATA', opacity: 0.15, bold: true } : undefined,
    footer: (page: number, pages: number) => ({
      text: `${title} ${bill.number} — page ${page} / ${pages}`,
      alignment: 'center',
      fontSize: 7,
      margin: [0, 20, 0, 0],
    }),
    content: [
      {
        columns: [
          { stack: sellerLines, width: '55%' },
          { stack: [{ text: 'Facturé à', italics: true }, ...customerLines], width: '45%' },
        ],
      },
      {
        text: opts.duplicate ? `${title} N° ${bill.number} — DUPLICATA` : `${title} N° ${bill.number}`,
        style: 'title',
        margin: [0, 18, 0, 4],
        fontSize: 15,
        bold: true,
      },
      `Date d'émission : ${date(bill.date)}`,
      bill.serviceStartDate
        ? `Date de la prestation : du ${date(bill.serviceStartDate)} au ${date(bill.serviceEndDate)}`
        : null,
      bill.creditedBill
        ? `Avoir sur la facture N° ${bill.creditedBill.number} du ${date(bill.creditedBill.date)}`
        : null,
      bill.reason ? `Motif : ${bill.reason}` : null,
      {
        table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'], body },
        layout: 'lightHorizontalLines',
        margin: [0, 12, 0, 12],
      },
      {
        columns: [
          { width: '50%', table: { headerRows: 1, body: vatBody }, layout: 'lightHorizontalLines' },
          {
            width: '50%',
            table: {
              widths: ['*', 'auto'],
              body: totals.map(([a, b]) => [a, { text: b, alignment: 'right', bold: true }]),
            },
            layout: 'noBorders',
          },
        ],
      },
      bill.paymentTerms ? { text: `Conditions de paiement : ${bill.paymentTerms}`, margin: [0, 16, 0, 0] } : null,
      bill.dueDate ? `Date d'échéance : ${date(bill.dueDate)}` : null,
    ].filter(Boolean),
  };
}

export async function renderBillPdf(bill: PrintedBill, opts: PdfOptions = {}): Promise<Buffer> {
  const doc = pdfmake().createPdf(billDocument(bill, opts));
  return Buffer.from(await doc.getBuffer());
}
