import { describe, expect, it } from 'vitest';
import { buildBarIndex } from '../../../custom-screens/planning/board/barIndex';
import { toDay } from '../../../custom-screens/planning/board/dates';
import {
  cursorRange,
  keyToAction,
  moveCursor,
  type Cursor,
  type CursorContext,
} from '../../../custom-screens/planning/board/keyboard';
import { buildRowLayout } from '../../../custom-screens/planning/board/rowLayout';
import { bar, row } from './fixtures';

const d = toDay;

describe('keyToAction', () => {
  it('maps the function keys of the spec', () => {
    expect(['F3', 'F4', 'F8', 'F9', 'F12'].map((key) => keyToAction({ key }))).toEqual([
      'create',
      'modify',
      'export',
      'delete',
      'validate',
    ]);
    expect(keyToAction({ key: 'Escape' })).toBe('cancel');
    expect(keyToAction({ key: 'Enter' })).toBe('open');
    expect(keyToAction({ key: 'F5' })).toBeNull();
    expect(keyToAction({ key: 'F3', ctrlKey: true })).toBeNull();
  });

  it('maps arrows with their modifiers', () => {
    expect(keyToAction({ key: 'ArrowLeft' })).toBe('left');
    expect(keyToAction({ key: 'ArrowRight', shiftKey: true })).toBe('extend-right');
    expect(keyToAction({ key: 'ArrowRight', ctrlKey: true })).toBe('next-bar');
    expect(keyToAction({ key: 'ArrowUp', altKey: true })).toBe('bar-up');
    expect(keyToAction({ key: 'Home', ctrlKey: true })).toBe('first-row');
  });

  it('maps undo and redo, Ctrl or Cmd', () => {
    expect(keyToAction({ key: 'z', ctrlKey: true })).toBe('undo');
    expect(keyToAction({ key: 'z', metaKey: true })).toBe('undo');
    expect(keyToAction({ key: 'Z', ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(keyToAction({ key: 'y', ctrlKey: true })).toBe('redo');
    expect(keyToAction({ key: 'z' })).toBeNull();
  });
});

describe('moveCursor', () => {
  // 0 group, 1 row 1, 2 row 2
  const layout = buildRowLayout([row(1, { layoutId: 1 }), row(2, { layoutId: 1 })], ['layout'], new Set(), {
    rowHeight: 28,
    groupHeight: 24,
  });
  const index = buildBarIndex([
    bar(1, '2026-07-10', '2026-07-14'),
    bar(1, '2026-07-14', '2026-07-16'),
    bar(1, '2026-07-20', '2026-07-21'),
  ]);
  const ctx: CursorContext = {
    layout,
    rowBars: (i) => {
      const it = layout.items[i];
      return it.kind === 'row' ? index.byRow.get(it.row.id) : undefined;
    },
    first: d('2026-07-01'),
    last: d('2026-07-31'),
    pageRows: 10,
  };
  const at = (index: number, date: string, anchor: string | null = null): Cursor => ({
    index,
    night: d(date),
    anchor: anchor ? d(anchor) : null,
  });

  it('steps over a bar as one cell', () => {
    expect(moveCursor(at(1, '2026-07-11'), 'right', ctx).night).toBe(d('2026-07-14')); // next bar, adjacent
    expect(moveCursor(at(1, '2026-07-14'), 'right', ctx).night).toBe(d('2026-07-16'));
    expect(moveCursor(at(1, '2026-07-12'), 'left', ctx).night).toBe(d('2026-07-09'));
    expect(moveCursor(at(1, '2026-07-17'), 'right', ctx).night).toBe(d('2026-07-18'));
  });

  it('moves between rows and group headers, clamped', () => {
    expect(moveCursor(at(1, '2026-07-11'), 'up', ctx).index).toBe(0);
    expect(moveCursor(at(0, '2026-07-11'), 'up', ctx).index).toBe(0);
    expect(moveCursor(at(2, '2026-07-11'), 'page-down', ctx).index).toBe(2);
    expect(moveCursor(at(2, '2026-07-11'), 'first-row', ctx).index).toBe(1);
    expect(moveCursor(at(1, '2026-07-01'), 'left', ctx).night).toBe(d('2026-07-01'));
    expect(moveCursor(at(1, '2026-07-05'), 'end', ctx).night).toBe(d('2026-07-31'));
  });

  it('extends a range with Shift, never across a bar', () => {
    const r = moveCursor(moveCursor(at(1, '2026-07-07'), 'extend-right', ctx), 'extend-right', ctx);
    expect(r).toEqual(at(1, '2026-07-09', '2026-07-07'));
    expect(cursorRange(r)).toEqual({ start: d('2026-07-07'), end: d('2026-07-10') });
    expect(moveCursor(r, 'extend-right', ctx)).toBe(r);
    expect(moveCursor(r, 'right', ctx).anchor).toBeNull();
  });

  it('jumps to the previous and next bar', () => {
    expect(moveCursor(at(1, '2026-07-17'), 'next-bar', ctx).night).toBe(d('2026-07-20'));
    expect(moveCursor(at(1, '2026-07-17'), 'prev-bar', ctx).night).toBe(d('2026-07-14'));
    expect(moveCursor(at(1, '2026-07-15'), 'prev-bar', ctx).night).toBe(d('2026-07-10'));
    expect(moveCursor(at(1, '2026-07-25'), 'next-bar', ctx).night).toBe(d('2026-07-25'));
  });
});
