// Manual unit prices (spec §8 (docs/errors.md#messages) "price manually changed"): the item's computed lines give
// way to one line at the manual price, flagged, with the computed amount kept beside it.
import { PricingError } from './errors';
import type { PricingRun } from './run';
import type { PriceOverride, QuoteLine } from './types';
import { warn } from './warnings';

export function findOverride(run: PricingRun, priceGridOptionId: number | null): PriceOverride | null {
  const overrides = run.request.overrides;
  if (!overrides) return null;
  for (const override of overrides) {
    if (override.priceGridOptionId === priceGridOptionId) {
      if (!Number.isSafeInteger(override.unitPrice) || override.unitPrice < 0) {
        throw new PricingError('INCORRECT_PRICE_PER_NIGHT', String(override.unitPrice));
      }
      return override;
    }
  }
  return null;
}

/**
 * Appends the item's lines: the computed ones, or the manual line that `manual` builds
 * at the override's unit price (null when there is nothing to charge). Warnings raised
 * while computing (e.g. a missing price per night) are dropped from `warningsMark` on,
 * since the manual price answers them.
 */
export function pushItemLines(
  run: PricingRun,
  computed: readonly QuoteLine[],
  override: PriceOverride | null,
  warningsMark: number,
  manual: (unitPrice: number) => QuoteLine | null,
): void {
  const line = override ? manual(override.unitPrice) : null;
  if (!line) {
    for (const l of computed) run.lines.push(l);
    return;
  }
  let computedAmount = 0;
  for (const l of computed) computedAmount += l.amount;
  run.warnings.length = warningsMark;
  line.isManualPrice = true;
  line.computedAmount = computedAmount;
  run.lines.push(line);
  warn(run.warnings, 'PRICE_MANUALLY_CHANGED', line.label);
}
