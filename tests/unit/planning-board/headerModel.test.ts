import { describe, expect, it } from 'vitest';
import { toDay, toIso } from '../../../custom-screens/planning/board/dates';
import { freeCells, headerBands } from '../../../custom-screens/planning/board/headerModel';
import { createTimeScale } from '../../../custom-screens/planning/board/timeScale';

const counts: Record<string, number> = {};
for (let d = toDay('2026-07-01'); d < toDay('2026-08-01'); d++) counts[toIso(d)] = d % 7 === 0 ? 0 : 10 + (d % 5);

describe('headerModel', () => {
  it('stacks the bands that apply', () => {
    const all = headerBands('day', 36, true, true);
    expect(all.periods && all.free).toBeTruthy();
    expect(all.height).toBe(all.free!.top + all.free!.height);
    const bare = headerBands('month', 4, false, false);
    expect(bare.periods).toBeNull();
    expect(bare.free).toBeNull();
    expect(bare.height).toBeLessThan(all.height);
  });

  it('shows free places per day when columns are wide', () => {
    const s = createTimeScale('2026-07-01', '2026-08-01', 36);
    const cells = freeCells(s, toDay('2026-07-10'), toDay('2026-07-13'), counts);
    expect(cells.map((c) => c.value)).toEqual([counts['2026-07-10'], counts['2026-07-11'], counts['2026-07-12']]);
    expect(cells[0].left).toBe(9 * 36);
  });

  it('shows the weekly minimum when columns are narrow', () => {
    const s = createTimeScale('2026-07-01', '2026-08-01', 4);
    const cells = freeCells(s, s.origin, s.origin + s.dayCount, counts);
    expect(cells[0]).toMatchObject({ start: toDay('2026-07-01'), end: toDay('2026-07-06') }); // Wed → Sun
    for (const c of cells) {
      const values = [];
      for (let d = c.start; d < c.end; d++) values.push(counts[toIso(d)]);
      expect(c.value).toBe(Math.min(...values));
    }
    expect(freeCells(s, s.origin, s.origin + 7, {}).every((c) => c.value === null)).toBe(true);
  });
});
