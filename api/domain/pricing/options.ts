// The grid's options (spec §3 (docs/entities.md)/§5, docs/pricing.md#validation): occupants by age category, animals,
// vehicles and extras. Each grid option yields an option price line (what the booking screen shows)
// and the bill lines of what is charged.
import { fromDay, toDay } from './dates';
import { optionLine, pushOptionLines } from './option-lines';
import { chargedOccupants, occupantsOf, priceOccupantOption } from './occupants';
import { findOverride, pushItemLines } from './overrides';
import { vatBpOf, type PricingRun } from './run';
import { OptionPriceUnit, type OptionPriceLine, type PriceGridOption, type QuoteLine } from './types';
import { warn } from './warnings';

interface RequestedItem {
  quantity: number;
  startDate?: string | null;
  endDate?: string | null;
}

/**
 * Spec §5 (docs/pricing.md#validation): a new option price line starts at 0; a required option at 1; an option with
 * an included quantity and no age category at its included quantity.
 */
export function initialOptionQuantity(option: PriceGridOption): number {
  if (option.isRequired) return 1;
  if (option.includedQuantity > 0 && option.ageCategoryId === null) return option.includedQuantity;
  return 0;
}

/** The catalogue row behind a grid option (label and VAT rate), if known. */
function catalogueItem(run: PricingRun, option: PriceGridOption): { label: string; vatRateId: number | null } | null {
  const c = run.context;
  if (option.ageCategoryId !== null) return c.ageCategories.find((x) => x.id === option.ageCategoryId) ?? null;
  if (option.extraId !== null) return c.extras.find((x) => x.id === option.extraId) ?? null;
  if (option.animalTypeId !== null) return c.animalTypes.find((x) => x.id === option.animalTypeId) ?? null;
  if (option.vehicleTypeId !== null) return c.vehicleTypes.find((x) => x.id === option.vehicleTypeId) ?? null;
  return null;
}

/** The request entry for a grid option: by option id first, then by item id. */
function requestedItem(run: PricingRun, option: PriceGridOption): RequestedItem | null {
  const r = run.request;
  if (r.options) for (const e of r.options) if (e.priceGridOptionId === option.id) return e;
  if (option.extraId !== null && r.extras) for (const e of r.extras) if (e.extraId === option.extraId) return e;
  if (option.animalTypeId !== null && r.animals) {
    for (const e of r.animals) if (e.animalTypeId === option.animalTypeId) return e;
  }
  if (option.vehicleTypeId !== null && r.vehicles) {
    for (const e of r.vehicles) if (e.vehicleTypeId === option.vehicleTypeId) return e;
  }
  return null;
}

function optionPriceLine(
  option: PriceGridOption,
  label: string,
  quantity: number,
  startDate: string,
  endDate: string,
): OptionPriceLine {
  return {
    priceGridOptionId: option.id,
    label,
    ageCategoryId: option.ageCategoryId,
    extraId: option.extraId,
    animalTypeId: option.animalTypeId,
    vehicleTypeId: option.vehicleTypeId,
    isRequired: option.isRequired,
    includedQuantity: option.includedQuantity,
    quantity,
    startDate,
    endDate,
  };
}

/** Prices every grid option into run.lines; returns the option price lines. */
export function priceOptions(run: PricingRun): OptionPriceLine[] {
  const { grid, nights } = run;
  const charged = chargedOccupants(run);
  const optionLines: OptionPriceLine[] = [];
  const scratch: QuoteLine[] = [];
  for (let i = 0; i < grid.options.length; i++) {
    const option = grid.options[i];
    const item = catalogueItem(run, option);
    const label = option.label || item?.label || `Option ${option.id}`;
    const vatRateBp = vatBpOf(run.context, option.vatRateId ?? item?.vatRateId ?? grid.vatRateId);
    const override = findOverride(run, option.id);
    const mark = run.warnings.length;
    scratch.length = 0;

    if (option.ageCategoryId !== null) {
      optionLines.push(
        optionPriceLine(option, label, occupantsOf(run, option.ageCategoryId), run.startDate, run.endDate),
      );
      if (charged[i] === 0) continue;
      const natural = priceOccupantOption(run, scratch, option, charged[i], label, vatRateBp);
      pushItemLines(run, scratch, override, mark, (unit) =>
        optionLine(run, option, label, natural, unit, vatRateBp, 0, nights),
      );
      continue;
    }

    const entry = requestedItem(run, option);
    let quantity = entry ? entry.quantity : initialOptionQuantity(option);
    if (option.isRequired && quantity < 1) quantity = 1;
    // dates come from the occupancy; a requested range is cut to it
    let from = 0;
    let to = nights;
    let cut = false;
    if (entry?.startDate) {
      const offset = toDay(entry.startDate) - run.startDay;
      if (offset < 0) cut = true;
      else from = Math.min(offset, nights);
    }
    if (entry?.endDate) {
      const offset = toDay(entry.endDate) - run.startDay;
      if (offset > nights) cut = true;
      else to = Math.max(offset, from);
    }
    if (cut && quantity > 0) warn(run.warnings, 'OPTIONS_DATE_CUTS', label);
    optionLines.push(
      optionPriceLine(option, label, quantity, fromDay(run.startDay + from), fromDay(run.startDay + to)),
    );

    const units = quantity - Math.min(quantity, option.includedQuantity);
    if (units === 0 || from === to) continue;
    const perNight = option.priceUnit === OptionPriceUnit.PER_NIGHT;
    pushOptionLines(run, scratch, option, label, vatRateBp, units, from, to, perNight ? 'night' : 'stay');
    const natural = perNight ? units * (to - from) : units;
    pushItemLines(run, scratch, override, mark, (unit) =>
      optionLine(run, option, label, natural, unit, vatRateBp, from, to),
    );
  }
  warnUnmapped(run);
  return optionLines;
}

/** Requested items the grid does not price (spec §8 (docs/errors.md#messages) "option not mapped"). */
function warnUnmapped(run: PricingRun): void {
  const { request: r, grid, context: c } = run;
  const check = <E extends { quantity: number }>(
    entries: readonly E[] | undefined,
    mapped: (option: PriceGridOption, entry: E) => boolean,
    label: (entry: E) => string,
  ) => {
    if (!entries) return;
    for (const e of entries) {
      if (e.quantity > 0 && !grid.options.some((o) => mapped(o, e))) warn(run.warnings, 'OPTION_NOT_MAPPED', label(e));
    }
  };
  check(
    r.extras,
    (o, e) => o.extraId === e.extraId,
    (e) => c.extras.find((x) => x.id === e.extraId)?.label ?? `Prestation ${e.extraId}`,
  );
  check(
    r.animals,
    (o, e) => o.animalTypeId === e.animalTypeId,
    (e) => c.animalTypes.find((x) => x.id === e.animalTypeId)?.label ?? `Animal ${e.animalTypeId}`,
  );
  check(
    r.vehicles,
    (o, e) => o.vehicleTypeId === e.vehicleTypeId,
    (e) => c.vehicleTypes.find((x) => x.id === e.vehicleTypeId)?.label ?? `Véhicule ${e.vehicleTypeId}`,
  );
  check(
    r.options,
    (o, e) => o.id === e.priceGridOptionId,
    (e) => `Option ${e.priceGridOptionId}`,
  );
}
