// Results (§2 (docs/screens.md#billing-and-finance) /result, /result-detail, /balance): what was sold and received over
// a period, and what each customer or partner owes at a date.
// - Sales: the lines of the bills and credit notes dated in the period, per line type
//   (occupation, tourist tax, extras…) and per VAT rate; the till's tickets from the
//   ledger. Down-payment bills and their deductions cancel out on the final bill. A
//   final bill's lines repeating till tickets charged to the stay are left out: the
//   ticket is the sale (billing README).
// - Receipts: the payments net of cancellations per method, from the ledger (the
//   inalterable figures the closures carry).
// - Balance: per payer, what was billed (bills and credit notes) minus what was paid,
//   both dated up to the date; a negative balance is money held for the payer.
import type { Knex } from 'knex';
import { meta as billLineMeta } from '../../../common/generated/meta/bill-line';
import { TILL_LINE_TYPES } from '../ledger/entries';
import { entriesBetween } from './vat';
import type { BillLineRecord, BillRecord, CustomerRecord, PartnerRecord } from '../../../common/generated/types';

/** A payer's total, billed or paid, up to a date. */
interface PayerSum {
  payerType: string;
  customerId: number | null;
  partnerId: number | null;
  amount: number | string;
}

const LINE_LABELS: Record<string, string> = billLineMeta.fields.find((f) => f.name === 'lineType')?.enumLabels ?? {};

export interface Amounts {
  exclVat: number;
  vat: number;
  inclVat: number;
}
const zero = (): Amounts => ({ exclVat: 0, vat: 0, inclVat: 0 });
const addTo = (a: Amounts, exclVat: number, vat: number, inclVat: number) => {
  a.exclVat += exclVat;
  a.vat += vat;
  a.inclVat += inclVat;
};

export async function periodResult(db: Knex, from: string, to: string) {
  const lines: (Pick<BillLineRecord, 'lineType' | 'vatRateBp'> & { excl: string; vat: string; incl: string })[] =
    await db('bill_line as l')
      .join('bill as b', 'b.id', 'l.billId')
      .whereBetween('b.date', [from, to])
      .whereNotIn('l.lineType', TILL_LINE_TYPES)
      .groupBy('l.lineType', 'l.vatRateBp')
      .select(
        'l.lineType',
        'l.vatRateBp',
        db.raw('sum(l.amount_excl_vat)::bigint as excl'),
        db.raw('sum(l.vat_amount)::bigint as vat'),
        db.raw('sum(l.amount_incl_vat)::bigint as incl'),
      );
  const byType = new Map<number, Amounts & { lineType: number; label: string }>();
  const byRate = new Map<string, Amounts & { rateBp: number | null }>();
  const total = zero();
  for (const l of lines) {
    const [e, v, i] = [Number(l.excl), Number(l.vat), Number(l.incl)];
    const t = byType.get(l.lineType) ?? {
      lineType: l.lineType,
      label: LINE_LABELS[String(l.lineType)] ?? String(l.lineType),
      ...zero(),
    };
    addTo(t, e, v, i);
    byType.set(l.lineType, t);
    const k = String(l.vatRateBp ?? 'none');
    const r = byRate.get(k) ?? { rateBp: l.vatRateBp ?? null, ...zero() };
    addTo(r, e, v, i);
    byRate.set(k, r);
    addTo(total, e, v, i);
  }
  // The till's tickets: one row, their rates from the ledger.
  const till = zero();
  for (const t of await entriesBetween(db, ['cash-ticket'], from, to)) {
    for (const v of t.data.vat ?? []) {
      addTo(till, v.exclVat, v.vat, v.inclVat);
      const k = String(v.rateBp);
      const r = byRate.get(k) ?? { rateBp: v.rateBp, ...zero() };
      addTo(r, v.exclVat, v.vat, v.inclVat);
      byRate.set(k, r);
    }
    const out = Number(t.data.outsideVat ?? 0);
    addTo(till, out, 0, out);
  }
  addTo(total, till.exclVat, till.vat, till.inclVat);
  const payments = new Map<string, { label: string; amount: number }>();
  let received = 0;
  for (const p of await entriesBetween(db, ['payment', 'payment-cancel'], from, to)) {
    const label = String(p.data.method?.label ?? '');
    const m = payments.get(label) ?? { label, amount: 0 };
    m.amount += p.amount;
    payments.set(label, m);
    received += p.amount;
  }
  return {
    from,
    to,
    byType: [...byType.values()].sort((a, b) => a.lineType - b.lineType),
    till,
    byRate: [...byRate.values()].sort((a, b) => (b.rateBp ?? -1) - (a.rateBp ?? -1)),
    sales: total,
    payments: [...payments.values()].sort((a, b) => a.label.localeCompare(b.label, 'fr')),
    received,
  };
}

