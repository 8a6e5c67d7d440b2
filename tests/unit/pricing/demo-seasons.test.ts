// The demo campsite's season: next season from October, weeks Saturday to Saturday.
import { describe, expect, it } from 'vitest';
import { demoSeasonYear, demoSeasons } from '../../../api/demo/pricing';
import { isoWeekday, toDay } from '../../../api/domain/pricing';

describe('demo seasons', () => {
  it('prices this year’s season until September, next year’s from October', () => {
    expect(demoSeasonYear('2026-09-30')).toBe(2026);
    expect(demoSeasonYear('2026-10-01')).toBe(2026 + 1);
    expect(demoSeasonYear('2027-01-15')).toBe(2027);
  });

  it('changes season on Saturdays, in order, from 1 April to 1 October', () => {
    for (const year of [2026, 2027, 2028, 2029, 2030]) {
      const s = demoSeasons(year);
      for (const d of [s.midStart, s.highStart, s.highEnd, s.lateStart]) expect(isoWeekday(toDay(d)), d).toBe(6);
      const order = [s.opening, s.midStart, s.highStart, s.highEnd, s.lateStart, s.closing];
      expect([...order].sort()).toEqual(order);
      expect(s.highStart >= `${year}-07-01` && s.highStart <= `${year}-07-07`).toBe(true);
    }
  });
});
