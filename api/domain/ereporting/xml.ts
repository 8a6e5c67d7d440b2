// The e-reporting file (FRR syntax of the DGFiP external specifications, annex 6
// « Format sémantique FE e-reporting », flux 10): one Report carrying the transactions
// (10.3, TransactionsReport) and the payments (10.4, PaymentsReport) of the period.
// Element names follow the annex's XPaths as far as they are publicly documented
// (/Report/TransactionsReport/Transactions/CategoryCode TT-81, …/TransactionsCount
// TT-85); the rest is our reading of the annex, listed in the README.
import type { EReport, RateAmounts } from './report';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** cents → "123.45" (a dot, two decimals, sign first) */
export const amount = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
/** basis points → "10.00" */
const percent = (bp: number) => amount(bp);
/** YYYY-MM-DD → YYYYMMDD (format 102) */
const d102 = (d: string) => d.replace(/-/g, '');

function el(name: string, value: string | number, attrs = ''): string {
  return `<${name}${attrs}>${esc(String(value))}</${name}>`;
}

const subtotal = (r: RateAmounts) =>
  `<TaxSubTotal>${el('TaxableAmount', amount(r.exclVat))}${el('TaxTotal', amount(r.vat))}` +
  `<TaxCategory>${el('Percent', percent(r.rateBp))}</TaxCategory></TaxSubTotal>`;

/** The report's identifier: issuer, period and generation time. */
export function reportId(r: EReport, now: Date): string {
  const at = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `ER-${r.issuer.siren ?? 'SANS-SIREN'}-${d102(r.from)}-${d102(r.to)}-${at}`;
}

export function eReportXml(r: EReport, now = new Date()): string {
  const issued = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const period = `<Period>${el('StartDate', d102(r.from))}${el('EndDate', d102(r.to))}</Period>`;
  const issuer =
    `<Issuer>${r.issuer.siren ? el('Id', r.issuer.siren, ' schemeId="0002"') : ''}${el('Name', r.issuer.name)}` +
    `${r.issuer.vatNumber ? el('VATId', r.issuer.vatNumber) : ''}${el('RoleCode', 'SE')}</Issuer>`;
  const transactions = r.transactions
    .map(
      (t) =>
        '<Transactions>' +
        el('Date', d102(t.date)) +
        el('CurrencyCode', 'EUR') +
        // services: VAT on receipt (72, paid to date); goods: on delivery (29)
        el('TaxDueDateTypeCode', t.category === 'TPS1' ? '72' : '29') +
        el('CategoryCode', t.category) +
        el('TaxExclusiveAmount', amount(t.exclVat)) +
        el('TaxTotal', amount(t.vat)) +
        el('TransactionsCount', t.count) +
        t.rates.map(subtotal).join('') +
        '</Transactions>',
    )
    .join('');
  const payments = r.payments
    .map(
      (p) =>
        '<Transactions><Payment>' +
        el('Date', d102(p.date)) +
        p.rates
          .map(
            (x) =>
              `<SubTotals>${el('TaxPercent', percent(x.rateBp))}${el('CurrencyCode', 'EUR')}` +
              `${el('Amount', amount(x.inclVat))}</SubTotals>`,
          )
          .join('') +
        '</Payment></Transactions>',
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Report>' +
    '<ReportDocument>' +
    el('Id', reportId(r, now)) +
    el('Name', `E-reporting B2C du ${r.from} au ${r.to}`) +
    `<IssueDateTime>${el('DateTimeString', issued, ' format="204"')}</IssueDateTime>` +
    // IN: initial transmission
    el('TypeCode', 'IN') +
    `<Sender>${r.issuer.siren ? el('Id', r.issuer.siren, ' schemeId="0002"') : ''}${el('RoleCode', 'SE')}</Sender>` +
    issuer +
    '</ReportDocument>' +
    `<TransactionsReport>${period}${transactions}</TransactionsReport>` +
    `<PaymentsReport>${period}${payments}</PaymentsReport>` +
    '</Report>\n'
  );
}
