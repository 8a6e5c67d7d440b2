// What is under a point of the body (body coordinates: x from the first day's
// left edge, y from the first row's top). Pure geometry over the layout, the
// scale and the bar index, so the DOM holds no per-bar listeners.
import { barBox, xToNight, type TimeScale } from './timeScale';
import { barsInRange, type BarIndex, type IndexedBar } from './barIndex';
import { indexAtY, type DisplayItem, type RowLayout } from './rowLayout';
import type { BoardBar, BoardRow } from './types';

/** Pixels kept above and below the bars of a row. */
export const BAR_PAD = 3;
/** Width of the resize zone at each end of a bar (pixels). */
export const EDGE_ZONE = 6;

/** Top (relative to the row) and height of a bar in `lane` of `lanes`. */
export function barVertical(rowHeight: number, lanes: number, lane: number): { top: number; height: number } {
  const inner = Math.max(2, rowHeight - 2 * BAR_PAD);
  const h = inner / Math.max(1, lanes);
  return { top: BAR_PAD + lane * h, height: Math.max(2, h - (lanes > 1 ? 1 : 0)) };
}

export interface Hit<R extends BoardRow = BoardRow, B extends BoardBar = BoardBar> {
  /** Display index, -1 outside the rows. */
  index: number;
  item: DisplayItem<R> | null;
  /** Night under the pointer (day number). */
  night: number;
  bar: IndexedBar<B> | null;
  edge: 'start' | 'end' | null;
}

export function hitTest<R extends BoardRow, B extends BoardBar>(
  x: number,
  y: number,
  layout: RowLayout<R>,
  scale: TimeScale,
  index: BarIndex<B>,
): Hit<R, B> {
  const night = xToNight(scale, x);
  const none: Hit<R, B> = { index: -1, item: null, night, bar: null, edge: null };
  if (y < 0 || y >= layout.totalHeight || layout.items.length === 0) return none;
  const i = indexAtY(layout.offsets, y);
  const item = layout.items[i];
  const hit: Hit<R, B> = { index: i, item, night, bar: null, edge: null };
  if (item.kind !== 'row') return hit;

  const rb = index.byRow.get(item.row.id);
  if (!rb) return hit;
  const rowTop = layout.offsets[i];
  const rowH = layout.offsets[i + 1] - rowTop;
  // the drawn bar may start half a day before the night under x: look one day around
  for (const it of barsInRange(rb, night - 1, night + 2)) {
    const { left, width } = barBox(scale, it.start, it.end);
    if (x < left || x >= left + width) continue;
    const v = barVertical(rowH, rb.lanes, it.lane);
    const ry = y - rowTop;
    if (rb.lanes > 1 && (ry < v.top || ry >= v.top + v.height)) continue;
    hit.bar = it;
    const zone = Math.min(EDGE_ZONE, width / 4);
    hit.edge = x < left + zone ? 'start' : x >= left + width - zone ? 'end' : null;
    return hit;
  }
  return hit;
}
