// B2C e-reporting (CGI 242 nonies M, DGFiP external specifications, flux 10): what the
// campsite declares for a period, read from the inalterable ledger.
// - Flux 10.3, transactions per day, category and VAT rate: TPS1 the services billed
//   (bills and credit notes, less the lines repeating till tickets); TLB1 the goods sold
//   at the till (cash tickets).
// - Flux 10.4, payments per day and VAT rate for the services (VAT due on receipt): the
//   payments, refunds and cancellations spread over their stay's rates exactly as the
//   VAT statement spreads them (statements/vat.ts, vatPieces).
// The VAT the two carry (TLB1 + 10.4) is the VAT statement's for the same operations.
import type { Knex } from 'knex';
import { entriesBetween, vatOfMonth, vatPieces } from '../statements/vat';
import type { VatCents } from '../ledger/entries';
import { addDays } from '../../../common/dates';

export type Category = 'TPS1' | 'TLB1';

export interface RateAmounts {
  rateBp: number;
  exclVat: number;
  vat: number;
  inclVat: number;
}
export interface TransactionDay {
  date: string;
  category: Category;
  /** documents of the day: bills and credit notes (TPS1), tickets (TLB1) */
  count: number;
  exclVat: number;
  vat: number;
  inclVat: number;
  rates: RateAmounts[];
}
export interface PaymentDay {
  date: string;
  inclVat: number;
  vat: number;
  rates: RateAmounts[];
}
export interface EReport {
  from: string;
  to: string;
  issuer: { name: string; siren: string | null; vatNumber: string | null };
  transactions: TransactionDay[];
  payments: PaymentDay[];
  /** what is not e-reported: tourist tax and other amounts outside VAT; payments tied to nothing */
  outsideVat: number;
  unallocated: number;
  totals: {
    tps1: RateAmounts[];
    tlb1: RateAmounts[];
    payments: RateAmounts[];
    /** VAT due over the period: the goods' on sale (TLB1) and the services' on receipt (10.4) */
    vatDue: number;
  };
  /** the VAT statement of the months wholly inside the period, for comparison (null when none) */
  vatStatement: { months: string[]; vatTotal: number; matches: boolean } | null;
}

function put(rows: RateAmounts[], rateBp: number, exclVat: number, vat: number, inclVat: number): void {
  const r = rows.find((x) => x.rateBp === rateBp);
  if (r) {
    r.exclVat += exclVat;
    r.vat += vat;
    r.inclVat += inclVat;
  } else rows.push({ rateBp, exclVat, vat, inclVat });
}
const byRate = (rows: RateAmounts[]) =>
  rows.filter((r) => r.exclVat || r.vat || r.inclVat).sort((a, b) => b.rateBp - a.rateBp);

function dayOf<T extends { date: string }>(list: T[], date: string, make: () => T): T {
  let d = list.find((x) => x.date === date);
  if (!d) list.push((d = make()));
  return d;
}

/** The months (YYYY-MM) lying wholly inside [from, to]. */
export function wholeMonths(from: string, to: string): string[] {
  const out: string[] = [];
  let m = from.slice(8) === '01' ? from.slice(0, 7) : addDays(`${from.slice(0, 7)}-28`, 5).slice(0, 7);
  for (;;) {
    const last = addDays(`${addDays(`${m}-28`, 5).slice(0, 7)}-01`, -1);
    if (last > to) return out;
    out.push(m);
    m = addDays(last, 1).slice(0, 7);
  }
}

