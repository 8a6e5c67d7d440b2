// The statements as CSV for a spreadsheet or the commune's and the tax office's forms:
// French conventions as the generic export (api/rest/csv.ts) — UTF-8 with BOM,
// semicolons, CRLF, DD/MM/YYYY dates, amounts with a decimal comma.
import type Koa from 'koa';
import { formatCents, formatRate } from '../../../common/money';
import { formatDateFr } from '../../../common/dates';
import { csvCell } from '../../../common/csv-cell';

export type Cell = string | number | null | undefined;
export const money = (c: number) => formatCents(c, false);
export const rate = (bp: number | null) => (bp == null ? 'Hors TVA' : `${formatRate(bp)} %`);
export const date = (d: string) => formatDateFr(d);

/** Neutralised against spreadsheet formulas (common/csv-cell.ts), quoted when needed. */
const cell = (v: Cell) => csvCell(v);

/** The file's text: BOM, semicolons, CRLF. */
export const csvText = (header: string[], rows: Cell[][]) =>
  `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;

export function sendCsv(ctx: Koa.Context, fileName: string, header: string[], rows: Cell[][]): undefined {
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.body = csvText(header, rows);
  return undefined;
}
