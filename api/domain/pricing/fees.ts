// Booking fees (frais de dossier, per stay) and cancellation insurance (a share of the
// stay price, with a floor), each on its own bill line.
import { applyBp } from './money';
import { stayAmount } from './reductions';
import { makeLine, vatBpOf, type PricingRun } from './run';
import { BillLineType } from './types';

export function priceBookingFees(run: PricingRun): void {
  const channelId = run.request.channelId ?? null;
  for (const fee of run.context.bookingFees) {
    if (!fee.isActive || fee.amount <= 0) continue;
    if (fee.channelIds.length > 0 && (channelId === null || !fee.channelIds.includes(channelId))) continue;
    if (fee.priceGridIds.length > 0 && !fee.priceGridIds.includes(run.grid.id)) continue;
    run.lines.push(
      makeLine(
        BillLineType.FEES,
        fee.label,
        1,
        fee.amount,
        vatBpOf(run.context, fee.vatRateId),
        run.startDate,
        run.endDate,
      ),
    );
  }
}

/** On the stay price after offers and discounts (fees and taxes excluded). */
export function priceInsurance(run: PricingRun): void {
  const insurance = run.context.cancellationInsurance;
  if (!run.request.withCancellationInsurance || !insurance) return;
  let amount = insurance.fixedAmount ?? applyBp(stayAmount(run.lines), insurance.rateBp ?? 0);
  if (amount < insurance.minimumAmount) amount = insurance.minimumAmount;
  if (amount <= 0) return;
  run.lines.push(
    makeLine(
      BillLineType.INSURANCE,
      insurance.label,
      1,
      amount,
      vatBpOf(run.context, insurance.vatRateId),
      run.startDate,
      run.endDate,
    ),
  );
}
