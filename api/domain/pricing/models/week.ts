// WEEK (and COUPLE_WEEK): priced per started week (spec §9, docs/constants.md#prices). After one, two or three
// full weeks, the leftover nights (nights 8–13, 15–20, 22–27) are extra nights at the
// period's extraNightPrice, but never more than a started week would cost. Without an
// extra-night price, for stays under a week, and beyond the fourth week (the spec's
// ranges stop at 27), the leftover is a started week.
import { forEachPriceRun, periodOfNight, type PricingRun } from '../run';
import type { QuoteLine } from '../types';
import { occupancyLine, pushFullWeeks, weekPriceAt } from './common';

/** Full weeks after which leftover nights may be extra nights (nights 8–13, 15–20, 22–27). */
const MAX_WEEKS_WITH_EXTRA_NIGHTS = 3;

export function priceWeekModel(run: PricingRun, out: QuoteLine[]): void {
  const weeks = Math.floor(run.nights / 7);
  const rest = run.nights - weeks * 7;
  pushFullWeeks(run, out, weeks);
  if (rest === 0) return;
  const from = weeks * 7;
  if (weeks >= 1 && weeks <= MAX_WEEKS_WITH_EXTRA_NIGHTS && extraNightsCheaper(run, from)) {
    forEachPriceRun(
      from,
      run.nights,
      (night) => periodOfNight(run, night)!.extraNightPrice,
      (a, b, price) => out.push(occupancyLine(run, 'nuit supplémentaire', b - a, price, a, b)),
    );
    return;
  }
  const started = weekPriceAt(run, from);
  if (started !== null) out.push(occupancyLine(run, 'semaine entamée', 1, started, from, run.nights));
}

/** Every leftover night has an extra-night price and together they cost at most a week. */
function extraNightsCheaper(run: PricingRun, from: number): boolean {
  let sum = 0;
  for (let night = from; night < run.nights; night++) {
    const period = periodOfNight(run, night);
    if (!period || period.extraNightPrice === null) return false;
    sum += period.extraNightPrice;
  }
  const week = periodOfNight(run, from)?.pricePerWeek ?? null;
  return week === null || sum <= week;
}
