import { describe, expect, it } from 'vitest';
import { buildBarIndex } from '../../../custom-screens/planning/board/barIndex';
import { toDay } from '../../../custom-screens/planning/board/dates';
import {
  DRAG_THRESHOLD,
  freeRun,
  isBarChanged,
  startBarDrag,
  startRange,
  updateBarDrag,
  updateRange,
} from '../../../custom-screens/planning/board/dragModel';
import { buildRowLayout } from '../../../custom-screens/planning/board/rowLayout';
import { createTimeScale } from '../../../custom-screens/planning/board/timeScale';
import { bar, row } from './fixtures';

const d = toDay;
const scale = createTimeScale('2026-07-01', '2026-08-01', 36);
// display: 0 group A, 1 row 1, 2 row 2, 3 group B, 4 row 3
const layout = buildRowLayout(
  [row(1, { layoutId: 'a' }), row(2, { layoutId: 'a' }), row(3, { layoutId: 'b' })],
  ['layout'],
  new Set(),
  { rowHeight: 28, groupHeight: 24 },
);
const stay = bar(1, '2026-07-10', '2026-07-14');
const index = buildBarIndex([stay, bar(2, '2026-07-05', '2026-07-08'), bar(2, '2026-07-20', '2026-07-22')]);
const it0 = index.byId.get(stay.id)!;
const yOf = (i: number) => layout.offsets[i] + 10;

describe('dragModel: bars', () => {
  it('is a click until the pointer travels the threshold', () => {
    const s = startBarDrag(it0, 1, null, 100, yOf(1));
    expect(updateBarDrag(s, 100 + DRAG_THRESHOLD - 1, yOf(1), scale, layout)).toBe(s);
    expect(isBarChanged(s)).toBe(false);
  });

  it('moves to another row and other dates, snapped to days', () => {
    const s = startBarDrag(it0, 1, null, 100, yOf(1));
    const m = updateBarDrag(s, 100 + 36 * 2 + 10, yOf(2), scale, layout);
    expect(m.target).toEqual({ rowId: 2, index: 2, start: d('2026-07-12'), end: d('2026-07-16') });
    expect(isBarChanged(m)).toBe(true);
    // over a group header the target row does not change
    const g = updateBarDrag(m, 100 + 36 * 2 + 10, yOf(3), scale, layout);
    expect(g.target.rowId).toBe(2);
    const r3 = updateBarDrag(g, 100 - 36, yOf(4), scale, layout);
    expect(r3.target).toMatchObject({ rowId: 3, start: d('2026-07-09'), end: d('2026-07-13') });
  });

  it('resizes either end, never below one night', () => {
    const left = startBarDrag(it0, 1, 'start', 100, yOf(1));
    expect(updateBarDrag(left, 100 - 36 * 3, yOf(2), scale, layout).target).toMatchObject({
      rowId: 1,
      start: d('2026-07-07'),
      end: d('2026-07-14'),
    });
    expect(updateBarDrag(left, 100 + 36 * 10, yOf(1), scale, layout).target).toMatchObject({
      start: d('2026-07-13'),
      end: d('2026-07-14'),
    });
    const right = startBarDrag(it0, 1, 'end', 100, yOf(1));
    expect(updateBarDrag(right, 100 + 36, yOf(1), scale, layout).target.end).toBe(d('2026-07-15'));
    expect(updateBarDrag(right, 100 - 36 * 10, yOf(1), scale, layout).target).toMatchObject({
      start: d('2026-07-10'),
      end: d('2026-07-11'),
    });
  });

  it('is unchanged when dropped where it started', () => {
    const s = startBarDrag(it0, 1, null, 100, yOf(1));
    const back = updateBarDrag(updateBarDrag(s, 200, yOf(1), scale, layout), 101, yOf(1), scale, layout);
    expect(back.moved).toBe(true);
    expect(isBarChanged(back)).toBe(false);
  });
});

describe('dragModel: range selection', () => {
  const lim = { first: scale.origin, last: scale.origin + scale.dayCount - 1 };
  const rb = index.byRow.get(2);

  it('finds the free run around a night', () => {
    expect(freeRun(rb, d('2026-07-10'), lim)).toEqual({ min: d('2026-07-08'), max: d('2026-07-19') });
    expect(freeRun(rb, d('2026-07-06'), lim)).toBeNull();
    expect(freeRun(undefined, d('2026-07-06'), lim)).toEqual({ min: lim.first, max: lim.last });
  });

  it('selects nights on one row, stopping at bars', () => {
    const r = startRange(2, 2, d('2026-07-10'), rb, lim, false)!;
    expect(r).toMatchObject({ start: d('2026-07-10'), end: d('2026-07-11'), moved: false });
    const wide = updateRange(r, d('2026-07-25'));
    expect(wide).toMatchObject({ start: d('2026-07-10'), end: d('2026-07-20'), moved: true });
    const back = updateRange(wide, d('2026-07-01'));
    expect(back).toMatchObject({ start: d('2026-07-08'), end: d('2026-07-11') });
    expect(updateRange(back, d('2026-07-01'))).toBe(back);
  });

  it('refuses to start on a taken night, unless asked to cross bars', () => {
    expect(startRange(2, 2, d('2026-07-06'), rb, lim, false)).toBeNull();
    const across = startRange(2, 2, d('2026-07-06'), rb, lim, true)!;
    expect(updateRange(across, d('2026-07-30')).end).toBe(d('2026-07-31'));
    expect(startRange(2, 2, lim.last + 1, rb, lim, true)).toBeNull();
  });
});
