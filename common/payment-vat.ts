// VAT on money received for a stay (rules-fr §2, docs/billing.md#vat-and-invoice-mentions): for a service VAT is due
// when the money is received, so a payment — arrhes or acompte alike — carries the VAT of the
// stay, spread over the stay's VAT rates in proportion to the stay's price per rate
// (largest remainder, so the shares add up to the cent). A holiday voucher is a means
// of payment: its commission changes nothing. When the guest cancels, kept arrhes turn
// into an indemnity outside VAT (the VAT collected is given back), a kept acompte stays
// taxable.

/**
 * The share of a stay's price that repeats till tickets charged to it: their VAT was due
 * on the ticket (goods), so money received for it carries none.
 */
export const TILL_SHARE = -1;

export interface RateShare {
  vatRateBp: number;
  amountInclVat: number;
}
export interface PaymentVatLine {
  vatRateBp: number;
  amountInclVat: number;
  vatAmount: number;
}

/** VAT included in an amount at a rate in basis points, rounded to the cent. */
export function vatIncluded(amountInclVat: number, vatRateBp: number): number {
  return Math.round((amountInclVat * vatRateBp) / (10_000 + vatRateBp));
}

/** The payment split over the stay's rates, each share with the VAT it includes. */
export function paymentVat(amount: number, stay: RateShare[]): PaymentVatLine[] {
  const shares = stay.filter((s) => s.amountInclVat > 0);
  const total = shares.reduce((s, r) => s + r.amountInclVat, 0);
  if (!total || !amount) return [];
  const exact = shares.map((s) => (amount * s.amountInclVat) / total);
  const parts = exact.map(Math.floor);
  let rest = amount - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i]++;
    rest--;
  }
  return shares
    .map((s, i) => ({
      vatRateBp: s.vatRateBp,
      amountInclVat: parts[i],
      vatAmount: s.vatRateBp > 0 ? vatIncluded(parts[i], s.vatRateBp) : 0,
    }))
    .filter((l) => l.amountInclVat !== 0);
}

/**
 * What stays taxable of a down payment kept after the guest cancelled: an acompte keeps
 * its VAT, arrhes become an indemnity outside VAT (no VAT line).
 */
export function keptDownPaymentVat(nature: 'arrhes' | 'acompte', amount: number, stay: RateShare[]): PaymentVatLine[] {
  return nature === 'arrhes' ? [] : paymentVat(amount, stay);
}
