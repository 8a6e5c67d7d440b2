// Closure totals, pure: what a set of sale and payment entries adds up to (per VAT rate,
// outside VAT, per payment method), and the sum of several closures. A day's closure is
// made from its entries, a month's from its days, a year's from its months; the verifier
// recomputes each one the same way.
import type { TillShare, VatCents } from './entries';
import { canonicalJson } from './canonical';

// Type aliases, not interfaces: they are written as they are into an entry's canonical JSON.
export type MethodCents = {
  label: string;
  kind: string;
  amount: number;
};

export type ClosureTotals = {
  /** sales (bills, credit notes, cash tickets) per VAT rate, ascending */
  vat: VatCents[];
  /** sales outside VAT (tourist tax…) */
  outsideVat: number;
  /** period total of sales incl. VAT (= Σ vat.inclVat + outsideVat) */
  sales: number;
  /** payments received net of cancellations, per method (by label), and their sum */
  payments: MethodCents[];
  paymentsTotal: number;
  /** transactions covered and their sequence numbers */
  count: number;
  firstSeq: number | null;
  lastSeq: number | null;
};

/** What the totals read of an entry's signed data: a sale's VAT and till share and takings, a payment's method. */
export interface EntryData {
  vat?: VatCents[];
  outsideVat?: number;
  till?: Partial<TillShare> | null;
  takings?: { label: unknown; kind: unknown; amount: unknown }[];
  method?: { label?: unknown; kind?: unknown } | null;
  /** other fields of the entry, not read here */
  [field: string]: unknown;
}

export interface EntryLike {
  seq: number;
  kind: string;
  amount: number;
  data: EntryData;
}

export const emptyTotals = (): ClosureTotals => ({
  vat: [],
  outsideVat: 0,
  sales: 0,
  payments: [],
  paymentsTotal: 0,
  count: 0,
  firstSeq: null,
  lastSeq: null,
});

function addVat(into: VatCents[], v: VatCents): void {
  const t = into.find((x) => x.rateBp === v.rateBp);
  if (t) {
    t.exclVat += v.exclVat;
    t.vat += v.vat;
    t.inclVat += v.inclVat;
  } else into.push({ rateBp: v.rateBp, exclVat: v.exclVat, vat: v.vat, inclVat: v.inclVat });
}

function addMethod(into: MethodCents[], m: MethodCents): void {
  const t = into.find((x) => x.label === m.label);
  if (t) t.amount += m.amount;
  else into.push({ ...m });
}

function normalise(t: ClosureTotals): ClosureTotals {
  t.vat.sort((a, b) => a.rateBp - b.rateBp);
  t.payments.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return t;
}

/** Adds one entry to running totals; false for an entry that is no transaction. */
export function addEntry(t: ClosureTotals, e: EntryLike): boolean {
  if (e.kind === 'bill' || e.kind === 'credit-note' || e.kind === 'cash-ticket') {
    for (const v of e.data.vat ?? []) addVat(t.vat, v);
    t.outsideVat += Number(e.data.outsideVat ?? 0);
    t.sales += e.amount;
    // A bill's lines repeating till tickets: the tickets are the revenue (entries.ts).
    const till = e.data.till;
    if (till) {
      for (const v of till.vat ?? [])
        addVat(t.vat, { rateBp: v.rateBp, exclVat: -v.exclVat, vat: -v.vat, inclVat: -v.inclVat });
      t.outsideVat -= Number(till.outsideVat ?? 0);
      t.sales -= Number(till.inclVat ?? 0);
    }
    // The money a ticket took at the till (not what it charged to a stay).
    for (const m of e.data.takings ?? []) {
      addMethod(t.payments, { label: String(m.label), kind: String(m.kind), amount: Number(m.amount) });
      t.paymentsTotal += Number(m.amount);
    }
  } else if (e.kind === 'payment' || e.kind === 'payment-cancel') {
    addMethod(t.payments, {
      label: String(e.data.method?.label ?? ''),
      kind: String(e.data.method?.kind ?? ''),
      amount: e.amount,
    });
    t.paymentsTotal += e.amount;
  } else return false;
  t.count++;
  t.firstSeq = t.firstSeq == null ? e.seq : Math.min(t.firstSeq, e.seq);
  t.lastSeq = t.lastSeq == null ? e.seq : Math.max(t.lastSeq, e.seq);
  return true;
}

/** Totals of transaction entries (other kinds are ignored). */
export function totalsOfEntries(entries: EntryLike[]): ClosureTotals {
  const t = emptyTotals();
  for (const e of entries) addEntry(t, e);
  return normalise(t);
}

/** The sum of closures (a month of its days, a year of its months). */
export function sumTotals(parts: ClosureTotals[]): ClosureTotals {
  const t = emptyTotals();
  for (const p of parts) {
    for (const v of p.vat) addVat(t.vat, v);
    for (const m of p.payments) addMethod(t.payments, m);
    t.outsideVat += p.outsideVat;
    t.sales += p.sales;
    t.paymentsTotal += p.paymentsTotal;
    t.count += p.count;
    if (p.firstSeq != null) t.firstSeq = t.firstSeq == null ? p.firstSeq : Math.min(t.firstSeq, p.firstSeq);
    if (p.lastSeq != null) t.lastSeq = t.lastSeq == null ? p.lastSeq : Math.max(t.lastSeq, p.lastSeq);
  }
  return normalise(t);
}

/** Only the totals of a closure's data (it also holds its perpetual total and period). */
export function totalsOf(data: Partial<ClosureTotals>): ClosureTotals {
  return {
    vat: data.vat ?? [],
    outsideVat: data.outsideVat ?? 0,
    sales: data.sales ?? 0,
    payments: data.payments ?? [],
    paymentsTotal: data.paymentsTotal ?? 0,
    count: data.count ?? 0,
    firstSeq: data.firstSeq ?? null,
    lastSeq: data.lastSeq ?? null,
  };
}

/** Same totals, compared field by field (canonical order). */
export const sameTotals = (a: ClosureTotals, b: ClosureTotals) =>
  canonicalJson(normalise(structuredClone(a))) === canonicalJson(normalise(structuredClone(b)));
