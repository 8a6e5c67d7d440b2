// The files sent to the insurer and to the CAF (README.md « Files »): UTF-8 with a BOM,
// `;` separators, CR/LF, a header line, dates YYYY-MM-DD, amounts in euros with a decimal
// comma and no thousands separator (1234,56) so that a program reads them back exactly;
// cells neutralised against spreadsheet formulas (common/csv-cell.ts).
import { csvCell } from '../../../common/csv-cell';

/** 123456 → "1234,56"; -5 → "-0,05". */
export const csvAmount = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export function csvText(header: string[], rows: (string | number | null)[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map((v) => csvCell(v)).join(';')).join('\r\n')}\r\n`;
}
