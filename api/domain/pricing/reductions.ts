// Reductions (special offers, discounts) never make a line negative: each reduction is
// spread over its base lines in proportion to what they still owe (largest remainder,
// to the cent), capped at that, and written as one negative line per VAT rate so each
// rate's VAT base shrinks by exactly its share.
import { allocate } from './money';
import type { PricingRun } from './run';
import { BillLineType, type Cents, type QuoteLine } from './types';

/** Occupancy and occupant lines: what "the stay" means to offers and discounts. */
export function isAccommodationLine(line: QuoteLine): boolean {
  return line.lineType === BillLineType.OCCUPANCY || line.lineType === BillLineType.ATTENDANT;
}

/** Lines that make up the stay price: everything but fees, insurance and taxes. */
export function isStayLine(line: QuoteLine): boolean {
  switch (line.lineType) {
    case BillLineType.OCCUPANCY:
    case BillLineType.ATTENDANT:
    case BillLineType.ANIMAL:
    case BillLineType.VEHICLE:
    case BillLineType.EXTRA:
    case BillLineType.SPECIAL_OFFER:
    case BillLineType.DISCOUNT:
      return true;
    default:
      return false;
  }
}

/** Sum of the stay lines: the base of insurance, commission and down payment. */
export function stayAmount(lines: readonly QuoteLine[]): Cents {
  let sum = 0;
  for (const line of lines) if (isStayLine(line)) sum += line.amount;
  return sum;
}

export function remainingOf(run: PricingRun, indexes: readonly number[]): Cents {
  let sum = 0;
  for (const i of indexes) sum += run.remaining[i];
  return sum;
}

/**
 * Takes up to `amount` off the lines at `indexes`; `make` builds the negative line of
 * one VAT rate. Returns the amount actually taken.
 */
export function reduceLines(
  run: PricingRun,
  indexes: readonly number[],
  amount: Cents,
  make: (vatRateBp: number | null, amount: Cents) => QuoteLine,
): Cents {
  const weights = indexes.map((i) => run.remaining[i]);
  let open = 0;
  for (const w of weights) open += w;
  const taken = Math.min(amount, open);
  if (taken <= 0) return 0;
  const shares = allocate(taken, weights);
  const rates: (number | null)[] = [];
  const sums: Cents[] = [];
  for (let k = 0; k < indexes.length; k++) {
    if (shares[k] === 0) continue;
    const line = run.lines[indexes[k]];
    run.remaining[indexes[k]] -= shares[k];
    const j = rates.indexOf(line.vatRateBp);
    if (j < 0) {
      rates.push(line.vatRateBp);
      sums.push(shares[k]);
    } else {
      sums[j] += shares[k];
    }
  }
  for (let j = 0; j < rates.length; j++) run.lines.push(make(rates[j], 0 - sums[j]));
  return taken;
}
