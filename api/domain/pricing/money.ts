// Integer money. THE rounding rule of the engine: a product by a rate is computed
// exactly on integers, then rounded half-up to the cent, away from zero for negative
// amounts (so a refund mirrors its charge to the cent). Nothing else rounds.
import type { Bp, Cents } from './types';

export const BP_SCALE = 10_000;

/**
 * round_half_up(value × multiplier / divisor), exact on integers.
 * Throws when the product leaves the safe-integer range (about 90 000 billion):
 * a wrong cent is worse than a refused quote.
 */
export function mulDivRound(value: number, multiplier: number, divisor: number): number {
  const product = value * multiplier;
  if (!Number.isSafeInteger(product) || !Number.isSafeInteger(divisor) || divisor <= 0) {
    throw new RangeError(`mulDivRound: unsafe operands ${value} × ${multiplier} / ${divisor}`);
  }
  const negative = product < 0;
  const abs = negative ? -product : product;
  // the float quotient may be off by one near 2^53: correct it with the exact remainder
  let quotient = Math.floor(abs / divisor);
  let remainder = abs - quotient * divisor;
  if (remainder < 0) {
    quotient -= 1;
    remainder += divisor;
  } else if (remainder >= divisor) {
    quotient += 1;
    remainder -= divisor;
  }
  if (remainder * 2 >= divisor) quotient += 1;
  return negative && quotient !== 0 ? -quotient : quotient;
}

/** amount × rate, rounded half-up to the cent. */
export function applyBp(amount: Cents, rateBp: Bp): Cents {
  return mulDivRound(amount, rateBp, BP_SCALE);
}

/**
 * VAT contained in a VAT-inclusive amount: amount − round_half_up(amount × 10000 / (10000 + rate)).
 * The net is rounded, the VAT is the difference, so net + VAT = amount to the cent.
 */
export function vatOfInclusive(amount: Cents, rateBp: Bp): Cents {
  return amount - mulDivRound(amount, BP_SCALE, BP_SCALE + rateBp);
}

/**
 * Splits `total` (≥ 0) over `weights` (≥ 0) proportionally, in whole cents, by the
 * largest-remainder method (ties to the lower index): the shares add up to `total`
 * exactly and none exceeds its weight when total ≤ Σ weights.
 */
export function allocate(total: Cents, weights: readonly number[]): Cents[] {
  const n = weights.length;
  const shares = new Array<number>(n).fill(0);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i];
  if (total === 0 || sum === 0) return shares;
  const remainders = new Array<number>(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const product = total * weights[i];
    if (!Number.isSafeInteger(product)) throw new RangeError('allocate: unsafe operands');
    const share = Math.floor(product / sum);
    shares[i] = share;
    remainders[i] = product - share * sum;
    given += share;
  }
  for (let left = total - given; left > 0; left--) {
    let best = -1;
    for (let i = 0; i < n; i++) if (best < 0 || remainders[i] > remainders[best]) best = i;
    shares[best] += 1;
    remainders[best] = -1;
  }
  return shares;
}

/** Formats cents as French money for labels and messages: 1234 → "12,34 €". */
export function formatEuros(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = abs - euros * 100;
  return `${sign}${euros},${rest < 10 ? '0' : ''}${rest} €`;
}
