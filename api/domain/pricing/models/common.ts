// Helpers shared by the price models: occupancy lines labelled after the grid.
import { forEachPriceRun, makeNightsLine, periodOfNight, type PricingRun } from '../run';
import { BillLineType, type Cents, type PriceGridPeriod, type QuoteLine } from '../types';
import { warn } from '../warnings';

export function occupancyLine(
  run: PricingRun,
  kind: string,
  quantity: number,
  unitPrice: Cents,
  fromNight: number,
  toNight: number,
): QuoteLine {
  return makeNightsLine(
    run,
    BillLineType.OCCUPANCY,
    `${run.grid.label} – ${kind}`,
    quantity,
    unitPrice,
    run.gridVatBp,
    fromNight,
    toNight,
  );
}

/**
 * One line per run of nights at the same nightly price. A night whose period gives no
 * price raises PRICE_PER_NIGHT_REQUIRED; a night outside every period was already
 * reported as NO_PRICING_FOR_PERIOD.
 */
export function pushNightlyLines(
  run: PricingRun,
  out: QuoteLine[],
  from: number,
  to: number,
  kind: string,
  priceOf: (period: PriceGridPeriod, night: number) => Cents | null,
): void {
  forEachPriceRun(
    from,
    to,
    (night) => {
      const period = periodOfNight(run, night);
      if (!period) return null;
      const price = priceOf(period, night);
      if (price === null) warn(run.warnings, 'PRICE_PER_NIGHT_REQUIRED', period.label);
      return price;
    },
    (a, b, price) => out.push(occupancyLine(run, kind, b - a, price, a, b)),
  );
}

/** Weekly price of the period holding `night`; warns NO_PRICING_FOR_PERIOD when absent. */
export function weekPriceAt(run: PricingRun, night: number): Cents | null {
  const period = periodOfNight(run, night);
  if (!period) return null;
  if (period.pricePerWeek === null) warn(run.warnings, 'NO_PRICING_FOR_PERIOD', period.label);
  return period.pricePerWeek;
}

/**
 * Lines for the full weeks of the stay (nights 1–7, 8–14…), each week at the weekly
 * price of the period holding its first night; consecutive weeks at one price share a line.
 */
export function pushFullWeeks(run: PricingRun, out: QuoteLine[], weeks: number): void {
  forEachPriceRun(
    0,
    weeks,
    (week) => weekPriceAt(run, week * 7),
    (a, b, price) => out.push(occupancyLine(run, 'semaine', b - a, price, a * 7, b * 7)),
  );
}
