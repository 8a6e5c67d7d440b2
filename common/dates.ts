// Dates are 'YYYY-MM-DD' strings; "today" is Europe/Paris; shown as DD/MM/YYYY.

export function formatDateFr(iso: string | null | undefined): string {
  if (!iso || iso.length < 10) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  if (!y || !m || !d || y === '1900') return '';
  return `${d}/${m}/${y}`;
}

export function todayParis(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const DAY = 86_400_000;
export const toDayNumber = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY;
export const fromDayNumber = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) => fromDayNumber(toDayNumber(iso) + days);
export const nightsBetween = (start: string, end: string) => toDayNumber(end) - toDayNumber(start);
