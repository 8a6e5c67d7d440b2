// Tourist tax (rules-fr §1, docs/statements.md#tourist-tax). Au réel: rate per person-night = round_half_up(tariff ×
// (10000 + Σ surcharges bp) / 10000), then rate × nights × taxable persons, on a line
// outside the VAT base. The tariff and surcharges are those valid on each night (a stay
// across a change of tariff gets one line per rate). Au forfait the operator owes it:
// no line on the bill.
import { toDay, toDayOrMax } from './dates';
import { BP_SCALE, mulDivRound } from './money';
import { forEachPriceRun, makeNightsLine, type PricingRun } from './run';
import { BillLineType, TouristTaxMode, type TouristTaxSummary } from './types';
import { warn } from './warnings';
import { isTouristTaxExemptCategory } from './minors';

/** Taxable and exempt persons of the request. */
export function touristTaxPersons(run: PricingRun): { taxable: number; exempt: number } {
  let taxable = 0;
  let exempt = 0;
  for (const o of run.request.occupants ?? []) {
    const category = run.context.ageCategories.find((c) => c.id === o.ageCategoryId);
    if (!category || isTouristTaxExemptCategory(category)) {
      exempt += o.quantity;
      continue;
    }
    const exemptHere = Math.min(o.exemptQuantity ?? 0, o.quantity);
    if ((o.exemptQuantity ?? 0) > o.quantity) warn(run.warnings, 'EXEMPTIONS_ABOVE_OCCUPANTS', category.label);
    exempt += exemptHere;
    taxable += o.quantity - exemptHere;
  }
  return { taxable, exempt };
}

export function priceTouristTax(run: PricingRun): TouristTaxSummary | null {
  const settings = run.context.touristTax;
  if (!settings) return null;
  const { taxable, exempt } = touristTaxPersons(run);
  const summary: TouristTaxSummary = {
    mode: settings.mode,
    taxablePersons: taxable,
    exemptPersons: exempt,
    nights: run.nights,
    amount: 0,
  };
  if (settings.mode !== TouristTaxMode.REAL || taxable === 0) return summary;

  const tariffs = settings.tariffs.filter(
    (t) =>
      t.classificationId === null ||
      settings.classificationId === null ||
      t.classificationId === settings.classificationId,
  );
  const tariffStart = tariffs.map((t) => toDay(t.startDate));
  const tariffEnd = tariffs.map((t) => toDayOrMax(t.endDate));
  const surchargeStart = settings.surcharges.map((s) => toDay(s.startDate));
  const surchargeEnd = settings.surcharges.map((s) => toDayOrMax(s.endDate));
  const label = settings.label || 'Taxe de séjour';

  const missing = forEachPriceRun(
    0,
    run.nights,
    (night) => {
      const day = run.startDay + night;
      let tariff = -1;
      for (let t = 0; t < tariffs.length; t++) {
        if (tariffStart[t] <= day && day < tariffEnd[t]) {
          tariff = t;
          break;
        }
      }
      if (tariff < 0) return null;
      let surcharge = 0;
      for (let s = 0; s < settings.surcharges.length; s++) {
        if (surchargeStart[s] <= day && day < surchargeEnd[s]) surcharge += settings.surcharges[s].rateBp;
      }
      return mulDivRound(tariffs[tariff].amount, BP_SCALE + surcharge, BP_SCALE);
    },
    (a, b, rate) => {
      const line = makeNightsLine(run, BillLineType.TAX, label, taxable * (b - a), rate, null, a, b);
      summary.amount += line.amount;
      run.lines.push(line);
    },
  );
  if (missing > 0) warn(run.warnings, 'TOURIST_TAX_TARIFF_MISSING');
  return summary;
}
