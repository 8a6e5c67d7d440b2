// SHORT_STAY_WEEKEND: the arrival period's pricePerStay is a package for its minimum
// nights (2 when unset: a weekend); each further night costs extraNightPrice, else
// pricePerNight. A shorter stay still pays the package (a weekend is sold whole; the
// minimum-nights warning tells the desk). Without a package price the period is
// priced per night.
import { periodOfNight, type PricingRun } from '../run';
import type { QuoteLine } from '../types';
import { occupancyLine, pushNightlyLines } from './common';

const DEFAULT_PACKAGE_NIGHTS = 2;

export function priceShortStayModel(run: PricingRun, out: QuoteLine[]): void {
  const arrival = periodOfNight(run, 0);
  if (!arrival) return;
  let from = 0;
  if (arrival.pricePerStay !== null) {
    const packageNights = Math.min(run.nights, Math.max(1, arrival.minNights ?? DEFAULT_PACKAGE_NIGHTS));
    out.push(occupancyLine(run, 'court séjour', 1, arrival.pricePerStay, 0, packageNights));
    from = packageNights;
  }
  pushNightlyLines(run, out, from, run.nights, from > 0 ? 'nuit supplémentaire' : 'nuit', (period) =>
    from > 0 && period.extraNightPrice !== null ? period.extraNightPrice : period.pricePerNight,
  );
}
