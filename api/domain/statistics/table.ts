// Builds a screen's table and chart from its figures per period: the rows of the
// period, then, per reference year, the compared measures and the evolution of the
// first one. The chart draws the first compared measure, one series per year.
import type { Cell, StatAnswer, StatColumn, StatKind, StatPeriod, StatTable } from '../../../common/stats';
import { evolutionBp } from './query';

/**
 * French order of labels, and of codes with their numbers in order (A2 before A10): one
 * collator each, made once — localeCompare with a locale makes one per call (half a
 * second for 2 000 places).
 */
export const compareFr = new Intl.Collator('fr').compare;
export const compareCodes = new Intl.Collator('fr', { numeric: true }).compare;

export interface Measure {
  key: string;
  label: string;
  kind: StatKind;
  /** repeated for each reference year */
  compared?: boolean;
}

export type Values = Record<string, number | null>;

export interface Keyed {
  /** the key a row has in every period (a month number, a place type id, a day's rank…) */
  key: string;
  /** what the row shows in its first column */
  label: string;
}

export interface TableInput {
  keyColumn: StatColumn;
  keys: Keyed[];
  measures: Measure[];
  periods: StatPeriod[];
  /** per period (same order as `periods`), the values of each key */
  values: Map<string, Values>[];
  /** per period, the totals (optional) */
  totals?: Values[];
  chart?: { kind: 'bar' | 'line'; measure?: string; top?: number };
}

export function buildTable(t: TableInput): Pick<StatAnswer, 'table' | 'chart'> {
  const compared = t.measures.filter((m) => m.compared);
  const refs = t.periods.slice(1);
  const columns: StatColumn[] = [t.keyColumn, ...t.measures.map(({ key, label, kind }) => ({ key, label, kind }))];
  for (const p of refs) {
    for (const m of compared) columns.push({ key: `${m.key}_${p.year}`, label: `${m.label} ${p.year}`, kind: m.kind });
    if (compared[0])
      columns.push({ key: `evolution_${p.year}`, label: `Évolution / ${p.year} (${compared[0].label})`, kind: 'rate' });
  }
  const row = (label: string, vals: (Values | undefined)[]): Record<string, Cell> => {
    const r: Record<string, Cell> = { [t.keyColumn.key]: label };
    for (const m of t.measures) r[m.key] = vals[0]?.[m.key] ?? (m.kind === 'rate' ? null : 0);
    refs.forEach((p, i) => {
      for (const m of compared) r[`${m.key}_${p.year}`] = vals[i + 1]?.[m.key] ?? (m.kind === 'rate' ? null : 0);
      if (compared[0]) {
        const cur = vals[0]?.[compared[0].key];
        const ref = vals[i + 1]?.[compared[0].key];
        r[`evolution_${p.year}`] = cur == null ? null : evolutionBp(cur, ref);
      }
    });
    return r;
  };
  const table: StatTable = {
    columns,
    rows: t.keys.map((k) =>
      row(
        k.label,
        t.values.map((v) => v.get(k.key)),
      ),
    ),
  };
  if (t.totals) table.total = row('Total', t.totals);
  const cm = t.chart?.measure ?? compared[0]?.key ?? t.measures[0].key;
  const measure = t.measures.find((m) => m.key === cm)!;
  const keys = t.chart?.top ? t.keys.slice(0, t.chart.top) : t.keys;
  return {
    table,
    chart: {
      kind: t.chart?.kind ?? 'bar',
      x: keys.map((k) => k.label),
      unit: measure.kind,
      series: t.periods.map((p, i) => ({
        key: `${cm}_${p.year}`,
        label: `${measure.label} ${i === 0 ? periodLabel(p) : p.year}`,
        data: keys.map((k) => t.values[i].get(k.key)?.[cm] ?? null),
      })),
    },
  };
}

/** « 2026 » for a period in one year, « 2025-2026 » across years. */
export function periodLabel(p: StatPeriod): string {
  const last = Number(p.to.slice(0, 4)) - (p.to.slice(5) === '01-01' ? 1 : 0);
  return last === p.year ? String(p.year) : `${p.year}-${last}`;
}
