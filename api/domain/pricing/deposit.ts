// Down payment and balance (rules-fr §9, docs/pricing.md#pricing-practice). The down payment is rateBp of the stay
// price (rounded half-up) plus the booking fees and insurance, which are paid in full at
// booking; the tourist tax is paid with the balance. Short stays, late bookings and
// bookings past the balance date pay everything at once.
import { fromDay } from './dates';
import { applyBp } from './money';
import type { PricingRun } from './run';
import type { Balance, Cents, DownPayment } from './types';

export function computeDownPayment(
  run: PricingRun,
  total: Cents,
  stayAmount: Cents,
  touristTax: Cents,
): { downPayment: DownPayment | null; balance: Balance } {
  const settings = run.context.downPayment;
  if (!settings) return { downPayment: null, balance: { amount: total, dueDate: run.startDate } };
  const balanceDay = run.startDay - settings.balanceDaysBeforeArrival;
  const lead = run.startDay - run.quoteDay;
  const isFullPayment =
    (settings.fullPaymentMaxNights !== null && run.nights <= settings.fullPaymentMaxNights) ||
    (settings.fullPaymentDaysBeforeArrival !== null && lead <= settings.fullPaymentDaysBeforeArrival) ||
    balanceDay <= run.quoteDay;
  if (isFullPayment) {
    return {
      downPayment: {
        kind: settings.kind,
        rateBp: settings.rateBp,
        amount: total,
        dueDate: run.request.quoteDate,
        isFullPayment,
      },
      balance: { amount: 0, dueDate: run.request.quoteDate },
    };
  }
  const upfront = total - stayAmount - touristTax;
  const amount = Math.min(total, applyBp(stayAmount, settings.rateBp) + upfront);
  const dueDay = Math.min(run.quoteDay + settings.dueDays, balanceDay);
  return {
    downPayment: { kind: settings.kind, rateBp: settings.rateBp, amount, dueDate: fromDay(dueDay), isFullPayment },
    balance: { amount: total - amount, dueDate: fromDay(balanceDay) },
  };
}
