import { describe, expect, it } from 'vitest';
import { buildBarIndex } from '../../../custom-screens/planning/board/barIndex';
import { toDay } from '../../../custom-screens/planning/board/dates';
import { BAR_PAD, barVertical, EDGE_ZONE, hitTest } from '../../../custom-screens/planning/board/hitTest';
import { buildRowLayout } from '../../../custom-screens/planning/board/rowLayout';
import { barBox, createTimeScale } from '../../../custom-screens/planning/board/timeScale';
import { bar, row } from './fixtures';

const scale = createTimeScale('2026-07-01', '2026-08-01', 36);
const layout = buildRowLayout(
  [row(1, { layoutId: 1, layoutLabel: 'A' }), row(2, { layoutId: 1 })],
  ['layout'],
  new Set(),
  { rowHeight: 28, groupHeight: 24 },
);
const stay = bar(1, '2026-07-03', '2026-07-06');
const x = bar(2, '2026-07-03', '2026-07-05');
const y = bar(2, '2026-07-04', '2026-07-06');
const index = buildBarIndex([stay, x, y]);
const box = barBox(scale, toDay('2026-07-03'), toDay('2026-07-06'));
const rowY = (i: number) => layout.offsets[i] + 14;

describe('hitTest', () => {
  it('finds the bar under the pointer and its night', () => {
    const h = hitTest(box.left + box.width / 2, rowY(1), layout, scale, index);
    expect(h.item?.kind).toBe('row');
    expect(h.bar?.bar.id).toBe(stay.id);
    expect(h.edge).toBeNull();
  });

  it('detects the resize zones at both ends', () => {
    expect(hitTest(box.left + 1, rowY(1), layout, scale, index).edge).toBe('start');
    expect(hitTest(box.left + box.width - 1, rowY(1), layout, scale, index).edge).toBe('end');
    expect(hitTest(box.left + EDGE_ZONE + 1, rowY(1), layout, scale, index).edge).toBeNull();
  });

  it('misses in the half-day before arrival and returns the free night', () => {
    const h = hitTest(box.left - 4, rowY(1), layout, scale, index);
    expect(h.bar).toBeNull();
    expect(h.night).toBe(toDay('2026-07-02'));
  });

  it('tells group headers and the outside apart', () => {
    expect(hitTest(100, 5, layout, scale, index).item?.kind).toBe('group');
    expect(hitTest(100, -1, layout, scale, index).index).toBe(-1);
    expect(hitTest(100, layout.totalHeight + 1, layout, scale, index).item).toBeNull();
  });

  it('picks the lane under the pointer when bars overlap', () => {
    const top = layout.offsets[2];
    const lane1 = barVertical(28, 2, 1);
    const xMid = barBox(scale, toDay('2026-07-04'), toDay('2026-07-05')).left + 10;
    expect(hitTest(xMid, top + BAR_PAD + 2, layout, scale, index).bar?.bar.id).toBe(x.id);
    expect(hitTest(xMid, top + lane1.top + 2, layout, scale, index).bar?.bar.id).toBe(y.id);
  });
});
