import { describe, expect, it } from 'vitest';
import { boardSettings, tooltipPlace } from '../../../custom-screens/planning/board/boardModel';

describe('board model', () => {
  it('places the tooltip below-right of the pointer, flipped where it would leave the board', () => {
    const board = { left: 100, top: 50, width: 800, height: 400 };
    expect(tooltipPlace(200, 100, board)).toEqual({ x: 112, y: 68 });
    // Near the right and bottom edges: left of and above the pointer.
    expect(tooltipPlace(850, 420, board)).toEqual({ x: 750 - 12 - 320, y: 370 - 12 - 110 });
    // Never outside the board's top-left corner.
    expect(tooltipPlace(150, 60, { left: 100, top: 50, width: 200, height: 100 })).toEqual({ x: 0, y: 0 });
  });

  it('gives the props their defaults', () => {
    const s = boardSettings({ rows: [], bars: [], startDate: '2026-01-01', endDate: '2027-01-01', zoom: 'week' });
    expect(s).toMatchObject({ zoom: 'week', colorMode: 'status', rowHeight: 28, groupHeight: 24, labelWidth: 200 });
    expect(s.dayWidth).toBe(14);
    expect(s.groupBy).toEqual(['layout', 'family', 'type']);
  });
});
