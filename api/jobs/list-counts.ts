// Folds the deltas of the list counts (migration 0560: booking_count, bill_total) into
// one row per key. One statement per table: it deletes the rows its snapshot sees and
// inserts their sums, so a reader sees the table wholly before or wholly after the fold
// and the sums never change; deltas written meanwhile by other transactions are not in
// its snapshot and stay as they are. Two folds at once: the second waits on the rows the
// first deletes, then skips them (gone) — the sums still hold.
import type { Knex } from 'knex';

const TABLES: [table: string, key: string, values: string[]][] = [
  ['booking_count', 'status_id, kind, partner_id, cancellation', ['n']],
  [
    'bill_total',
    'kind, is_deposit, payer_type',
    ['n', 'total_excl_vat', 'total_vat', 'total_incl_vat', 'tourist_tax_amount'],
  ],
];

/** Returns the number of rows left, per table. */
export async function compactListCounts(knex: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, key, values] of TABLES) {
    const sums = values.map((v) => `sum(${v})`).join(', ');
    // Keys whose sums are all zero go: a status no booking has any more costs nothing.
    const { rows } = await knex.raw(`WITH gone AS (DELETE FROM ${table} RETURNING ${key}, ${values.join(', ')}),
      kept AS (INSERT INTO ${table} (${key}, ${values.join(', ')})
        SELECT ${key}, ${sums} FROM gone GROUP BY ${key} HAVING ${values.map((v) => `sum(${v}) <> 0`).join(' OR ')}
        RETURNING 1)
      SELECT count(*)::int AS n FROM kept`);
    out[table] = rows[0].n;
  }
  return out;
}
