// VAT statement (rules-fr §2, docs/billing.md#vat-and-invoice-mentions): per month and rate, read from the inalterable
// ledger.
// - Services (pitches, rentals, stay extras) owe VAT when the money is received: every
//   payment and payment cancellation dated in the month is spread over its stay's rates
//   as billing does for a payment's own VAT (common/payment-vat.ts, stayRateShares:
//   the final bill's lines when one stands, else the stay's stored price); a payment
//   tied to a bill alone follows that bill's lines. Tourist tax shares are outside VAT.
// - Goods sold at the till owe VAT on the sale: the cash tickets dated in the month,
//   with the per-rate totals of their ledger entry.
// Also the sales per day and rate (bills, credit notes, tickets) for the B2C e-reporting.
import type { Knex } from 'knex';
import { paymentVat, TILL_SHARE, type RateShare } from '../../../common/payment-vat';
import { stayRateShares } from '../billing/payment-vat-source';
import { establishmentId } from '../ledger/append';
import { todayParis } from '../../../common/dates';
import { TILL_LINE_TYPES, type VatCents } from '../ledger/entries';
import type { BillLineRecord } from '../../../common/generated/types';
import type { LedgerEntryData, LedgerEntryRow, VatMonth, VatPiece, VatRow } from './vat-types';

export type { LedgerEntryData, LedgerEntryRow, VatMonth, VatPiece, VatRow } from './vat-types';

const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

export async function entriesBetween(
  db: Knex,
  kinds: string[],
  from: string,
  to: string,
): Promise<{ kind: string; date: string; amount: number; sourceTable: string | null; data: LedgerEntryData }[]> {
  const est = await establishmentId(db);
  const rows: LedgerEntryRow[] = await db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal' })
    .whereIn('kind', kinds)
    .whereBetween('businessDate', [from, to])
    .orderBy('seq')
    .select('kind', 'businessDate', 'amount', 'sourceTable', 'body');
  return rows.map((r) => ({
    kind: r.kind,
    date: String(r.businessDate),
    amount: Number(r.amount),
    sourceTable: r.sourceTable,
    data: JSON.parse(r.body).data ?? {},
  }));
}

async function billShares(db: Knex, billId: number): Promise<RateShare[]> {
  const lines: Pick<BillLineRecord, 'vatRateBp' | 'amountInclVat' | 'lineType'>[] = await db('bill_line')
    .where('billId', billId)
    .select('vatRateBp', 'amountInclVat', 'lineType');
  const m = new Map<number, number>();
  for (const l of lines) {
    const k = TILL_LINE_TYPES.includes(l.lineType) ? TILL_SHARE : (l.vatRateBp ?? 0);
    m.set(k, (m.get(k) ?? 0) + Number(l.amountInclVat));
  }
  return [...m].map(([vatRateBp, amountInclVat]) => ({ vatRateBp, amountInclVat }));
}

function add(rows: VatRow[], basis: VatRow['basis'], rateBp: number, inclVat: number, vat: number): void {
  const r = rows.find((x) => x.rateBp === rateBp && x.basis === basis);
  if (r) {
    r.inclVat += inclVat;
    r.vat += vat;
    r.exclVat = r.inclVat - r.vat;
  } else rows.push({ rateBp, basis, inclVat, vat, exclVat: inclVat - vat });
}

/**
 * The VAT of the operations dated in [from, to], piece by piece: payments spread over their
 * stay's (or bill's) rates, on receipt (services); till tickets per rate, on sale (goods).
 * The month's statement and the e-reporting (api/domain/ereporting) both sum these pieces.
 */
