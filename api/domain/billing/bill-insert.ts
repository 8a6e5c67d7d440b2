// A bill's number, row and lines written in one statement (issue 31 (docs/history.md#issue-31)):
// the series' counter row is locked from its UPDATE to the commit, so every round trip
// under it delays every other issue of the series. The counter's UPDATE, the bill's
// INSERT reading the number it took, and the lines' INSERT reading the bill's id are
// three CTEs of one query; each insert's triggers see the rows it reads (the bill's
// BEFORE INSERT triggers on bill_line find the bill written by this transaction).
// The rows come as one JSON parameter each (jsonb_populate_record[set] types them by the
// table's columns), so the text depends only on which columns are given: prepared once
// per shape per connection, like the till's (../../db/prepared.ts).
import type { Knex } from 'knex';
import { preparedByShape } from '../../db/prepared';
import { camelRow, camelRows } from '../../db/queries';
import { meta as billMeta } from '../../../common/generated/meta/bill';
import { meta as lineMeta } from '../../../common/generated/meta/bill-line';
import type { BillLineRecord, BillRecord } from '../../../common/generated/types';
import type { EntityMeta } from '../../../common/entity-meta';
import type { Series } from './numbering';

/** The row's given columns (undefined ones left to their default, as knex does) as a JSON object by column name. */
function toJsonOf(meta: EntityMeta) {
  const column = new Map(meta.fields.map((f) => [f.name, f.column]));
  return (row: object) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (v === undefined) continue;
      const c = column.get(k);
      if (!c) throw new Error(`${meta.table}: unknown column ${k}`);
      out[c] = v;
    }
    return out;
  };
}

const billJson = toJsonOf(billMeta);
const lineJson = toJsonOf(lineMeta);
const list = (cols: string[], prefix = '') => cols.map((c) => `${prefix}"${c}"`).join(', ');

/** A bill's number: the series' prefix, then its sequence zero-padded to max(4, digits) digits (FA0042, FA12345). */
const NUMBER_SQL = `prefix || CASE WHEN length(last_number::text) >= greatest(4, digits) THEN last_number::text
  ELSE lpad(last_number::text, greatest(4, digits), '0') END`;

/**
 * Takes the series' next number for `date` and inserts the bill and its lines with it, in one statement; null when
 * the series has no counter yet or its last bill is dated after `date` (nothing written: the caller takes the path
 * that creates the series or refuses). The lines' missing columns are NULL: bill_line has no column default.
 */
export async function insertNumberedBill(
  trx: Knex.Transaction,
  series: Series,
  date: string,
  bill: object,
  lines: object[],
): Promise<{ bill: BillRecord; lines: BillLineRecord[] } | null> {
  const row = billJson(bill);
  const lineRows = lines.map(lineJson);
  const billCols = Object.keys(row);
  const lineCols = [...new Set(lineRows.flatMap((l) => Object.keys(l)))];
  const linesCte = lineCols.length
    ? `, l AS (INSERT INTO bill_line (${list(lineCols)}, "bill_id")
         SELECT ${list(lineCols, 'r.')}, b.id FROM b, jsonb_populate_recordset(null::bill_line, ?::jsonb) r
         RETURNING *)`
    : '';
  const sql = `WITH n AS (
      UPDATE bill_counter SET last_number = last_number + 1, last_date = ?::date
       WHERE series = ? AND (last_date IS NULL OR last_date <= ?::date)
       RETURNING prefix, last_number, ${NUMBER_SQL} AS number),
    b AS (INSERT INTO bill (${list(billCols)}, "prefix", "sequence", "number")
      SELECT ${list(billCols, 'r.')}, n.prefix, n.last_number, n.number
        FROM n, jsonb_populate_record(null::bill, ?::jsonb) r
      RETURNING *)${linesCte}
    SELECT (SELECT row_to_json(b) FROM b) AS bill,
      ${lineCols.length ? `(SELECT coalesce(json_agg(l ORDER BY l.position), '[]') FROM l)` : `'[]'::json`} AS lines`;
  const bindings: Knex.RawBinding[] = [date, series, date, JSON.stringify(row)];
  if (lineCols.length) bindings.push(JSON.stringify(lineRows));
  const { rows } = await preparedByShape(trx.raw(sql, bindings), 'bill');
  if (!rows[0].bill) return null;
  // As row_to_json writes them: snake_case keys (camelCased here), timestamps with their offset (nothing reads them).
  return { bill: camelRow<BillRecord>(rows[0].bill)!, lines: camelRows<BillLineRecord>(rows[0].lines) };
}
