// VAT. Prices are VAT-inclusive (TTC), as campsites publish them. Each line's VAT is
// extracted from its own amount (money.vatOfInclusive: the net is rounded half-up, the
// VAT is the rest); the totals of a rate are the sums of its lines, never recomputed
// from a summed base, so the bill and the VAT statement agree to the cent.
import { vatOfInclusive } from './money';
import type { QuoteLine, VatTotal } from './types';

export function computeLineVat(lines: QuoteLine[]): void {
  for (const line of lines) line.vatAmount = line.vatRateBp === null ? 0 : vatOfInclusive(line.amount, line.vatRateBp);
}

/** One total per VAT rate, by ascending rate; lines outside the VAT base are left out. */
export function vatTotals(lines: readonly QuoteLine[]): VatTotal[] {
  const totals: VatTotal[] = [];
  for (const line of lines) {
    if (line.vatRateBp === null) continue;
    let total = totals.find((t) => t.vatRateBp === line.vatRateBp);
    if (!total) {
      total = { vatRateBp: line.vatRateBp, totalExclVat: 0, vatAmount: 0, totalInclVat: 0 };
      totals.push(total);
    }
    total.totalInclVat += line.amount;
    total.vatAmount += line.vatAmount;
    total.totalExclVat += line.amount - line.vatAmount;
  }
  return totals.sort((a, b) => a.vatRateBp - b.vatRateBp);
}
