// Occupants are priced through the grid's age-category options (spec §3 (docs/entities.md) option price
// line: ageCategoryId). Who is charged: the persons of each category, minus the
// option's includedQuantity, minus the persons included in the package (2 for couple
// and senior grids), the package taking the dearest persons first, so that a couple
// with children pays the children's supplements. How they are charged: the grid's
// occupant price model (spec §9, docs/constants.md#prices).
import { includedOccupants } from './models';
import { findOptionPrice, pushOptionLines } from './option-lines';
import type { PricingRun } from './run';
import { OccupantPriceModel, PriceModel, type PriceGridOption, type QuoteLine } from './types';
import { warn } from './warnings';

export function occupantsOf(run: PricingRun, ageCategoryId: number): number {
  let persons = 0;
  const occupants = run.request.occupants;
  if (occupants) for (const o of occupants) if (o.ageCategoryId === ageCategoryId) persons += o.quantity;
  return persons;
}

function isSenior(run: PricingRun, ageCategoryId: number): boolean {
  for (const category of run.context.ageCategories) if (category.id === ageCategoryId) return category.isSenior;
  return false;
}

/** Charged persons per grid option (0 for non age-category options). */
export function chargedOccupants(run: PricingRun): number[] {
  const options = run.grid.options;
  const charged = new Array<number>(options.length).fill(0);
  const arrivalPrice = new Array<number>(options.length).fill(0);
  const arrival = run.nightPeriod[0] >= 0 ? run.grid.periods[run.nightPeriod[0]].id : -1;
  for (let i = 0; i < options.length; i++) {
    const option = options[i];
    if (option.ageCategoryId === null) continue;
    const persons = occupantsOf(run, option.ageCategoryId);
    charged[i] = persons - Math.min(persons, option.includedQuantity);
    arrivalPrice[i] = findOptionPrice(option, arrival)?.price ?? 0;
  }
  const seniorOnly = run.grid.priceModel === PriceModel.SENIOR;
  if (seniorOnly && !(run.request.occupants ?? []).some((o) => o.quantity > 0 && isSenior(run, o.ageCategoryId))) {
    warn(run.warnings, 'SENIOR_REQUIRED');
  }
  let slots = includedOccupants(run.grid.priceModel, run.grid.includedOccupants);
  while (slots > 0) {
    let best = -1;
    for (let i = 0; i < options.length; i++) {
      const option = options[i];
      if (charged[i] === 0 || (seniorOnly && !isSenior(run, option.ageCategoryId!))) continue;
      if (
        best < 0 ||
        arrivalPrice[i] > arrivalPrice[best] ||
        (arrivalPrice[i] === arrivalPrice[best] && option.ageCategoryId! < options[best].ageCategoryId!)
      ) {
        best = i;
      }
    }
    if (best < 0) break;
    const taken = Math.min(slots, charged[best]);
    charged[best] -= taken;
    slots -= taken;
  }
  return charged;
}

/**
 * Lines of one age-category option for `charged` persons; returns the natural quantity
 * a manual unit price multiplies (persons × nights, persons, nights or 1).
 */
export function priceOccupantOption(
  run: PricingRun,
  out: QuoteLine[],
  option: PriceGridOption,
  charged: number,
  label: string,
  vatRateBp: number | null,
): number {
  const nights = run.nights;
  switch (run.grid.occupantPriceModel) {
    case OccupantPriceModel.WITH_SLICE:
      pushOptionLines(run, out, option, label, vatRateBp, charged, 0, nights, 'slices');
      return charged * nights;
    case OccupantPriceModel.PER_OCCUPANCY_PER_OCCUPANT:
      pushOptionLines(run, out, option, label, vatRateBp, charged, 0, nights, 'stay');
      return charged;
    case OccupantPriceModel.PER_NIGHT_PER_GROUP:
      pushOptionLines(run, out, option, label, vatRateBp, 1, 0, nights, 'night');
      return nights;
    case OccupantPriceModel.PER_OCCUPANCY_PER_GROUP:
      pushOptionLines(run, out, option, label, vatRateBp, 1, 0, nights, 'stay');
      return 1;
    default:
      pushOptionLines(run, out, option, label, vatRateBp, charged, 0, nights, 'night');
      return charged * nights;
  }
}
