// Extras planning: how busy a row is, and its use per day when too busy for a bar
// per stay. Pure (unit-tested in tests/unit/planning-screens).
import { fromDayNumber, toDayNumber } from '../../../common/dates';

/** Most bars of a row on one night. */
export function maxOverlap(list: readonly { startDate: string; endDate: string }[]): number {
  const ev: [number, number][] = [];
  for (const b of list) ev.push([toDayNumber(b.startDate), 1], [toDayNumber(b.endDate), -1]);
  ev.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let cur = 0;
  let max = 0;
  for (const [, d] of ev) {
    cur += d;
    max = Math.max(max, cur);
  }
  return max;
}

export interface UseRun {
  id: string;
  rowId: string;
  startDate: string;
  endDate: string;
  statusId: 'use-ok' | 'use-high' | 'use-over';
  label: string;
  quantity: number;
}

/**
 * One run per span of days with the same quantity used; its level against the stock (over, 80 % and more, else fine).
 */
export function usageRunsPerDay(
  rowId: string,
  stock: number | null,
  list: readonly { startDate: string; endDate: string; data: { quantity: number } }[],
): UseRun[] {
  const perDay = new Map<number, number>();
  for (const b of list)
    for (let d = toDayNumber(b.startDate); d < toDayNumber(b.endDate); d++)
      perDay.set(d, (perDay.get(d) ?? 0) + b.data.quantity);
  const days = [...perDay.keys()].sort((a, b) => a - b);
  const out: UseRun[] = [];
  let i = 0;
  while (i < days.length) {
    let j = i;
    const q = perDay.get(days[i])!;
    while (j + 1 < days.length && days[j + 1] === days[j] + 1 && perDay.get(days[j + 1]) === q) j++;
    const level = stock == null ? 'use-ok' : q > stock ? 'use-over' : q >= stock * 0.8 ? 'use-high' : 'use-ok';
    out.push({
      id: `agg-${rowId}-${days[i]}`,
      rowId,
      startDate: fromDayNumber(days[i]),
      endDate: fromDayNumber(days[j] + 1),
      statusId: level,
      label: `${q} utilisé${q > 1 ? 's' : ''}${stock != null ? ` / ${stock}` : ''}`,
      quantity: q,
    });
    i = j + 1;
  }
  return out;
}