/** The bills and credit notes of the period, one row each, with their tourist tax (/result-detail). */
export async function periodResultDetail(db: Knex, from: string, to: string) {
  const rows: (Pick<
    BillRecord,
    | 'id'
    | 'number'
    | 'kind'
    | 'isDeposit'
    | 'date'
    | 'customerName'
    | 'totalExclVat'
    | 'totalVat'
    | 'totalInclVat'
    | 'touristTaxAmount'
  > & { bookingCode: string | null })[] = await db('bill as b')
    .leftJoin('booking as k', 'k.id', 'b.bookingId')
    .whereBetween('b.date', [from, to])
    .orderBy([{ column: 'b.date' }, { column: 'b.id' }])
    .select(
      'b.id',
      'b.number',
      'b.kind',
      'b.isDeposit',
      'b.date',
      'b.customerName',
      'k.code as bookingCode',
      'b.totalExclVat',
      'b.totalVat',
      'b.totalInclVat',
      'b.touristTaxAmount',
    );
  const total = zero();
  for (const r of rows) addTo(total, Number(r.totalExclVat), Number(r.totalVat), Number(r.totalInclVat));
  return { from, to, rows, total, touristTax: rows.reduce((s, r) => s + Number(r.touristTaxAmount ?? 0), 0) };
}

/** What each payer owes at a date: billed (bills, credit notes) minus paid, non-zero balances only (/balance). */
export async function balanceAt(db: Knex, date: string) {
  const billed: PayerSum[] = await db('bill as b')
    .where('b.date', '<=', date)
    .groupBy('b.payerType', 'b.customerId', 'b.partnerId')
    .select('b.payerType', 'b.customerId', 'b.partnerId', db.raw('sum(b.total_incl_vat)::bigint as amount'));
  const paid: PayerSum[] = await db('payment as p')
    .leftJoin('booking as k', 'k.id', 'p.bookingId')
    .leftJoin('bill as b', 'b.id', 'p.billId')
    .where('p.date', '<=', date)
    .groupBy(db.raw('1, 2, 3'))
    .select(
      db.raw(`case when p.payer_type = 'partner' then 'partner' else 'customer' end as "payerType"`),
      db.raw('coalesce(p.customer_id, k.customer_id, b.customer_id) as "customerId"'),
      db.raw('coalesce(p.partner_id, k.partner_id, b.partner_id) as "partnerId"'),
      db.raw('sum(p.amount)::bigint as amount'),
    );
  const acc = new Map<
    string,
    { payerType: string; customerId: number | null; partnerId: number | null; billed: number; paid: number }
  >();
  const key = (r: PayerSum) => (r.payerType === 'partner' ? `p${r.partnerId}` : `c${r.customerId}`);
  for (const r of billed) {
    const k = key(r);
    const a = acc.get(k) ?? {
      payerType: r.payerType === 'partner' ? 'partner' : 'customer',
      customerId: r.payerType === 'partner' ? null : r.customerId,
      partnerId: r.payerType === 'partner' ? r.partnerId : null,
      billed: 0,
      paid: 0,
    };
    a.billed += Number(r.amount);
    acc.set(k, a);
  }
  for (const r of paid) {
    const k = key(r);
    const a = acc.get(k) ?? {
      payerType: r.payerType === 'partner' ? 'partner' : 'customer',
      customerId: r.payerType === 'partner' ? null : r.customerId,
      partnerId: r.payerType === 'partner' ? r.partnerId : null,
      billed: 0,
      paid: 0,
    };
    a.paid += Number(r.amount);
    acc.set(k, a);
  }
  const list = [...acc.values()].filter((a) => a.billed !== a.paid);
  const customers: Pick<CustomerRecord, 'id' | 'code' | 'lastName' | 'firstName' | 'companyName'>[] = await db(
    'customer',
  )
    .whereIn(
      'id',
      list.map((a) => a.customerId).filter((x): x is number => x != null),
    )
    .select('id', 'code', 'lastName', 'firstName', 'companyName');
  const partners: Pick<PartnerRecord, 'id' | 'name'>[] = await db('partner')
    .whereIn(
      'id',
      list.map((a) => a.partnerId).filter((x): x is number => x != null),
    )
    .select('id', 'name');
  const rows = list
    .map((a) => {
      const c = customers.find((x) => x.id === a.customerId);
      const p = partners.find((x) => x.id === a.partnerId);
      const name = p
        ? p.name
        : c
          ? c.companyName || [c.lastName, c.firstName].filter(Boolean).join(' ')
          : 'Sans client';
      return { ...a, code: c?.code ?? null, name, balance: a.billed - a.paid };
    })
    .sort((x, y) => x.name.localeCompare(y.name, 'fr'));
  return {
    date,
    rows,
    receivable: rows.filter((r) => r.balance > 0).reduce((s, r) => s + r.balance, 0),
    held: rows.filter((r) => r.balance < 0).reduce((s, r) => s - r.balance, 0),
  };
}
