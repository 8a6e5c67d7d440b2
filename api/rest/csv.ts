// CSV export (export.csv): French spreadsheet conventions — UTF-8 with BOM,
// semicolon separator, CRLF, DD/MM/YYYY dates, decimal comma, enum labels.
import type { EntityMeta, FieldMeta } from '../../common/entity-meta';
import { formatCents, formatRate } from '../../common/money';
import { formatDateFr } from '../../common/dates';
import { csvCell } from '../../common/csv-cell';

const cell = (v: unknown) => csvCell(v);

export function display(f: FieldMeta, v: unknown): unknown {
  if (v === null || v === undefined) return '';
  switch (f.kind) {
    case 'money':
      return formatCents(v as number, false);
    case 'rate':
      return formatRate(v as number);
    case 'date':
      return formatDateFr(v as string);
    case 'boolean':
      return v ? 'Oui' : 'Non';
    case 'enum':
      return f.enumLabels?.[String(v)] ?? v;
    case 'json':
      return JSON.stringify(v);
    case 'number':
      return String(v).replace('.', ',');
    default:
      return v;
  }
}

export function exportFields(meta: EntityMeta): FieldMeta[] {
  return meta.fields.filter(
    (f) => f.kind !== 'password' && f.name !== 'createdAt' && f.name !== 'updatedAt' && f.name !== 'version',
  );
}

/** rows carry `<field>__label` for references (the referenced row's representation). */
export function toCsv(meta: EntityMeta, rows: Record<string, unknown>[]): string {
  const fields = exportFields(meta);
  const header = fields.map((f) => cell(f.label));
  const lines = [header.join(';')];
  for (const r of rows) {
    lines.push(
      fields.map((f) => cell(f.kind === 'ref' ? (r[`${f.name}Label`] ?? r[f.name]) : display(f, r[f.name]))).join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
