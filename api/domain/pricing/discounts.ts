// Discounts chosen by the desk (spec "discount", bill line type 9). They apply after
// the special offers, on what the accommodation (occupancy and occupants, manual
// prices included) still costs; percentages are taken on that amount as it stood
// before the first discount, so two discounts add up rather than compound.
import { applyBp } from './money';
import { isAccommodationLine, reduceLines, remainingOf } from './reductions';
import { makeLine, type PricingRun } from './run';
import { BillLineType, DiscountUnit } from './types';
import { warn } from './warnings';

export function applyDiscounts(run: PricingRun, count: number): void {
  const ids = run.request.discountIds;
  if (!ids || ids.length === 0) return;
  const base: number[] = [];
  for (let i = 0; i < count; i++) if (isAccommodationLine(run.lines[i])) base.push(i);
  const baseAmount = remainingOf(run, base);
  const seen: number[] = [];
  for (const id of ids) {
    if (seen.includes(id)) continue;
    seen.push(id);
    const discount = run.context.discounts.find((d) => d.id === id);
    if (!discount) {
      warn(run.warnings, 'DISCOUNT_NOT_FOUND', `Remise ${id}`);
      continue;
    }
    const amount = discount.unit === DiscountUnit.PERCENT ? applyBp(baseAmount, discount.value) : discount.value;
    reduceLines(run, base, amount, (vatRateBp, value) => {
      const line = makeLine(BillLineType.DISCOUNT, discount.label, 1, value, vatRateBp, run.startDate, run.endDate);
      line.discountId = discount.id;
      return line;
    });
  }
}
