// CSV for F8 (§9 (docs/constants.md); the file named after its list and day): semicolon-separated, French headers,
// UTF-8 with BOM so that spreadsheet software opens accents correctly.
import { csvCell } from '../../../common/csv-cell';
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  // neutralised against spreadsheet formulas (OWASP CSV injection), quoted when needed
  const cell = (v: unknown) => csvCell(v);
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
}

export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
