import { describe, expect, it } from 'vitest';
import {
  dropRows,
  missingTiles,
  monthsBetween,
  nextMonthStart,
  quartersBetween,
  tilesOf,
} from '../../../custom-screens/planning/shared/tiles';

describe('window tiles', () => {
  it('lists the months touching a half-open span', () => {
    expect(monthsBetween('2026-06-15', '2026-08-01')).toEqual(['2026-06', '2026-07']);
    expect(monthsBetween('2026-11-20', '2027-01-02')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsBetween('2026-07-01', '2026-07-01')).toEqual([]);
    expect(nextMonthStart('2026-12')).toBe('2027-01-01');
  });

  it('asks once for what is missing, then nothing', () => {
    const held = new Set<string>();
    const req = missingTiles(held, [1, 2], '2026-06-20', '2026-07-10');
    expect(req).toEqual({ from: '2026-06-01', to: '2026-08-01', placeIds: [1, 2] });
    for (const k of tilesOf(req!)) held.add(k);
    expect(held).toEqual(new Set(['1:2026-06', '1:2026-07', '2:2026-06', '2:2026-07']));
    expect(missingTiles(held, [1, 2], '2026-06-25', '2026-07-31')).toBeNull();
    // Scrolling down one row and right one month: only the new row and month.
    expect(missingTiles(held, [2, 3], '2026-07-01', '2026-08-15')).toEqual({
      from: '2026-07-01',
      to: '2026-09-01',
      placeIds: [2, 3],
    });
  });

  it('forgets the rows of a move so that they load again', () => {
    const held = new Set(['1:2026-06', '12:2026-06', '2:2026-06']);
    dropRows(held, [1, 2]);
    expect([...held]).toEqual(['12:2026-06']);
  });

  it('splits a span in calendar quarters (free places)', () => {
    expect(quartersBetween('2026-05-10', '2026-10-02')).toEqual([
      { from: '2026-04-01', to: '2026-07-01' },
      { from: '2026-07-01', to: '2026-10-01' },
      { from: '2026-10-01', to: '2027-01-01' },
    ]);
    expect(quartersBetween('2026-12-01', '2027-01-05')).toEqual([
      { from: '2026-10-01', to: '2027-01-01' },
      { from: '2027-01-01', to: '2027-04-01' },
    ]);
  });
});
