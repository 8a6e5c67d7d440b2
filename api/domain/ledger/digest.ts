// What a bill's or a till ticket's entry signs of its lines: the SHA-256 of the canonical
// JSON of every line's fixed fields, in order. Computed the same way when the entry is
// written (in the transaction that inserted the lines) and when the verifier compares
// the rows with their entry (verify-records.ts): a label, quantity or price changed
// around the application changes the digest.
import { createHash } from 'node:crypto';
import { canonicalJson, type Canonical } from './canonical';

/** A line row (camel-cased): its fields are read by name. */
type Row = object;
const field = (row: Row, f: string): unknown => (row as Record<string, unknown>)[f];

const BILL_LINE_FIELDS = [
  'position',
  'lineType',
  'label',
  'quantity',
  'unitPriceExclVat',
  'unitPriceInclVat',
  'vatRateBp',
  'amountExclVat',
  'vatAmount',
  'amountInclVat',
  'startDate',
  'endDate',
  'creditedLineId',
  'depositBillId',
] as const;

const SALE_LINE_FIELDS = [
  'position',
  'articleId',
  'code',
  'label',
  'quantity',
  'unitPrice',
  'lineDiscount',
  'ticketDiscountShare',
  'vatRateBp',
  'amountInclVat',
  'amountExclVat',
  'vatAmount',
  'giftVoucherId',
  'returnOfLineId',
] as const;

function pick(row: Row, fields: readonly string[]): Canonical {
  const out: Record<string, Canonical> = {};
  for (const f of fields) {
    const v = field(row, f);
    out[f] = v === undefined || v === null ? null : typeof v === 'number' ? v : String(v);
  }
  return out;
}

const byPosition = (a: Row, b: Row) =>
  Number(field(a, 'position')) - Number(field(b, 'position')) || Number(field(a, 'id')) - Number(field(b, 'id'));

function digest(rows: Row[], fields: readonly string[]): string {
  const lines = [...rows].sort(byPosition).map((r) => pick(r, fields));
  return createHash('sha256').update(canonicalJson(lines)).digest('hex');
}

/** Digest of a bill's lines (rows of bill_line, camel-cased). */
export const billLinesDigest = (rows: Row[]) => digest(rows, BILL_LINE_FIELDS);
/** Digest of a till ticket's lines (rows of sale_line, camel-cased). */
export const saleLinesDigest = (rows: Row[]) => digest(rows, SALE_LINE_FIELDS);
