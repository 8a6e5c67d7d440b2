// Regional models (the spec names them only; semantics chosen and documented in README):
// - MIDI_PYRENEES: full weeks at the weekly price; every other night (short stays and
//   leftover nights) at one seventh of its period's weekly price, rounded half-up to
//   the cent.
// - BRITTANY: nights at the nightly price, each block of 7 nights from arrival (and the
//   last, shorter block) capped at the weekly price of the period of its first night.
import { fromDay } from '../dates';
import { mulDivRound } from '../money';
import { forEachPriceRun, periodOfNight, type PricingRun } from '../run';
import type { QuoteLine } from '../types';
import { warn } from '../warnings';
import { occupancyLine, pushFullWeeks, pushNightlyLines } from './common';

export function priceMidiPyreneesModel(run: PricingRun, out: QuoteLine[]): void {
  const weeks = Math.floor(run.nights / 7);
  pushFullWeeks(run, out, weeks);
  forEachPriceRun(
    weeks * 7,
    run.nights,
    (night) => {
      const period = periodOfNight(run, night);
      if (!period) return null;
      if (period.pricePerWeek === null) {
        warn(run.warnings, 'NO_PRICING_FOR_PERIOD', period.label);
        return null;
      }
      return mulDivRound(period.pricePerWeek, 1, 7);
    },
    (a, b, price) => out.push(occupancyLine(run, 'nuit (1/7 de la semaine)', b - a, price, a, b)),
  );
}

export function priceBrittanyModel(run: PricingRun, out: QuoteLine[]): void {
  const block: QuoteLine[] = [];
  let weekLine: QuoteLine | null = null;
  for (let from = 0; from < run.nights; from += 7) {
    const to = Math.min(from + 7, run.nights);
    block.length = 0;
    pushNightlyLines(run, block, from, to, 'nuit', (period) => period.pricePerNight);
    let sum = 0;
    let priced = 0;
    for (const line of block) {
      sum += line.amount;
      priced += line.quantity;
    }
    const cap = periodOfNight(run, from)?.pricePerWeek ?? null;
    if (cap === null || priced < to - from || sum <= cap) {
      for (const line of block) out.push(line);
      weekLine = null;
    } else if (to - from === 7 && weekLine && weekLine.unitPrice === cap) {
      // consecutive capped weeks at one price share a line
      weekLine.quantity += 1;
      weekLine.amount += cap;
      weekLine.endDate = fromDay(run.startDay + to);
    } else {
      const full = to - from === 7;
      const line = occupancyLine(run, full ? 'semaine' : 'semaine entamée', 1, cap, from, to);
      out.push(line);
      weekLine = full ? line : null;
    }
  }
}
