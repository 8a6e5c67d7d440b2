// Partner commission: owed to the partner who brought the stay, on the stay price
// after offers and discounts (fees, insurance and taxes excluded). It goes on the
// partner bill (bill line type 13), not on the customer's.
import { toDay } from './dates';
import { PricingError } from './errors';
import { applyBp, vatOfInclusive } from './money';
import { stayAmount } from './reductions';
import { makeLine, vatBpOf, type PricingRun } from './run';
import { BillLineType, type QuoteLine } from './types';

export function pricePartnerCommission(run: PricingRun): QuoteLine[] {
  const partnerId = run.request.partnerId ?? null;
  if (partnerId === null) return [];
  const partner = run.context.partners.find((p) => p.id === partnerId);
  if (!partner) throw new PricingError('REFERENCE_NOT_FOUND', `Partenaire ${partnerId}`);
  let rateBp = partner.commissionRateBp;
  for (const period of partner.commissionPeriods) {
    if (toDay(period.startDate) <= run.startDay && run.startDay < toDay(period.endDate)) {
      rateBp = period.rateBp;
      break;
    }
  }
  const amount = applyBp(stayAmount(run.lines), rateBp);
  if (amount <= 0) return [];
  const vatRateBp = vatBpOf(run.context, partner.vatRateId);
  const line = makeLine(
    BillLineType.PARTNER_COMMISSION,
    `Commission ${partner.label}`,
    1,
    amount,
    vatRateBp,
    run.startDate,
    run.endDate,
  );
  line.vatAmount = vatRateBp === null ? 0 : vatOfInclusive(amount, vatRateBp);
  return [line];
}