export async function vatPieces(db: Knex, from: string, to: string): Promise<VatPiece[]> {
  const out: VatPiece[] = [];
  const shares = new Map<string, RateShare[]>();
  for (const e of await entriesBetween(db, ['payment', 'payment-cancel'], from, to)) {
    // Payments of till tickets are not here: the goods' VAT is due on the ticket.
    if (e.sourceTable !== 'payment') continue;
    const key = e.data.bookingId ? `b${e.data.bookingId}` : e.data.billId ? `f${e.data.billId}` : null;
    if (!key) {
      out.push({ date: e.date, basis: 'unallocated', rateBp: 0, inclVat: e.amount, vat: 0 });
      continue;
    }
    if (!shares.has(key))
      shares.set(
        key,
        e.data.bookingId ? await stayRateShares(db, e.data.bookingId) : await billShares(db, e.data.billId!),
      );
    // A cancellation spreads like the payment it cancels, negated.
    const sign = e.amount < 0 ? -1 : 1;
    const lines = paymentVat(Math.abs(e.amount), shares.get(key)!);
    if (!lines.length) {
      out.push({ date: e.date, basis: 'unallocated', rateBp: 0, inclVat: e.amount, vat: 0 });
      continue;
    }
    for (const l of lines) {
      // what settles till tickets charged to the stay: their VAT is on the ticket
      if (l.vatRateBp === TILL_SHARE) continue;
      if (l.vatRateBp === 0)
        out.push({ date: e.date, basis: 'outside', rateBp: 0, inclVat: sign * l.amountInclVat, vat: 0 });
      else
        out.push({
          date: e.date,
          basis: 'receipts',
          rateBp: l.vatRateBp,
          inclVat: sign * l.amountInclVat,
          vat: sign * l.vatAmount,
        });
    }
  }
  for (const e of await entriesBetween(db, ['cash-ticket'], from, to)) {
    for (const v of (e.data.vat ?? []) as VatCents[])
      out.push({ date: e.date, basis: 'sales', rateBp: v.rateBp, inclVat: v.inclVat, vat: v.vat });
    const outside = Number(e.data.outsideVat ?? 0);
    if (outside) out.push({ date: e.date, basis: 'outside', rateBp: 0, inclVat: outside, vat: 0 });
  }
  return out;
}

/** The VAT of the month's own operations, as the records say now. */
export async function baseOfMonth(db: Knex, month: string): Promise<VatMonth> {
  const out: VatMonth = { month, rows: [], corrections: [], outsideVat: 0, unallocated: 0, vatTotal: 0 };
  for (const p of await vatPieces(db, `${month}-01`, lastDay(month))) {
    if (p.basis === 'outside') out.outsideVat += p.inclVat;
    else if (p.basis === 'unallocated') out.unallocated += p.inclVat;
    else add(out.rows, p.basis, p.rateBp, p.inclVat, p.vat);
  }
  out.rows.sort((a, b) => a.basis.localeCompare(b.basis) || b.rateBp - a.rateBp);
  out.vatTotal = out.rows.reduce((s, r) => s + r.vat, 0);
  return out;
}

/** A closed month's statement as frozen by its closure: its own operations and the corrections it carried. */
interface FrozenVat {
  base: VatMonth;
  correction: VatMonth;
}

function emptyMonth(month: string): VatMonth {
  return { month, rows: [], corrections: [], outsideVat: 0, unallocated: 0, vatTotal: 0 };
}

/** a + sign × b, row by row (rate and basis); rows that come to nothing are left out. */
function combine(month: string, a: VatMonth, b: VatMonth, sign = 1): VatMonth {
  const out = emptyMonth(month);
  for (const r of a.rows) add(out.rows, r.basis, r.rateBp, r.inclVat, r.vat);
  for (const r of b.rows) add(out.rows, r.basis, r.rateBp, sign * r.inclVat, sign * r.vat);
  out.rows = out.rows.filter((r) => r.inclVat || r.vat);
  out.rows.sort((x, y) => x.basis.localeCompare(y.basis) || y.rateBp - x.rateBp);
  out.outsideVat = a.outsideVat + sign * b.outsideVat;
  out.unallocated = a.unallocated + sign * b.unallocated;
  out.vatTotal = out.rows.reduce((t, r) => t + r.vat, 0);
  return out;
}

/** The closed months (YYYY-MM), with what their closure froze (null for a closure older than the freeze). */
async function closedMonths(db: Knex): Promise<{ month: string; frozen: FrozenVat | null }[]> {
  const rows: Pick<LedgerEntryRow, 'businessDate' | 'body'>[] = await db('ledger_entry')
    .where({ establishmentId: await establishmentId(db), chain: 'fiscal', kind: 'closure-month' })
    .orderBy('seq')
    .select('businessDate', 'body');
  return rows.map((r) => ({
    month: String(r.businessDate).slice(0, 7),
    frozen: (JSON.parse(r.body).data?.vatStatement as FrozenVat | undefined) ?? null,
  }));
}

/**
 * What changed since the closed months were declared: for each one, its operations' VAT
 * as the records say now minus what its closure froze, less the corrections the later
 * closed months already carried. It lands in the month being made (the current one, or
 * the month being closed).
 */
