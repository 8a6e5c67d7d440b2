// Bill lines of one grid option: per night (a line per run of nights at one price),
// per night with slices (the price depends on the night's rank in the stay), or once
// per stay at the price of the period holding the option's first night.
import { forEachPriceRun, makeNightsLine, periodOfNight, type PricingRun } from './run';
import { BillLineType, type Cents, type OptionPrice, type PriceGridOption, type QuoteLine } from './types';
import { warn } from './warnings';

export type OptionPricing = 'night' | 'slices' | 'stay';

export function findOptionPrice(option: PriceGridOption, priceGridPeriodId: number): OptionPrice | null {
  for (const price of option.prices) if (price.priceGridPeriodId === priceGridPeriodId) return price;
  return null;
}

/** Price of the night of 1-based rank `rank` (slices are inclusive; no slice = base price). */
export function slicePrice(price: OptionPrice, rank: number): Cents {
  for (const slice of price.slices) {
    if (rank >= slice.fromNight && (slice.toNight === null || rank <= slice.toNight)) return slice.price;
  }
  return price.price;
}

export function optionLineType(option: PriceGridOption): BillLineType {
  if (option.ageCategoryId !== null) return BillLineType.ATTENDANT;
  if (option.animalTypeId !== null) return BillLineType.ANIMAL;
  if (option.vehicleTypeId !== null) return BillLineType.VEHICLE;
  return BillLineType.EXTRA;
}

export function optionLine(
  run: PricingRun,
  option: PriceGridOption,
  label: string,
  quantity: number,
  unitPrice: Cents,
  vatRateBp: number | null,
  fromNight: number,
  toNight: number,
): QuoteLine {
  const line = makeNightsLine(run, optionLineType(option), label, quantity, unitPrice, vatRateBp, fromNight, toNight);
  line.priceGridOptionId = option.id;
  line.ageCategoryId = option.ageCategoryId;
  line.extraId = option.extraId;
  line.animalTypeId = option.animalTypeId;
  line.vehicleTypeId = option.vehicleTypeId;
  return line;
}

/**
 * Lines for `multiplier` units of the option over nights [fromNight, toNight).
 * No price on any night → OPTION_NOT_MAPPED; on some nights only → OPTIONS_DATE_CUTS.
 */
export function pushOptionLines(
  run: PricingRun,
  out: QuoteLine[],
  option: PriceGridOption,
  label: string,
  vatRateBp: number | null,
  multiplier: number,
  fromNight: number,
  toNight: number,
  pricing: OptionPricing,
): void {
  if (multiplier <= 0 || fromNight >= toNight) return;
  if (pricing === 'stay') {
    const period = periodOfNight(run, fromNight);
    const price = period ? findOptionPrice(option, period.id) : null;
    if (price) out.push(optionLine(run, option, label, multiplier, price.price, vatRateBp, fromNight, toNight));
    else warn(run.warnings, 'OPTION_NOT_MAPPED', label);
    return;
  }
  const missing = forEachPriceRun(
    fromNight,
    toNight,
    (night) => {
      const period = periodOfNight(run, night);
      const price = period ? findOptionPrice(option, period.id) : null;
      if (!price) return null;
      return pricing === 'slices' ? slicePrice(price, night + 1) : price.price;
    },
    (a, b, price) => out.push(optionLine(run, option, label, multiplier * (b - a), price, vatRateBp, a, b)),
  );
  if (missing === toNight - fromNight) warn(run.warnings, 'OPTION_NOT_MAPPED', label);
  else if (missing > 0) warn(run.warnings, 'OPTIONS_DATE_CUTS', label);
}
