import { describe, expect, it } from 'vitest';
import { applyOverrides, barAt, barsInRange, buildBarIndex } from '../../../custom-screens/planning/board/barIndex';
import { toDay } from '../../../custom-screens/planning/board/dates';
import { bar } from './fixtures';

const d = toDay;

describe('barIndex', () => {
  const long = bar(1, '2026-01-01', '2026-06-01');
  const a = bar(1, '2026-07-01', '2026-07-05');
  const b = bar(1, '2026-07-05', '2026-07-08');
  const other = bar(2, '2026-07-02', '2026-07-03');
  const index = buildBarIndex([b, other, a, long]);

  it('groups by row and sorts by start', () => {
    expect(index.byRow.get(1)!.items.map((i) => i.bar.id)).toEqual([long.id, a.id, b.id]);
    expect(index.byRow.get(1)!.maxLength).toBe(d('2026-06-01') - d('2026-01-01'));
    expect(index.byId.get(other.id)!.start).toBe(d('2026-07-02'));
  });

  it('finds the bars intersecting a day range, long ones included', () => {
    const rb = index.byRow.get(1);
    expect(barsInRange(rb, d('2026-05-31'), d('2026-07-02')).map((i) => i.bar.id)).toEqual([long.id, a.id]);
    expect(barsInRange(rb, d('2026-06-01'), d('2026-07-01'))).toEqual([]);
    // half-open: the departure day is free
    expect(barsInRange(rb, d('2026-07-05'), d('2026-07-06')).map((i) => i.bar.id)).toEqual([b.id]);
    expect(barsInRange(undefined, 0, 10)).toEqual([]);
  });

  it('puts non-overlapping bars in one lane and overlapping ones in several', () => {
    expect(index.byRow.get(1)!.lanes).toBe(1);
    const x = bar(3, '2026-07-01', '2026-07-03');
    const y = bar(3, '2026-07-02', '2026-07-04');
    const z = bar(3, '2026-07-03', '2026-07-05');
    const i = buildBarIndex([x, y, z]);
    expect(i.byRow.get(3)!.lanes).toBe(2);
    expect([x, y, z].map((v) => i.byId.get(v.id)!.lane)).toEqual([0, 1, 0]);
    expect(barAt(i.byRow.get(3), d('2026-07-02'), 1)!.bar.id).toBe(y.id);
  });

  it('treats a zero-night bar as one night', () => {
    const i = buildBarIndex([bar(4, '2026-07-01', '2026-07-01')]);
    expect(i.byRow.get(4)!.items[0].end).toBe(d('2026-07-02'));
  });

  it('finds the bar covering a night', () => {
    expect(barAt(index.byRow.get(1), d('2026-07-04'))!.bar.id).toBe(a.id);
    expect(barAt(index.byRow.get(1), d('2026-06-15'))).toBeNull();
  });

  it('applies overrides by rebuilding only the rows touched', () => {
    const moved = applyOverrides(
      index,
      new Map([[a.id, { rowId: 2, start: d('2026-07-10'), end: d('2026-07-12'), state: 'pending' as const }]]),
    );
    expect(moved.byRow.get(1)!.items.map((i) => i.bar.id)).toEqual([long.id, b.id]);
    expect(moved.byRow.get(2)!.items.map((i) => i.bar.id)).toEqual([other.id, a.id]);
    expect(moved.byId.get(a.id)).toMatchObject({ rowId: 2, start: d('2026-07-10') });
    expect(index.byRow.get(1)!.items).toHaveLength(3); // base untouched
    const untouched = buildBarIndex([a, bar(9, '2026-01-01', '2026-01-02')]);
    const o = applyOverrides(
      untouched,
      new Map([[a.id, { rowId: 1, start: d('2026-08-01'), end: d('2026-08-02'), state: 'confirmed' as const }]]),
    );
    expect(o.byRow.get(9)).toBe(untouched.byRow.get(9));
    expect(applyOverrides(index, new Map())).toBe(index);
  });
});
