// Months as their first day (YYYY-MM-01): the unit of the regeneration and of the summaries.
export const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
export function nextMonth(m: string): string {
  const y = Number(m.slice(0, 4)),
    mo = Number(m.slice(5, 7));
  return mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
}
export function monthsBetween(first: string, last: string): number {
  return (
    (Number(last.slice(0, 4)) - Number(first.slice(0, 4))) * 12 +
    Number(last.slice(5, 7)) -
    Number(first.slice(5, 7)) +
    1
  );
}
