// Which price period holds each night, and the period rules checked on the stay:
// arrival days and minimum nights on the arrival period, departure days on the
// period of the last night.
import { fromDay, isoWeekday, toDay } from './dates';
import { periodOfNight, type PricingRun } from './run';
import { MinNightsOperator, type PriceGrid, type PriceGridPeriod } from './types';
import { warn } from './warnings';

/**
 * Period index per night. Validation refuses overlapping periods; should some slip
 * through, the first listed wins, so the answer stays deterministic.
 */
export function resolveNightPeriods(grid: PriceGrid, startDay: number, nights: number): number[] {
  const count = grid.periods.length;
  const starts = new Array<number>(count);
  const ends = new Array<number>(count);
  for (let p = 0; p < count; p++) {
    starts[p] = toDay(grid.periods[p].startDate);
    ends[p] = toDay(grid.periods[p].endDate);
  }
  const result = new Array<number>(nights);
  for (let night = 0; night < nights; night++) {
    const day = startDay + night;
    let found = -1;
    for (let p = 0; p < count; p++) {
      if (starts[p] <= day && day < ends[p]) {
        found = p;
        break;
      }
    }
    result[night] = found;
  }
  return result;
}

/** The period whose dates are exactly the stay's, if any. */
export function exactPeriod(run: PricingRun): PriceGridPeriod | null {
  for (const period of run.grid.periods) {
    if (period.startDate === run.startDate && period.endDate === run.endDate) return period;
  }
  return null;
}

export function minNightsMet(period: PriceGridPeriod, nights: number): boolean {
  const min = period.minNights;
  if (min === null || min <= 0) return true;
  switch (period.minNightsOperator) {
    case MinNightsOperator.EXACTLY:
      return nights === min;
    case MinNightsOperator.MULTIPLE_OF:
      return nights % min === 0;
    default:
      return nights >= min;
  }
}

export function checkStayRules(run: PricingRun): void {
  // nights without any period are reported once, with the first such date
  for (let night = 0; night < run.nights; night++) {
    if (run.nightPeriod[night] < 0) {
      warn(run.warnings, 'NO_PRICING_FOR_PERIOD', fromDay(run.startDay + night));
      break;
    }
  }
  const arrival = periodOfNight(run, 0);
  if (arrival) {
    if (arrival.arrivalDays.length > 0 && !arrival.arrivalDays.includes(isoWeekday(run.startDay))) {
      warn(run.warnings, 'ARRIVAL_DAY_NOT_ALLOWED', arrival.label);
    }
    if (!minNightsMet(arrival, run.nights)) warn(run.warnings, 'MIN_NIGHTS_NOT_MET', arrival.label);
  }
  const last = periodOfNight(run, run.nights - 1);
  if (last && last.departureDays.length > 0 && !last.departureDays.includes(isoWeekday(run.endDay))) {
    warn(run.warnings, 'DEPARTURE_DAY_NOT_ALLOWED', last.label);
  }
}
