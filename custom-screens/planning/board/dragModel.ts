// Pure state machines for the two pointer gestures of the body:
// - dragging a bar (move to another row and/or dates, or resize one end),
// - selecting empty nights on one row (to start a new booking).
// Positions snap to whole days. The component keeps the state and draws the ghost.
import { barAt, barsInRange, type IndexedBar, type RowBars } from './barIndex';
import { indexAtY, type RowLayout } from './rowLayout';
import type { TimeScale } from './timeScale';
import type { BoardBar, Id } from './types';

/** Pixels the pointer must travel before a press on a bar becomes a drag. */
export const DRAG_THRESHOLD = 4;

export type BarDragMode = 'move' | 'resize-start' | 'resize-end';

export interface Place {
  rowId: Id;
  /** Display index of the row. */
  index: number;
  start: number;
  end: number;
}

export interface BarDrag {
  type: 'bar';
  mode: BarDragMode;
  barId: Id;
  origin: Place;
  target: Place;
  grabX: number;
  grabY: number;
  /** The threshold was passed: the gesture is a drag, not a click. */
  moved: boolean;
}

export interface RangeDrag {
  type: 'range';
  rowId: Id;
  index: number;
  anchor: number;
  current: number;
  /** Nights allowed, inclusive (the free run around the anchor). */
  min: number;
  max: number;
  start: number;
  end: number;
  moved: boolean;
}

export type DragState = BarDrag | RangeDrag;

export function startBarDrag(
  bar: IndexedBar,
  index: number,
  edge: 'start' | 'end' | null,
  x: number,
  y: number,
): BarDrag {
  const place: Place = { rowId: bar.rowId, index, start: bar.start, end: bar.end };
  const mode: BarDragMode = edge === 'start' ? 'resize-start' : edge === 'end' ? 'resize-end' : 'move';
  return { type: 'bar', mode, barId: bar.bar.id, origin: place, target: place, grabX: x, grabY: y, moved: false };
}

export function updateBarDrag(d: BarDrag, x: number, y: number, scale: TimeScale, layout: RowLayout): BarDrag {
  const moved = d.moved || Math.abs(x - d.grabX) >= DRAG_THRESHOLD || Math.abs(y - d.grabY) >= DRAG_THRESHOLD;
  if (!moved) return d;
  const delta = Math.round((x - d.grabX) / scale.dayWidth);
  const o = d.origin;
  let target: Place;
  if (d.mode === 'move') {
    let { rowId, index } = d.target;
    const i = indexAtY(layout.offsets, y);
    const item = i >= 0 ? layout.items[i] : null;
    if (item && item.kind === 'row') {
      rowId = item.row.id;
      index = i;
    }
    target = { rowId, index, start: o.start + delta, end: o.end + delta };
  } else if (d.mode === 'resize-start') {
    target = { ...o, start: Math.min(o.start + delta, o.end - 1) };
  } else {
    target = { ...o, end: Math.max(o.end + delta, o.start + 1) };
  }
  const t = d.target;
  if (
    d.moved &&
    t.rowId === target.rowId &&
    t.index === target.index &&
    t.start === target.start &&
    t.end === target.end
  )
    return d;
  return { ...d, target, moved: true };
}

/** The drag ends somewhere else than it started. */
export function isBarChanged(d: BarDrag): boolean {
  const { origin: o, target: t } = d;
  return d.moved && (o.rowId !== t.rowId || o.start !== t.start || o.end !== t.end);
}

/**
 * The free nights around `night` on a row, inclusive: [min, max].
 * Null when the night is taken by a bar.
 */
export function freeRun(
  rb: RowBars | undefined,
  night: number,
  limit: { first: number; last: number },
): { min: number; max: number } | null {
  if (barAt(rb, night)) return null;
  let min = limit.first;
  let max = limit.last;
  if (rb) {
    for (const it of barsInRange(rb, limit.first, night)) min = Math.max(min, it.end);
    for (const it of barsInRange(rb, night, limit.last + 1)) {
      if (it.start > night) {
        max = Math.min(max, it.start - 1);
        break;
      }
    }
  }
  return { min, max };
}

export function startRange(
  rowId: Id,
  index: number,
  night: number,
  rb: RowBars<BoardBar> | undefined,
  limit: { first: number; last: number },
  acrossBars: boolean,
): RangeDrag | null {
  if (night < limit.first || night > limit.last) return null;
  const run = acrossBars ? { min: limit.first, max: limit.last } : freeRun(rb, night, limit);
  if (!run) return null;
  return {
    type: 'range',
    rowId,
    index,
    anchor: night,
    current: night,
    min: run.min,
    max: run.max,
    start: night,
    end: night + 1,
    moved: false,
  };
}

export function updateRange(d: RangeDrag, night: number): RangeDrag {
  const current = Math.min(d.max, Math.max(d.min, night));
  if (current === d.current) return d;
  return { ...d, current, start: Math.min(d.anchor, current), end: Math.max(d.anchor, current) + 1, moved: true };
}
