// The pure parts of the statistics: §9 (docs/constants.md#statistics) map bands, reference-year dates, French
// departments of postal codes, French cells, and the table with reference years.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatStat, MAP_BANDS, mapBand, monthLabel, shiftYears } from '../../../common/stats';
import { departmentOfPostalCode } from '../../../api/domain/statistics/definitions';
import { buildTable } from '../../../api/domain/statistics/table';

describe('statistics, pure parts', () => {
  it('bands of §9: below 0 %, 0 %, then 10-point bands to 100 % (and more)', () => {
    expect(MAP_BANDS.map((b) => b.label).slice(0, 3)).toEqual(['moins de 0 %', '0 %', '0 à 10 %']);
    expect([-1, 0, null, 1, 1000, 1001, 9000, 9001, 10_000, 50_000].map(mapBand)).toEqual([
      0, 1, 1, 2, 2, 3, 10, 11, 11, 11,
    ]);
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        (bp) => mapBand(bp) >= 0 && mapBand(bp) < MAP_BANDS.length,
      ),
    );
  });

  it('the same dates years earlier; 29 February becomes the 28th', () => {
    expect(shiftYears('2024-02-29', 1)).toBe('2023-02-28');
    expect(shiftYears('2024-02-29', 4)).toBe('2020-02-29');
    expect(shiftYears('2026-07-01', 3)).toBe('2023-07-01');
  });

  it('departments of French postal codes: Corsica 2A/2B, overseas on three digits', () => {
    expect(
      ['29200', '75011', '20000', '20200', '20600', '97400', '97133', '2920', null, 'B-1000'].map(
        departmentOfPostalCode,
      ),
    ).toEqual(['29', '75', '2A', '2B', '2B', '974', '971', null, null, null]);
  });

  it('French cells: euros, rates, integers, dates; months', () => {
    expect(formatStat('money', 123456).replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatStat('money', 123456, true)).toBe('1234,56');
    expect(formatStat('rate', 4530)).toBe('45,3 %');
    expect(formatStat('int', 12345).replace(/\s/g, ' ')).toBe('12 345');
    expect(formatStat('date', '2026-07-14')).toBe('14/07/2026');
    expect(formatStat('rate', null)).toBe('');
    expect([1, 8, 12].map(monthLabel)).toEqual(['janvier', 'août', 'décembre']);
  });

  it("a table with a reference year: its columns, the first compared measure's evolution, one series a year", () => {
    const t = buildTable({
      keyColumn: { key: 'k', label: 'Clé', kind: 'text' },
      keys: [{ key: 'a', label: 'A' }],
      measures: [
        { key: 'n', label: 'Nuitées', kind: 'int', compared: true },
        { key: 'r', label: 'Taux', kind: 'rate' },
      ],
      periods: [
        { year: 2026, from: '2026-01-01', to: '2027-01-01' },
        { year: 2025, from: '2025-01-01', to: '2026-01-01' },
      ],
      values: [new Map([['a', { n: 150, r: 5000 }]]), new Map([['a', { n: 100, r: 4000 }]])],
    });
    expect(t.table.columns.map((c) => c.key)).toEqual(['k', 'n', 'r', 'n_2025', 'evolution_2025']);
    expect(t.table.rows[0]).toEqual({ k: 'A', n: 150, r: 5000, n_2025: 100, evolution_2025: 5000 });
    expect(t.chart.series.map((s) => s.data)).toEqual([[150], [100]]);
  });
});
