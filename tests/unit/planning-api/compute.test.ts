import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { freeCounts, mergePricePeriods, periodColor } from '../../../api/domain/planning/compute';
import { addDays, nightsBetween } from '../../../common/dates';

describe('freeCounts', () => {
  it('counts the places not held each night; the departure day is free', () => {
    const days = freeCounts('2026-07-01', '2026-07-06', 3, [
      { startDate: '2026-07-02', endDate: '2026-07-04' },
      { startDate: '2026-06-20', endDate: '2026-07-02' },
      { startDate: '2026-07-03', endDate: '2026-08-01' },
    ]);
    expect(days).toEqual({ '2026-07-01': 2, '2026-07-02': 2, '2026-07-03': 1, '2026-07-04': 2, '2026-07-05': 2 });
  });

  it('is empty for an empty span and never negative', () => {
    expect(freeCounts('2026-07-01', '2026-07-01', 3, [])).toEqual({});
    expect(freeCounts('2026-07-01', '2026-07-02', 0, [{ startDate: '2026-07-01', endDate: '2026-07-02' }])).toEqual({
      '2026-07-01': 0,
    });
  });

  it('equals a night-by-night count (property)', () => {
    const res = fc.array(fc.tuple(fc.integer({ min: -10, max: 40 }), fc.integer({ min: 1, max: 15 })), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(res, fc.integer({ min: 0, max: 40 }), (list, total) => {
        const from = '2026-07-01';
        const to = addDays(from, 30);
        const reservations = list.map(([s, n]) => ({ startDate: addDays(from, s), endDate: addDays(from, s + n) }));
        const got = freeCounts(from, to, total, reservations);
        for (let i = 0; i < nightsBetween(from, to); i++) {
          const d = addDays(from, i);
          const held = reservations.filter((r) => r.startDate <= d && d < r.endDate).length;
          expect(got[d]).toBe(Math.max(0, total - held));
        }
      }),
    );
  });
});

describe('mergePricePeriods', () => {
  it('keeps one band: shared periods once, the period used by most grids wins an overlap', () => {
    const rows = [
      { id: 1, label: 'Haute saison', startDate: '2026-07-04', endDate: '2026-08-29', priceGridId: 1 },
      { id: 2, label: 'Haute saison', startDate: '2026-07-04', endDate: '2026-08-29', priceGridId: 2 },
      { id: 3, label: 'Été (semaines)', startDate: '2026-07-01', endDate: '2026-09-01', priceGridId: 3 },
      { id: 4, label: 'Basse saison', startDate: '2026-04-01', endDate: '2026-07-04', priceGridId: 1 },
    ];
    const out = mergePricePeriods(rows);
    expect(out.map((p) => [p.id, p.label, p.grids])).toEqual([
      [4, 'Basse saison', 1],
      [1, 'Haute saison', 2],
    ]);
    expect(out[1].color).toBe(periodColor('Haute saison'));
  });

  it('colours seasons by their name, others by a stable hash', () => {
    expect(periodColor('Haute saison')).toBe('#fdba74');
    expect(periodColor('Basse saison (automne)')).toBe('#bbf7d0');
    expect(periodColor('Moyenne saison (juin)')).toBe('#fde68a');
    expect(periodColor('Pont de mai')).toBe(periodColor('Pont de mai'));
  });
});