export async function eReport(db: Knex, from: string, to: string): Promise<EReport> {
  const est = (await db('establishment').orderBy('id').first('name', 'siren', 'vatNumber')) ?? {};
  const transactions: TransactionDay[] = [];
  const day = (date: string, category: Category) => {
    let d = transactions.find((x) => x.date === date && x.category === category);
    if (!d) transactions.push((d = { date, category, count: 0, exclVat: 0, vat: 0, inclVat: 0, rates: [] }));
    return d;
  };
  // TPS1: the services billed. A bill's lines repeating till tickets are the tickets' sale (TLB1).
  for (const e of await entriesBetween(db, ['bill', 'credit-note'], from, to)) {
    const d = day(e.date, 'TPS1');
    d.count += 1;
    for (const v of (e.data.vat ?? []) as VatCents[]) put(d.rates, v.rateBp, v.exclVat, v.vat, v.inclVat);
    for (const v of (e.data.till?.vat ?? []) as VatCents[]) put(d.rates, v.rateBp, -v.exclVat, -v.vat, -v.inclVat);
  }
  for (const e of await entriesBetween(db, ['cash-ticket'], from, to)) {
    const d = day(e.date, 'TLB1');
    d.count += 1;
    for (const v of (e.data.vat ?? []) as VatCents[]) put(d.rates, v.rateBp, v.exclVat, v.vat, v.inclVat);
  }
  for (const d of transactions) {
    d.rates = byRate(d.rates);
    d.exclVat = d.rates.reduce((s, r) => s + r.exclVat, 0);
    d.vat = d.rates.reduce((s, r) => s + r.vat, 0);
    d.inclVat = d.rates.reduce((s, r) => s + r.inclVat, 0);
  }
  const kept = transactions
    .filter((d) => d.count)
    .sort((a, b) => a.date.localeCompare(b.date) || b.category.localeCompare(a.category));

  // 10.4: the services' receipts per day and rate, as the VAT statement spreads them.
  const payments: PaymentDay[] = [];
  let outsideVat = 0;
  let unallocated = 0;
  for (const p of await vatPieces(db, from, to)) {
    if (p.basis === 'outside') outsideVat += p.inclVat;
    else if (p.basis === 'unallocated') unallocated += p.inclVat;
    else if (p.basis === 'receipts') {
      const d = dayOf(payments, p.date, () => ({ date: p.date, inclVat: 0, vat: 0, rates: [] }));
      put(d.rates, p.rateBp, p.inclVat - p.vat, p.vat, p.inclVat);
    }
  }
  for (const d of payments) {
    d.rates = byRate(d.rates);
    d.inclVat = d.rates.reduce((s, r) => s + r.inclVat, 0);
    d.vat = d.rates.reduce((s, r) => s + r.vat, 0);
  }
  payments.sort((a, b) => a.date.localeCompare(b.date));

  const sum = (days: { rates: RateAmounts[] }[]) => {
    const out: RateAmounts[] = [];
    for (const d of days) for (const r of d.rates) put(out, r.rateBp, r.exclVat, r.vat, r.inclVat);
    return byRate(out);
  };
  const tlb1 = sum(kept.filter((d) => d.category === 'TLB1'));
  const paid = sum(payments);
  const vatDue = tlb1.reduce((s, r) => s + r.vat, 0) + paid.reduce((s, r) => s + r.vat, 0);

  const months = wholeMonths(from, to);
  let vatStatement: EReport['vatStatement'] = null;
  if (months.length) {
    let total = 0;
    let inside = 0;
    for (const m of months) total += (await vatOfMonth(db, m)).vatTotal;
    // the e-reported VAT of those months (the period may reach beyond them)
    const first = `${months[0]}-01`;
    const last = addDays(`${addDays(`${months[months.length - 1]}-28`, 5).slice(0, 7)}-01`, -1);
    for (const p of await vatPieces(db, first, last))
      if (p.basis === 'receipts' || p.basis === 'sales') inside += p.vat;
    vatStatement = { months, vatTotal: total, matches: total === inside };
  }
  return {
    from,
    to,
    issuer: { name: est.name ?? '', siren: est.siren ?? null, vatNumber: est.vatNumber ?? null },
    transactions: kept,
    payments: payments.filter((d) => d.rates.length),
    outsideVat,
    unallocated,
    totals: { tps1: sum(kept.filter((d) => d.category === 'TPS1')), tlb1, payments: paid, vatDue },
    vatStatement,
  };
}
