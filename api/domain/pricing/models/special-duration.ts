// SPECIAL_DURATION: the stay must start and end on a period's own dates (spec §5, docs/pricing.md#validation);
// it then costs that period's pricePerStay.
import { exactPeriod } from '../periods';
import type { PricingRun } from '../run';
import type { QuoteLine } from '../types';
import { warn } from '../warnings';
import { occupancyLine } from './common';

export function priceSpecialDurationModel(run: PricingRun, out: QuoteLine[]): void {
  const period = exactPeriod(run);
  if (!period) {
    warn(run.warnings, 'SPECIAL_DURATION_DATES');
    return;
  }
  pushPackage(run, out, period.pricePerStay, period.label);
}

/** The whole stay as one package line, or NO_PRICING_FOR_PERIOD without a price. */
export function pushPackage(run: PricingRun, out: QuoteLine[], price: number | null, periodLabel: string): void {
  if (price === null) {
    warn(run.warnings, 'NO_PRICING_FOR_PERIOD', periodLabel);
    return;
  }
  out.push(occupancyLine(run, `forfait ${periodLabel}`, 1, price, 0, run.nights));
}
