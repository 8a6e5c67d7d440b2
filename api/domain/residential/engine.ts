// The arithmetic of rent receipts, pure (no database): the deadlines of a year, the
// yearly fee after its revision, its split over the deadlines, the pro rata of a deadline
// a contract only partly covers, the occurrences of a residential fee in a deadline,
// a metered consumption at its tariff and a sublet's split. Money is integer cents.
// Rules: docs/residential.md.
import { nightsBetween } from '../../../common/dates';
import { exclVat } from '../../../common/sales-totals';

export interface Deadline {
  rank: number;
  startDate: string;
  endDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The first day of the month `m` (0-based, may exceed 11) of `year`. */
export const monthStart = (year: number, m: number) => `${year + Math.floor(m / 12)}-${pad((m % 12) + 1)}-01`;

/** A year cut into `count` deadlines of equal months (1, 2, 4 or 12), half-open. */
export function deadlinesOfYear(year: number, count: number): Deadline[] {
  const months = 12 / count;
  return Array.from({ length: count }, (_, i) => ({
    rank: i + 1,
    startDate: monthStart(year, i * months),
    endDate: monthStart(year, (i + 1) * months),
  }));
}

export type RevisionRule = 'fixed' | 'rate' | 'index';
export interface Revision {
  rule: RevisionRule;
  rateBp: number;
  referenceIndex: number | null;
  currentIndex: number | null;
}

/**
 * The yearly fee of a contract's `years`-th year after its first (0: the first year):
 * fixed, compounded by a yearly rate (rounded to the cent each year), or scaled by the
 * index (current / reference, rounded once).
 */
export function revisedFee(base: number, years: number, r: Revision): number {
  if (r.rule === 'rate') {
    let fee = base;
    for (let i = 0; i < years; i++) fee = Math.round((fee * (10_000 + r.rateBp)) / 10_000);
    return fee;
  }
  if (r.rule === 'index' && years > 0 && r.referenceIndex && r.currentIndex)
    return Math.round((base * r.currentIndex) / r.referenceIndex);
  return base;
}

/** `total` in `n` integer parts that add up exactly, the first ones taking the odd cents. */
export function split(total: number, n: number): number[] {
  const q = Math.floor(total / n);
  const rest = total - q * n;
  return Array.from({ length: n }, (_, i) => q + (i < rest ? 1 : 0));
}

/** The days of [start, end) that [from, to) covers (`to` null: open). */
export function coveredDays(start: string, end: string, from: string, to: string | null): number {
  const s = from > start ? from : start;
  const e = to !== null && to < end ? to : end;
  return s < e ? nightsBetween(s, e) : 0;
}

/** `amount` for `covered` days of a `total`-day deadline (whole when fully covered). */
export const proRata = (amount: number, covered: number, total: number) =>
  covered >= total ? amount : Math.round((amount * covered) / total);

export type Periodicity = 'monthly' | 'quarterly' | 'yearly';
const MONTHS: Record<Periodicity, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** The start dates of a fee's periods (in the deadline's year) that fall in [start, end). */
export function feeOccurrences(periodicity: Periodicity, start: string, end: string): string[] {
  const year = Number(start.slice(0, 4));
  const step = MONTHS[periodicity];
  const out: string[] = [];
  for (let m = 0; m < 12; m += step) {
    const d = monthStart(year, m);
    if (d >= start && d < end) out.push(d);
  }
  return out;
}

/** An index (up to 6 decimals) at a unit price in cents, rounded to the cent. */
const priced = (index: number, unitPrice: number) =>
  Math.round((Math.round(index * 1_000_000) * unitPrice) / 1_000_000);

/**
 * The consumption between two indexes at a unit price: the difference of the two indexes
 * priced and rounded, so that the lines of successive readings add up to the consumption
 * of the whole span priced once (no cent drifts from one reading to the next).
 */
export const consumptionAmount = (fromIndex: number, toIndex: number, unitPrice: number) =>
  priced(toIndex, unitPrice) - priced(fromIndex, unitPrice);

export interface Slice {
  /** the consumption from which the slice's price applies (the tariff's own price applies below the first) */
  fromQuantity: number;
  unitPrice: number;
}

/**
 * A consumption priced by slices (tranches): the tariff's unit price up to the first
 * slice's threshold, each slice's price from its threshold to the next, rounded to the
 * cent once. Quantities are counted in millionths, so no float drifts into the cents.
 */
export function slicedAmount(consumption: number, unitPrice: number, slices: Slice[]): number {
  const q = BigInt(Math.round(consumption * 1_000_000));
  const bands = [{ from: 0n, price: unitPrice }].concat(
    [...slices]
      .sort((a, b) => a.fromQuantity - b.fromQuantity)
      .map((s) => ({ from: BigInt(Math.round(s.fromQuantity * 1_000_000)), price: s.unitPrice })),
  );
  // cents × 10⁻⁶ in BigInt: a large meter at a large price stays exact
  let micro = 0n;
  bands.forEach((b, i) => {
    const next = bands[i + 1]?.from;
    const to = next !== undefined && next < q ? next : q;
    if (to > b.from) micro += (to - b.from) * BigInt(b.price);
  });
  // half up, as Math.round on the positive amounts of a consumption
  return Number((micro + 500_000n) / 1_000_000n);
}

/** A sublet sold by the campsite: its commission and what is owed to the resident. */
export function subletSplit(price: number, commissionRateBp: number): { commission: number; residentShare: number } {
  const commission = Math.round((price * commissionRateBp) / 10_000);
  return { commission, residentShare: price - commission };
}

/** VAT included in an amount at a rate in basis points (null: outside VAT), as the till rounds it. */
export const vatOf = (amountInclVat: number, rateBp: number | null) => amountInclVat - exclVat(amountInclVat, rateBp);
