// One CSV cell, safe to open in a spreadsheet (OWASP « CSV injection »): a value a
// spreadsheet would read as a formula — beginning with = + - @, a tab or a carriage
// return, e.g. a customer named `=HYPERLINK(…)` or `+cmd|' /C calc'!A0` — gets a
// leading apostrophe, so it is shown as the text it is. Plain numbers (-12,50, +33 6 12
// 34 56 78, 10 %) are left as they are: they compute nothing. Used by every CSV the
// server and the screens write; not by the FEC (see api/domain/accounting/README.md).

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d[\d\u00a0\u202f ]*([.,]\d+)?\s?(%|€)?$/;

/** The text of a cell, neutralised when a spreadsheet would take it for a formula. */
export function neutraliseFormula(s: string): string {
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

/** A `;`-separated CSV cell: neutralised, then quoted when it holds the separator, a quote or a line break. */
export function csvCell(v: unknown, separator = ';'): string {
  if (v === null || v === undefined) return '';
  const s = neutraliseFormula(String(v));
  return s.includes(separator) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
