// The board's live state for event handlers: one mutable object refreshed on
// every render, read by the pointer and keyboard handlers (gestures.ts,
// commands.ts) so they never close over stale props.
import { barAt, type BarIndex, type IndexedBar } from './barIndex';
import type { DragState } from './dragModel';
import type { Cursor } from './keyboard';
import type { RowLayout } from './rowLayout';
import { toIso } from './dates';
import type { TimeScale } from './timeScale';
import type {
  BoardBar,
  BoardMessages,
  BoardRow,
  Id,
  MoveCause,
  PlanningBoardProps,
  RangeSelection,
  ShortcutContext,
} from './types';

export interface Target {
  rowId: Id;
  start: number;
  end: number;
}

export interface Controller<R extends BoardRow = BoardRow, B extends BoardBar = BoardBar> {
  props: PlanningBoardProps<R, B>;
  m: BoardMessages;
  layout: RowLayout<R>;
  scale: TimeScale;
  index: BarIndex<B>;
  labelWidth: number;
  headerHeight: number;
  scroller: HTMLDivElement | null;
  root: HTMLDivElement | null;
  pending: ReadonlySet<Id>;
  collapsed: ReadonlySet<string>;
  drag: DragState | null;
  cursor: Cursor | null;
  /** Last pointer position during a drag (auto-scroll re-applies it). */
  lastPointer: { clientX: number; clientY: number } | null;
  autoScrollFrame: number;
  setDrag(d: DragState | null): void;
  setCursor(c: Cursor | null, reveal?: boolean): void;
  commitMove(barId: Id, target: Target, cause: MoveCause): Promise<boolean>;
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  toggleGroup(key: string): void;
  hover(barId: Id | null, clientX: number, clientY: number): void;
}

export type Area = 'body' | 'labels' | 'header' | 'outside';

/** Client coordinates → body coordinates and the area hit. */
export function toBody(c: Controller, clientX: number, clientY: number): { x: number; y: number; area: Area } {
  const el = c.scroller!;
  const rect = el.getBoundingClientRect();
  const cx = clientX - rect.left - el.clientLeft;
  const cy = clientY - rect.top - el.clientTop;
  const x = cx - c.labelWidth + el.scrollLeft;
  const y = cy - c.headerHeight + el.scrollTop;
  const area: Area =
    cx < 0 || cy < 0 || cx >= el.clientWidth || cy >= el.clientHeight
      ? 'outside'
      : cy < c.headerHeight
        ? 'header'
        : cx < c.labelWidth
          ? 'labels'
          : 'body';
  return { x, y, area };
}

export function rowOf<R extends BoardRow, B extends BoardBar>(c: Controller<R, B>, index: number): R | null {
  const it = index >= 0 ? c.layout.items[index] : undefined;
  return it && it.kind === 'row' ? it.row : null;
}

/** The bar under the cursor (the one picked by pointer first). */
export function selectedBar<R extends BoardRow, B extends BoardBar>(
  c: Controller<R, B>,
  cur: Cursor | null = c.cursor,
): IndexedBar<B> | null {
  if (!cur) return null;
  const row = rowOf(c, cur.index);
  if (!row) return null;
  if (cur.barId !== undefined) {
    const it = c.index.byId.get(cur.barId);
    if (it && it.rowId === row.id && it.start <= cur.night && cur.night < it.end) return it;
  }
  return barAt(c.index.byRow.get(row.id), cur.night);
}

export function canDrag<R extends BoardRow, B extends BoardBar>(c: Controller<R, B>, bar: B): boolean {
  const p = c.props;
  return (
    !!p.onMoveBar && !p.readOnly && !bar.locked && !c.pending.has(bar.id) && (p.canMoveBar ? p.canMoveBar(bar) : true)
  );
}

export function rangeSelection<R extends BoardRow, B extends BoardBar>(
  c: Controller<R, B>,
  index: number,
  start: number,
  end: number,
): RangeSelection<R> | null {
  const row = rowOf(c, index);
  return row ? { rowId: row.id, row, startDate: toIso(start), endDate: toIso(end) } : null;
}

export function shortcutContext<R extends BoardRow, B extends BoardBar>(c: Controller<R, B>): ShortcutContext<R, B> {
  const cur = c.cursor;
  if (!cur) return { row: null, bar: null, range: null };
  const bar = selectedBar(c)?.bar ?? null;
  const a = cur.anchor ?? cur.night;
  const range = bar ? null : rangeSelection(c, cur.index, Math.min(a, cur.night), Math.max(a, cur.night) + 1);
  return { row: rowOf(c, cur.index), bar, range };
}
