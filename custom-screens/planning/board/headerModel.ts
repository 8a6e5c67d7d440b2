// Header bands: which ones show, their heights, and the free-places cells
// (one per day when the column is wide enough, else the week's minimum).
import { toIso } from './dates';
import { dayRange, weekSegments, type TimeScale } from './timeScale';
import type { IsoDate, Zoom } from './types';

export interface HeaderBands {
  months: { top: number; height: number };
  periods: { top: number; height: number } | null;
  days: { top: number; height: number };
  free: { top: number; height: number } | null;
  height: number;
}

export function headerBands(zoom: Zoom, dayWidth: number, hasPeriods: boolean, hasFree: boolean): HeaderBands {
  let top = 0;
  const band = (h: number) => {
    const b = { top, height: h };
    top += h;
    return b;
  };
  const months = band(22);
  const periods = hasPeriods ? band(18) : null;
  const days = band(zoom === 'day' || dayWidth >= 28 ? 34 : 20);
  const free = hasFree ? band(20) : null;
  return { months, periods, days, free, height: top };
}

/** Free counts are drawn per day from this column width (pixels) up. */
export const FREE_PER_DAY_MIN_WIDTH = 26;

export interface FreeCell {
  start: number;
  end: number;
  left: number;
  width: number;
  /** Minimum over the cell's days; null when no day of the cell has a count. */
  value: number | null;
}

export function freeCells(
  scale: TimeScale,
  from: number,
  to: number,
  counts: Readonly<Record<IsoDate, number>>,
): FreeCell[] {
  const out: FreeCell[] = [];
  if (scale.dayWidth >= FREE_PER_DAY_MIN_WIDTH) {
    const [a, b] = dayRange(scale, from, to);
    for (let d = a; d < b; d++) {
      const v = counts[toIso(d)];
      out.push({
        start: d,
        end: d + 1,
        left: (d - scale.origin) * scale.dayWidth,
        width: scale.dayWidth,
        value: v ?? null,
      });
    }
    return out;
  }
  for (const w of weekSegments(scale, from, to)) {
    let min: number | null = null;
    const [a, b] = dayRange(scale, w.start, w.end);
    for (let d = a; d < b; d++) {
      const v = counts[toIso(d)];
      if (v !== undefined && (min === null || v < min)) min = v;
    }
    out.push({ start: a, end: b, left: w.left, width: w.width, value: min });
  }
  return out;
}
