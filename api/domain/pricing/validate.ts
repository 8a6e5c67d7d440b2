// Checks for the grid and offer edit screens (spec §5 (docs/pricing.md#validation), §8, docs/errors.md#messages), kept
// beside the engine so that what the screens accept is what the engine can price.
import { fromDay, toDay, tryToDay } from './dates';
import { PeriodType, type PriceGrid, type SpecialOffer } from './types';

export interface ValidationIssue {
  code: string;
  field: string;
}

function isMonthStart(day: number): boolean {
  return fromDay(day).endsWith('-01');
}

function isYearStart(day: number): boolean {
  return fromDay(day).endsWith('-01-01');
}

export function validatePriceGrid(grid: PriceGrid): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const ranges: [number, number][] = [];
  grid.periods.forEach((period, i) => {
    const start = tryToDay(period.startDate);
    const end = tryToDay(period.endDate);
    if (start === null || end === null || end <= start) {
      issues.push({ code: 'START_BEFORE_END', field: `periods.${i}.endDate` });
      return;
    }
    if (ranges.some(([s, e]) => start < e && s < end))
      issues.push({ code: 'OVERLAPPING_PERIODS', field: `periods.${i}.startDate` });
    ranges.push([start, end]);
    // [startDate, endDate) of whole months is 1st of a month → 1st of a later month
    if (period.periodType === PeriodType.MONTH && !(isMonthStart(start) && isMonthStart(end))) {
      issues.push({ code: 'INCORRECT_DATES', field: `periods.${i}.startDate` });
    }
    if (period.periodType === PeriodType.YEAR && !(isYearStart(start) && isYearStart(end))) {
      issues.push({ code: 'INCORRECT_DATES', field: `periods.${i}.startDate` });
    }
    for (const price of [
      period.pricePerNight,
      period.pricePerWeek,
      period.pricePerStay,
      period.firstNightPrice,
      period.extraNightPrice,
    ]) {
      if (price !== null && (!Number.isSafeInteger(price) || price < 0)) {
        issues.push({ code: 'INCORRECT_PRICE_PER_NIGHT', field: `periods.${i}` });
        break;
      }
    }
  });
  const items: string[] = [];
  grid.options.forEach((option, i) => {
    const key = `${option.ageCategoryId}/${option.extraId}/${option.animalTypeId}/${option.vehicleTypeId}`;
    if (items.includes(key)) issues.push({ code: 'OPTION_ALREADY_IN_GRID', field: `options.${i}` });
    items.push(key);
    if (option.isRequired && option.includedQuantity > 0) {
      issues.push({ code: 'OPTION_MANDATORY_AND_INCLUDED', field: `options.${i}.includedQuantity` });
    }
  });
  return issues;
}

export function validateSpecialOffer(offer: SpecialOffer): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (offer.priceGridIds.length === 0) issues.push({ code: 'SPECIAL_OFFER_NEEDS_TARIFF', field: 'priceGridIds' });
  if (offer.steps.length > 4 || offer.steps.some((s) => s.weeks < 1 || s.weeks > 4)) {
    issues.push({ code: 'INVALID_CHOICE', field: 'steps' });
  }
  if (offer.minNights !== null && offer.maxNights !== null && offer.maxNights < offer.minNights) {
    issues.push({ code: 'INCORRECT_FORM', field: 'maxNights' });
  }
  if (offer.periodStartDate && offer.periodEndDate && toDay(offer.periodEndDate) <= toDay(offer.periodStartDate)) {
    issues.push({ code: 'START_BEFORE_END', field: 'periodEndDate' });
  }
  return issues;
}

/**
 * Slices of a WITH_SLICE option price: from night 1, each starting the night after the
 * previous one ends, without gap or overlap; only the last may be open (toNight null).
 */
export function validateSlices(slices: { fromNight: number; toNight: number | null }[]): boolean {
  let next = 1;
  for (const [i, s] of slices.entries()) {
    const last = i === slices.length - 1;
    if (s.fromNight !== next || (s.toNight == null ? !last : s.toNight < s.fromNight)) return false;
    next = s.toNight == null ? Number.POSITIVE_INFINITY : s.toNight + 1;
  }
  return true;
}
