// Keyboard: key → action, and cursor moves. The cursor is a cell (display row,
// night); the bar under it is the selected bar, and arrows step over a bar as
// one cell. Function keys follow spec §6 (docs/rights.md#keyboard-shortcuts): F3 create, F4 modify, F8 csv/print,
// F9 delete, F12 validate, Esc cancel.
import { barAt, barsInRange, type RowBars } from './barIndex';
import { nearestRow, type RowLayout } from './rowLayout';
import type { Id } from './types';

export type NavAction =
  | 'left'
  | 'right'
  | 'up'
  | 'down'
  | 'extend-left'
  | 'extend-right'
  | 'prev-bar'
  | 'next-bar'
  | 'page-up'
  | 'page-down'
  | 'home'
  | 'end'
  | 'first-row'
  | 'last-row';

export type CommandAction =
  | 'open'
  | 'toggle'
  | 'cancel'
  | 'undo'
  | 'redo'
  | 'create'
  | 'modify'
  | 'export'
  | 'delete'
  | 'validate'
  | 'bar-left'
  | 'bar-right'
  | 'bar-up'
  | 'bar-down';

export type KeyAction = NavAction | CommandAction;

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
}

const FUNCTION_KEYS: Record<string, CommandAction> = {
  F3: 'create',
  F4: 'modify',
  F8: 'export',
  F9: 'delete',
  F12: 'validate',
};
const ARROWS: Record<string, 'left' | 'right' | 'up' | 'down'> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export function keyToAction(e: KeyLike): KeyAction | null {
  const mod = !!(e.ctrlKey || e.metaKey);
  if (FUNCTION_KEYS[e.key] && !mod && !e.altKey) return FUNCTION_KEYS[e.key];
  const arrow = ARROWS[e.key];
  if (arrow) {
    if (e.altKey) return `bar-${arrow}`;
    if (e.shiftKey && (arrow === 'left' || arrow === 'right')) return `extend-${arrow}`;
    if (mod && arrow === 'left') return 'prev-bar';
    if (mod && arrow === 'right') return 'next-bar';
    return arrow;
  }
  switch (e.key) {
    case 'Enter':
      return 'open';
    case ' ':
      return 'toggle';
    case 'Escape':
      return 'cancel';
    case 'PageUp':
      return 'page-up';
    case 'PageDown':
      return 'page-down';
    case 'Home':
      return mod ? 'first-row' : 'home';
    case 'End':
      return mod ? 'last-row' : 'end';
  }
  if (mod && !e.altKey) {
    const k = e.key.toLowerCase();
    if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (k === 'y') return 'redo';
  }
  return null;
}

export interface Cursor {
  /** Display index (row or group header). */
  index: number;
  /** Night (day number). */
  night: number;
  /** Other end of a Shift+arrow range, or null. */
  anchor: number | null;
  /** The bar picked with the pointer (rows with overlapping lanes); keyboard moves drop it. */
  barId?: Id;
}

export interface CursorContext {
  layout: RowLayout;
  rowBars: (index: number) => RowBars | undefined;
  first: number;
  last: number;
  pageRows: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function moveCursor(c: Cursor, action: NavAction, ctx: CursorContext): Cursor {
  const n = ctx.layout.items.length;
  if (n === 0) return c;
  const rb = ctx.rowBars(c.index);
  const here = barAt(rb, c.night);
  const at = (index: number, night: number, anchor: number | null = null): Cursor => ({
    index: clamp(index, 0, n - 1),
    night: clamp(night, ctx.first, ctx.last),
    anchor,
  });
  switch (action) {
    case 'left':
      return at(c.index, here && c.anchor === null ? here.start - 1 : c.night - 1);
    case 'right':
      return at(c.index, here && c.anchor === null ? here.end : c.night + 1);
    case 'up':
      return at(c.index - 1, c.night);
    case 'down':
      return at(c.index + 1, c.night);
    case 'page-up':
      return at(c.index - ctx.pageRows, c.night);
    case 'page-down':
      return at(c.index + ctx.pageRows, c.night);
    case 'home':
      return at(c.index, ctx.first);
    case 'end':
      return at(c.index, ctx.last);
    case 'first-row':
      return at(Math.max(0, nearestRow(ctx.layout, 0, 1)), c.night);
    case 'last-row':
      return at(Math.max(0, nearestRow(ctx.layout, n - 1, -1)), c.night);
    case 'extend-left':
    case 'extend-right': {
      if (ctx.layout.items[c.index]?.kind !== 'row' || here) return c;
      const next = at(c.index, c.night + (action === 'extend-left' ? -1 : 1), c.anchor ?? c.night);
      // a range never crosses a bar
      return barAt(rb, next.night) ? c : next;
    }
    case 'prev-bar': {
      const before = barsInRange(rb, ctx.first, here ? here.start : c.night).filter((it) => it !== here);
      const prev = before[before.length - 1];
      return prev ? at(c.index, Math.max(prev.start, ctx.first)) : c;
    }
    case 'next-bar': {
      const after = barsInRange(rb, c.night + 1, ctx.last + 1).filter((it) => it !== here && it.start > c.night);
      return after[0] ? at(c.index, after[0].start) : c;
    }
  }
}

/** Nights [start, end) selected by the cursor (range when an anchor is set). */
export function cursorRange(c: Cursor): { start: number; end: number } {
  const a = c.anchor ?? c.night;
  return { start: Math.min(a, c.night), end: Math.max(a, c.night) + 1 };
}
