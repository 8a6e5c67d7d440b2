// What a user types in a date field, read the French way: « 24/11/2026 », « 24.11.2026 »,
// « 24112026 », « 1/7/2027 », or the ISO form a paste or a test may give
// (« 2026-11-24 »). Answers the 'YYYY-MM-DD' the API takes, null for an empty field,
// or 'invalid' — never a date that does not exist (31/02) or outside 1900–2199.

export type ParsedDate = string | null | 'invalid';

export const DATE_INVALID_FR = 'Date invalide : JJ/MM/AAAA attendu';

export function parseDateInputFr(text: string | null | undefined): ParsedDate {
  const t = (text ?? '').trim();
  if (!t) return null;
  let m = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  let d: number, mo: number, y: number;
  if (m) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return 'invalid';
  if (y < 1900 || y > 2199 || mo < 1 || mo > 12 || d < 1) return 'invalid';
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return 'invalid';
  return date.toISOString().slice(0, 10);
}
