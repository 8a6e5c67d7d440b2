// NIGHT (and COUPLE_NIGHT, SENIOR): each night at its period's price per night. A
// period may make the stay degressive: the arrival night at firstNightPrice, every
// following night at extraNightPrice ("1re nuit 80 €, nuit suivante 50 €").
import { periodOfNight, type PricingRun } from '../run';
import type { QuoteLine } from '../types';
import { occupancyLine, pushNightlyLines } from './common';

export function priceNightModel(run: PricingRun, out: QuoteLine[]): void {
  let from = 0;
  const arrival = periodOfNight(run, 0);
  if (arrival && arrival.firstNightPrice !== null) {
    out.push(occupancyLine(run, 'première nuit', 1, arrival.firstNightPrice, 0, 1));
    from = 1;
  }
  pushNightlyLines(run, out, from, run.nights, 'nuit', (period, night) =>
    night > 0 && period.extraNightPrice !== null ? period.extraNightPrice : period.pricePerNight,
  );
}
