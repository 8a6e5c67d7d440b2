// The statistics screens' answer (api/domain/statistics → custom-screens/statistics):
// one chart and the table under it, the same table the CSV export writes. Money in
// integer cents, rates in basis points, dates YYYY-MM-DD; French formats for both the
// screen and the file come from here.
import { formatCents, formatRate } from './money';
import { formatDateFr } from './dates';

export type StatKind = 'text' | 'int' | 'money' | 'rate' | 'date' | 'decimal';
export type Cell = string | number | null;

export interface StatColumn {
  key: string;
  label: string;
  kind: StatKind;
}

export interface StatTable {
  columns: StatColumn[];
  rows: Record<string, Cell>[];
  /** the total row, when the rows add up */
  total?: Record<string, Cell>;
}

export interface StatSeries {
  key: string;
  label: string;
  data: (number | null)[];
}

export interface StatChart {
  kind: 'bar' | 'line';
  /** one label per point (a day, a month, a place type…) */
  x: string[];
  series: StatSeries[];
  unit: StatKind;
}

export interface StatPeriod {
  year: number;
  from: string;
  to: string;
}

export interface StatAnswer {
  screen: string;
  /** the period and each reference year's (the same dates, years earlier) */
  periods: StatPeriod[];
  chart: StatChart;
  table: StatTable;
  /** French messages to show above the chart (e.g. the last regeneration failed) */
  warnings: string[];
  /** when the statistics were last regenerated in full */
  generatedAt: string | null;
  /** map screens: one band (index in MAP_BANDS) per code */
  map?: { by: 'department' | 'country'; values: { code: string; name: string; value: number | null; band: number }[] };
}

/** §9 (docs/constants.md) « Map legend: below 0 %, 0 %, then 10-point bands to 100 % ». Values in basis points. */
export const MAP_BANDS: { label: string; color: string }[] = [
  { label: 'moins de 0 %', color: '#c62828' },
  { label: '0 %', color: '#eeeeee' },
  ...Array.from({ length: 10 }, (_, i) => ({
    label: i === 9 ? '90 à 100 % et plus' : `${i * 10} à ${i * 10 + 10} %`,
    color: `hsl(210, 70%, ${88 - i * 6.5}%)`,
  })),
];

/** The band of a percentage in basis points (null: no data, shown as 0 %). */
export function mapBand(bp: number | null): number {
  if (bp === null || bp === 0) return 1;
  if (bp < 0) return 0;
  return 2 + Math.min(9, Math.floor((bp - 1) / 1000));
}

const int = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dec = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** A cell in French, for the screen (euros with the sign) or the CSV (`csv`: amounts without it). */
export function formatStat(kind: StatKind, v: Cell, csv = false): string {
  if (v === null || v === '') return '';
  if (typeof v === 'string') return kind === 'date' ? formatDateFr(v) : v;
  switch (kind) {
    case 'money':
      return formatCents(v, !csv);
    case 'rate':
      return `${formatRate(v)} %`;
    case 'decimal':
      return dec.format(v);
    case 'int':
      return int.format(v);
    default:
      return String(v);
  }
}

/** The same date `years` earlier (29 February becomes the 28th). */
export function shiftYears(iso: string, years: number): string {
  const y = Number(iso.slice(0, 4)) - years;
  const md = iso.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${y}-${md === '02-29' && !leap ? '02-28' : md}`;
}

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });
/** « juillet » for month 7. */
export const monthLabel = (month: number): string => monthName.format(new Date(Date.UTC(2000, month - 1, 1)));
