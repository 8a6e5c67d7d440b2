// Which rows and days are rendered: the visible area plus an overscan on both
// axes, from a scroll position snapped to a grid of chunks. Most scroll frames
// render nothing (the compositor only moves pixels); the others add one chunk.
import { indexAtY } from './rowLayout';

export interface Viewport {
  scrollLeft: number;
  scrollTop: number;
  /** Visible body size (without the sticky label column and header). */
  width: number;
  height: number;
}

/** Display rows [firstRow, lastRow] (inclusive) and day indexes [firstDay, lastDay) from the scale's origin. */
export interface Span {
  firstRow: number;
  lastRow: number;
  firstDay: number;
  lastDay: number;
}

export interface Limits {
  itemCount: number;
  dayCount: number;
  dayWidth: number;
}

export function visibleSpan(vp: Viewport, offsets: Float64Array, lim: Limits): Span {
  if (lim.itemCount === 0) {
    return { firstRow: 0, lastRow: -1, ...visibleDays(vp, lim) };
  }
  const firstRow = indexAtY(offsets, vp.scrollTop);
  const lastRow = indexAtY(offsets, vp.scrollTop + Math.max(0, vp.height - 1));
  return { firstRow, lastRow, ...visibleDays(vp, lim) };
}

function visibleDays(vp: Viewport, lim: Limits): { firstDay: number; lastDay: number } {
  const firstDay = clamp(Math.floor(vp.scrollLeft / lim.dayWidth), 0, lim.dayCount);
  const lastDay = clamp(Math.ceil((vp.scrollLeft + vp.width) / lim.dayWidth), firstDay, lim.dayCount);
  return { firstDay, lastDay };
}

export interface WindowOptions {
  /** Extra pixels rendered beyond each edge of the viewport (default: half the viewport). */
  overscanX?: number;
  overscanY?: number;
  /** The scroll position is snapped to a grid of this many pixels (default: a quarter of the viewport). */
  chunkX?: number;
  chunkY?: number;
}

/**
 * The rendered window: the viewport widened by the overscan, computed from
 * the scroll position snapped to a grid of chunks. Both edges move together,
 * once per chunk scrolled, so most scroll frames render nothing and the
 * others add one chunk of rows (or days). The visible area is always inside:
 * the snapped position is at most one chunk before the real one.
 */
export function renderSpan(vp: Viewport, offsets: Float64Array, lim: Limits, o: WindowOptions = {}): Span {
  const chunkY = Math.max(1, Math.round(o.chunkY ?? vp.height / 4));
  const chunkX = Math.max(1, Math.round(o.chunkX ?? vp.width / 4));
  const overY = o.overscanY ?? Math.round(vp.height / 2);
  const overX = o.overscanX ?? Math.round(vp.width / 2);
  const top = Math.floor(vp.scrollTop / chunkY) * chunkY;
  const left = Math.floor(vp.scrollLeft / chunkX) * chunkX;
  const n = lim.itemCount;
  const firstDay = clamp(Math.floor((left - overX) / lim.dayWidth), 0, lim.dayCount);
  const lastDay = clamp(Math.ceil((left + vp.width + chunkX + overX) / lim.dayWidth), firstDay, lim.dayCount);
  if (n === 0) return { firstRow: 0, lastRow: -1, firstDay, lastDay };
  return {
    firstRow: indexAtY(offsets, top - overY),
    lastRow: indexAtY(offsets, top + vp.height + chunkY + overY),
    firstDay,
    lastDay,
  };
}

export function sameSpan(a: Span | null, b: Span | null): boolean {
  return (
    !!a &&
    !!b &&
    a.firstRow === b.firstRow &&
    a.lastRow === b.lastRow &&
    a.firstDay === b.firstDay &&
    a.lastDay === b.lastDay
  );
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Scroll position that brings `r` (body coordinates) into view with a margin. */
export function revealScroll(vp: Viewport, r: Rect, margin = 8): { scrollLeft: number; scrollTop: number } {
  let { scrollLeft, scrollTop } = vp;
  if (r.left - margin < scrollLeft) scrollLeft = Math.max(0, r.left - margin);
  else if (r.left + r.width + margin > scrollLeft + vp.width)
    scrollLeft = Math.min(r.left - margin, r.left + r.width + margin - vp.width);
  if (r.top - margin < scrollTop) scrollTop = Math.max(0, r.top - margin);
  else if (r.top + r.height + margin > scrollTop + vp.height)
    scrollTop = Math.min(r.top - margin, r.top + r.height + margin - vp.height);
  return { scrollLeft, scrollTop };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
