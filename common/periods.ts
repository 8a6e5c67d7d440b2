// Financial years and activity periods (§5, docs/entities.md#validation): inclusive [start, end] ranges of whole
// months — they start on the 1st and end on a month's last day.
import { addDays } from './dates';

export const isFirstOfMonth = (iso: string) => iso.slice(8, 10) === '01';
export const isLastOfMonth = (iso: string) => addDays(iso, 1).slice(8, 10) === '01';

/** Whole months covered by [start, end] (end inclusive), or null when not whole months. */
export function wholeMonths(start: string, end: string): number | null {
  if (!isFirstOfMonth(start) || !isLastOfMonth(end) || end < start) return null;
  const next = addDays(end, 1);
  return (
    (Number(next.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(next.slice(5, 7)) - Number(start.slice(5, 7))
  );
}

/** The civil year as a period: 2026 → 2026-01-01 … 2026-12-31. */
export const civilYear = (year: number) => ({ startDate: `${year}-01-01`, endDate: `${year}-12-31` });
