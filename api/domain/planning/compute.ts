// Pure computations of the planning module (unit-tested in tests/unit/planning-api):
// free places per day, the header's price periods, period colours.
import { toDayNumber, fromDayNumber } from '../../../common/dates';

/** Nights held: [startDate, endDate), by `count` places (default 1). */
export interface Reservation {
  startDate: string;
  endDate: string;
  count?: number;
}

/**
 * Free places per day of [from, to): `total` minus the reservations covering that
 * night. Reservations of one place never overlap (exclusion constraint), so the
 * count of covering reservations is the count of held places. A difference array:
 * O(days + reservations).
 */
export function freeCounts(
  from: string,
  to: string,
  total: number,
  reservations: readonly Reservation[],
): Record<string, number> {
  const start = toDayNumber(from);
  const days = toDayNumber(to) - start;
  const diff = new Int32Array(Math.max(0, days) + 1);
  for (const r of reservations) {
    const s = Math.max(0, toDayNumber(r.startDate) - start);
    const e = Math.min(days, toDayNumber(r.endDate) - start);
    if (e <= s) continue;
    diff[s] += r.count ?? 1;
    diff[e] -= r.count ?? 1;
  }
  const out: Record<string, number> = {};
  let held = 0;
  for (let i = 0; i < days; i++) {
    held += diff[i];
    out[fromDayNumber(start + i)] = Math.max(0, total - held);
  }
  return out;
}

export interface GridPeriod {
  id: number;
  label: string;
  startDate: string;
  endDate: string;
  priceGridId: number;
}
export interface BoardPeriod {
  id: number;
  label: string;
  startDate: string;
  endDate: string;
  color: string;
  grids: number;
}

const SEASON_COLORS: [RegExp, string][] = [
  [/tr[eè]s\s+haute|pointe|peak/i, '#fca5a5'],
  [/haute|high|juillet|ao[uû]t/i, '#fdba74'],
  [/moyenne|interm|mid|mi-saison|shoulder/i, '#fde68a'],
  [/basse|low|hors/i, '#bbf7d0'],
];
const OTHER_COLORS = ['#bfdbfe', '#ddd6fe', '#fbcfe8', '#a5f3fc', '#d9f99d'];

/** A stable pastel colour for a period label (seasons by name, others by hash). */
export function periodColor(label: string): string {
  for (const [re, color] of SEASON_COLORS) if (re.test(label)) return color;
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return OTHER_COLORS[h % OTHER_COLORS.length];
}

/**
 * One band of periods for the header from the periods of every active grid: the same
 * period (label and dates) shared by several grids is one band; where periods of
 * different grids overlap, the one shared by the most grids wins (then the earlier,
 * then the lower id) and the overlapping others are left out.
 */
export function mergePricePeriods(rows: readonly GridPeriod[]): BoardPeriod[] {
  const byKey = new Map<string, BoardPeriod & { gridSet: Set<number> }>();
  for (const r of rows) {
    const key = `${r.label}|${r.startDate}|${r.endDate}`;
    const cur = byKey.get(key);
    if (cur) {
      cur.gridSet.add(r.priceGridId);
      cur.id = Math.min(cur.id, r.id);
      continue;
    }
    byKey.set(key, {
      id: r.id,
      label: r.label,
      startDate: r.startDate,
      endDate: r.endDate,
      color: periodColor(r.label),
      grids: 0,
      gridSet: new Set([r.priceGridId]),
    });
  }
  const candidates = [...byKey.values()]
    .map((p) => ({ ...p, grids: p.gridSet.size }))
    .sort((a, b) => b.grids - a.grids || a.startDate.localeCompare(b.startDate) || a.id - b.id);
  const kept: BoardPeriod[] = [];
  for (const c of candidates) {
    if (kept.some((k) => k.startDate < c.endDate && c.startDate < k.endDate)) continue;
    kept.push({ id: c.id, label: c.label, startDate: c.startDate, endDate: c.endDate, color: c.color, grids: c.grids });
  }
  return kept.sort((a, b) => a.startDate.localeCompare(b.startDate));
}
