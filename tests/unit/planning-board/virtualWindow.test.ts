import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildRowLayout } from '../../../custom-screens/planning/board/rowLayout';
import {
  renderSpan,
  revealScroll,
  sameSpan,
  visibleSpan,
  type Viewport,
} from '../../../custom-screens/planning/board/virtualWindow';
import type { BoardRow } from '../../../custom-screens/planning/board/types';

const rows: BoardRow[] = Array.from({ length: 2000 }, (_, i) => ({
  id: i,
  label: `P${i}`,
  layoutId: Math.floor(i / 500),
  familyId: Math.floor(i / 100),
}));
const layout = buildRowLayout(rows, ['layout', 'family'], new Set(), { rowHeight: 28, groupHeight: 24 });
const lim = { itemCount: layout.items.length, dayCount: 365, dayWidth: 36 };

describe('virtualWindow', () => {
  it('computes the visible rows and days', () => {
    const v = visibleSpan({ scrollLeft: 360, scrollTop: 0, width: 720, height: 100 }, layout.offsets, lim);
    expect(v).toEqual({ firstRow: 0, lastRow: 3, firstDay: 10, lastDay: 30 });
  });

  it('always renders the whole visible area, at any scroll position', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Math.floor(layout.totalHeight) }),
        fc.integer({ min: 0, max: 365 * 36 }),
        fc.integer({ min: 50, max: 1200 }),
        fc.integer({ min: 50, max: 2000 }),
        (top, left, height, width) => {
          const vp: Viewport = { scrollTop: top, scrollLeft: left, width, height };
          const vis = visibleSpan(vp, layout.offsets, lim);
          const win = renderSpan(vp, layout.offsets, lim);
          return (
            win.firstRow <= vis.firstRow &&
            win.lastRow >= vis.lastRow &&
            win.firstDay <= vis.firstDay &&
            win.lastDay >= vis.lastDay
          );
        },
      ),
    );
  });

  it('changes only once per chunk scrolled, both edges together', () => {
    const base: Viewport = { scrollTop: 5000, scrollLeft: 0, width: 1400, height: 800 };
    const a = renderSpan(base, layout.offsets, lim);
    // the chunk is a quarter of the viewport: 200 px; 5000 is not on the grid (5000 = 25 × 200) → same window up to
    // 5199
    expect(sameSpan(renderSpan({ ...base, scrollTop: 5199 }, layout.offsets, lim), a)).toBe(true);
    const b = renderSpan({ ...base, scrollTop: 5200 }, layout.offsets, lim);
    expect(sameSpan(a, b)).toBe(false);
    expect(b.firstRow).toBeGreaterThan(a.firstRow);
    expect(b.lastRow).toBeGreaterThan(a.lastRow);
    // overscan: about half a viewport before and after
    expect(layout.offsets[a.firstRow]).toBeLessThanOrEqual(5000 - 400);
    expect(layout.offsets[a.lastRow + 1]).toBeGreaterThanOrEqual(5000 + 800 + 400);
  });

  it('handles an empty board', () => {
    const empty = buildRowLayout([], [], new Set(), { rowHeight: 28, groupHeight: 24 });
    expect(
      renderSpan({ scrollTop: 0, scrollLeft: 0, width: 500, height: 300 }, empty.offsets, { ...lim, itemCount: 0 }),
    ).toMatchObject({ firstRow: 0, lastRow: -1 });
  });

  it('scrolls just enough to reveal a rectangle', () => {
    const vp: Viewport = { scrollLeft: 100, scrollTop: 100, width: 400, height: 300 };
    expect(revealScroll(vp, { left: 200, top: 200, width: 36, height: 28 })).toEqual({
      scrollLeft: 100,
      scrollTop: 100,
    });
    expect(revealScroll(vp, { left: 50, top: 50, width: 36, height: 28 })).toEqual({ scrollLeft: 42, scrollTop: 42 });
    expect(revealScroll(vp, { left: 600, top: 500, width: 36, height: 28 })).toEqual({
      scrollLeft: 600 + 36 + 8 - 400,
      scrollTop: 500 + 28 + 8 - 300,
    });
  });
});
