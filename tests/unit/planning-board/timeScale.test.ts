import { describe, expect, it } from 'vitest';
import { toDay, toIso } from '../../../custom-screens/planning/board/dates';
import {
  barBox,
  createTimeScale,
  dayToX,
  monthSegments,
  weekSegments,
  xToDay,
  xToNight,
  ZOOM_DAY_WIDTH,
  zoomForDays,
} from '../../../custom-screens/planning/board/timeScale';

describe('timeScale', () => {
  const s = createTimeScale('2026-01-01', '2027-01-01', 36);

  it('maps days to x and back', () => {
    expect(s.dayCount).toBe(365);
    expect(s.width).toBe(365 * 36);
    expect(dayToX(s, toDay('2026-01-02'))).toBe(36);
    expect(xToDay(s, 35.9)).toBe(toDay('2026-01-01'));
    expect(xToDay(s, 36)).toBe(toDay('2026-01-02'));
  });

  it('draws a stay from mid-day of arrival to mid-day of departure (half-open nights)', () => {
    // 3 nights: 2026-01-02 → 2026-01-05
    const { left, width } = barBox(s, toDay('2026-01-02'), toDay('2026-01-05'), 0);
    expect(left).toBe(36 * 1.5);
    expect(width).toBe(36 * 3);
    // a departure and the next arrival share a column, without overlapping
    const next = barBox(s, toDay('2026-01-05'), toDay('2026-01-06'));
    const prev = barBox(s, toDay('2026-01-02'), toDay('2026-01-05'));
    expect(prev.left + prev.width).toBeLessThanOrEqual(next.left);
  });

  it('hit-tests nights with the same half-day offset', () => {
    expect(toIso(xToNight(s, 36 * 1.5))).toBe('2026-01-02');
    expect(toIso(xToNight(s, 36 * 1.4))).toBe('2026-01-01');
    const d = createTimeScale('2026-01-01', '2027-01-01', 36, 'day');
    expect(toIso(xToNight(d, 36 * 1.4))).toBe('2026-01-02');
    expect(barBox(d, toDay('2026-01-02'), toDay('2026-01-03'), 0).left).toBe(36);
  });

  it('keeps a minimum visible width and no gap at narrow zooms', () => {
    const m = createTimeScale('2026-01-01', '2027-01-01', ZOOM_DAY_WIDTH.month);
    expect(barBox(m, toDay('2026-03-01'), toDay('2026-03-02')).width).toBe(ZOOM_DAY_WIDTH.month);
    const tiny = createTimeScale('2026-01-01', '2027-01-01', 1);
    expect(barBox(tiny, toDay('2026-03-01'), toDay('2026-03-02')).width).toBe(2);
  });

  it('cuts months and ISO weeks, clamped to the range', () => {
    const months = monthSegments(s, toDay('2026-01-20'), toDay('2026-03-05'));
    expect(months.map((m) => toIso(m.start))).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(months[0]).toMatchObject({ left: 0, width: 31 * 36 });
    const weeks = weekSegments(s, s.origin, s.origin + 10);
    // 2026-01-01 is a Thursday: the first week starts on Monday 2025-12-29, clamped to the range
    expect(toIso(weeks[0].start)).toBe('2025-12-29');
    expect(weeks[0]).toMatchObject({ left: 0, width: 4 * 36 });
    expect(toIso(weeks[1].start)).toBe('2026-01-05');
  });
});

describe("zoomForDays (the planning module's « Jours affichés »)", () => {
  it('takes the first zoom whose days fit the width', () => {
    expect(zoomForDays(31, 1280)).toBe('day');
    expect(zoomForDays(60, 1280)).toBe('week');
    expect(zoomForDays(120, 1280)).toBe('month');
    expect(zoomForDays(60, 2400)).toBe('day');
  });
});
