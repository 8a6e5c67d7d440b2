// Date ↔ x. x = 0 is the left edge of the board's first day; one day is
// `dayWidth` pixels at every zoom (zoom only changes the width and the header).
//
// A bar covers the nights [start, end). With barAnchor 'midday' (stays, the
// usual campsite look) it is drawn from the middle of the arrival day to the
// middle of the departure day, so a departure and the next arrival share a
// column, half each. With 'day' (cleaning tasks, extras) it fills the columns
// of [start, end) exactly. Hit-testing uses the same offset, so what the
// pointer touches is what is drawn.
import { mondayOf, monthStart, nextMonthStart, toDay } from './dates';
import type { IsoDate, Zoom } from './types';

export const ZOOM_DAY_WIDTH: Readonly<Record<Zoom, number>> = { day: 36, week: 14, month: 4 };

/**
 * The zoom that shows about `days` days on a screen of `width` pixels: the first whose
 * day width fits them (the planning module's « Jours affichés », the zoom a user has not
 * chosen yet).
 */
export function zoomForDays(days: number, width = 1280): Zoom {
  for (const z of ['day', 'week'] as const) if (ZOOM_DAY_WIDTH[z] * days <= width) return z;
  return 'month';
}

export interface TimeScale {
  /** Day number of the first column. */
  origin: number;
  dayCount: number;
  dayWidth: number;
  /** 0.5 for 'midday', 0 for 'day'. */
  offset: number;
  width: number;
}

export function createTimeScale(
  startDate: IsoDate,
  endDate: IsoDate,
  dayWidth: number,
  anchor: 'midday' | 'day' = 'midday',
): TimeScale {
  const origin = toDay(startDate);
  const dayCount = Math.max(1, toDay(endDate) - origin);
  const dw = Math.max(1, dayWidth);
  return { origin, dayCount, dayWidth: dw, offset: anchor === 'midday' ? 0.5 : 0, width: dayCount * dw };
}

/** Left edge of a day's column. */
export const dayToX = (s: TimeScale, day: number) => (day - s.origin) * s.dayWidth;

/** The day (column) under x. */
export const xToDay = (s: TimeScale, x: number) => s.origin + Math.floor(x / s.dayWidth);

/** The night under x: night d is drawn on [d + offset, d + 1 + offset) days. */
export const xToNight = (s: TimeScale, x: number) => s.origin + Math.floor(x / s.dayWidth - s.offset);

/** Left and width of a bar covering [start, end) nights; `gap` pixels are left between neighbours. */
export function barBox(s: TimeScale, start: number, end: number, gap = 1): { left: number; width: number } {
  const left = (start - s.origin + s.offset) * s.dayWidth;
  const right = (end - s.origin + s.offset) * s.dayWidth;
  const g = s.dayWidth >= 8 ? gap : 0;
  return { left: left + g, width: Math.max(2, right - left - 2 * g) };
}

export interface Segment {
  start: number;
  end: number;
  left: number;
  width: number;
}

function clampSegment(s: TimeScale, start: number, end: number): Segment {
  const a = Math.max(start, s.origin);
  const b = Math.min(end, s.origin + s.dayCount);
  return { start, end, left: dayToX(s, a), width: (b - a) * s.dayWidth };
}

/** Months intersecting the days [from, to). */
export function monthSegments(s: TimeScale, from: number, to: number): Segment[] {
  const out: Segment[] = [];
  for (let m = monthStart(Math.max(from, s.origin)); m < Math.min(to, s.origin + s.dayCount); m = nextMonthStart(m)) {
    out.push(clampSegment(s, m, nextMonthStart(m)));
  }
  return out;
}

/** ISO weeks (Monday → Monday) intersecting the days [from, to). */
export function weekSegments(s: TimeScale, from: number, to: number): Segment[] {
  const out: Segment[] = [];
  for (let w = mondayOf(Math.max(from, s.origin)); w < Math.min(to, s.origin + s.dayCount); w += 7) {
    out.push(clampSegment(s, w, w + 7));
  }
  return out;
}

/** Days [from, to) clamped to the scale. */
export function dayRange(s: TimeScale, from: number, to: number): [number, number] {
  return [Math.max(from, s.origin), Math.min(to, s.origin + s.dayCount)];
}