async function pendingCorrection(db: Knex, month: string): Promise<VatMonth> {
  let out = emptyMonth(month);
  for (const c of await closedMonths(db)) {
    if (!c.frozen) continue;
    out = combine(month, out, await baseOfMonth(db, c.month));
    out = combine(month, out, c.frozen.base, -1);
    out = combine(month, out, c.frozen.correction, -1);
  }
  return out;
}

/** What a month's closure freezes (ledger/closures.ts, inside its transaction). */
export async function vatToFreeze(db: Knex, month: string): Promise<FrozenVat> {
  return { base: await baseOfMonth(db, month), correction: await pendingCorrection(db, month) };
}

/**
 * The VAT statement of a month. A closed month's never changes: its closure froze it. An
 * open month: its operations; the current month also carries the corrections of closed
 * months (a later credit note changing how an earlier payment splits over the rates).
 */
export async function vatOfMonth(db: Knex, month: string, today = todayParis()): Promise<VatMonth> {
  const closed = (await closedMonths(db)).find((c) => c.month === month);
  if (closed?.frozen) return withCorrections(closed.frozen.base, closed.frozen.correction);
  const base = await baseOfMonth(db, month);
  if (closed || month !== today.slice(0, 7)) return base;
  return withCorrections(base, await pendingCorrection(db, month));
}

/** The month's own rows, and the corrections apart; the totals include both. */
function withCorrections(base: VatMonth, correction: VatMonth): VatMonth {
  const corrections = correction.rows.map((r) => ({ ...r }));
  return {
    ...base,
    rows: base.rows.map((r) => ({ ...r })),
    corrections,
    outsideVat: base.outsideVat + correction.outsideVat,
    unallocated: base.unallocated + correction.unallocated,
    vatTotal: base.vatTotal + corrections.reduce((t, r) => t + r.vat, 0),
  };
}

export async function vatStatement(
  db: Knex,
  year: number,
): Promise<{
  year: number;
  months: VatMonth[];
  total: { rateBp: number; exclVat: number; vat: number; inclVat: number }[];
  vatTotal: number;
}> {
  const months: VatMonth[] = [];
  for (let m = 1; m <= 12; m++) months.push(await vatOfMonth(db, `${year}-${String(m).padStart(2, '0')}`));
  const total: { rateBp: number; exclVat: number; vat: number; inclVat: number }[] = [];
  for (const m of months) {
    for (const r of [...m.rows, ...m.corrections]) {
      const t = total.find((x) => x.rateBp === r.rateBp);
      if (t) {
        t.exclVat += r.exclVat;
        t.vat += r.vat;
        t.inclVat += r.inclVat;
      } else total.push({ rateBp: r.rateBp, exclVat: r.exclVat, vat: r.vat, inclVat: r.inclVat });
    }
  }
  total.sort((a, b) => b.rateBp - a.rateBp);
  return { year, months, total, vatTotal: months.reduce((s, m) => s + m.vatTotal, 0) };
}

/** Sales (bills, credit notes, till tickets) per day and VAT rate, as the ledger recorded them (B2C e-reporting). */
export async function dailyVat(
  db: Knex,
  from: string,
  to: string,
): Promise<{ date: string; rateBp: number | null; exclVat: number; vat: number; inclVat: number }[]> {
  const out: { date: string; rateBp: number | null; exclVat: number; vat: number; inclVat: number }[] = [];
  const put = (date: string, rateBp: number | null, exclVat: number, vat: number, inclVat: number) => {
    const r = out.find((x) => x.date === date && x.rateBp === rateBp);
    if (r) {
      r.exclVat += exclVat;
      r.vat += vat;
      r.inclVat += inclVat;
    } else out.push({ date, rateBp, exclVat, vat, inclVat });
  };
  for (const e of await entriesBetween(db, ['bill', 'credit-note', 'cash-ticket'], from, to)) {
    for (const v of (e.data.vat ?? []) as VatCents[]) put(e.date, v.rateBp, v.exclVat, v.vat, v.inclVat);
    if (Number(e.data.outsideVat ?? 0)) put(e.date, null, Number(e.data.outsideVat), 0, Number(e.data.outsideVat));
    // a bill's lines repeating till tickets: the tickets are the sale
    for (const v of (e.data.till?.vat ?? []) as VatCents[]) put(e.date, v.rateBp, -v.exclVat, -v.vat, -v.inclVat);
    const tillOut = Number(e.data.till?.outsideVat ?? 0);
    if (tillOut) put(e.date, null, -tillOut, 0, -tillOut);
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || (b.rateBp ?? -1) - (a.rateBp ?? -1));
}
