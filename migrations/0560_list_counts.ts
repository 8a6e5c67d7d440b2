// Hand-written (issue 31): the totals of the stay list and of the bill list without a
// period, read from small tables of counts instead of counting every row of history.
//
// booking_count holds, per (status, kind, partner or not, cancellation), a number of
// bookings; bill_total, per (kind, deposit, payer), a number of bills and their sums.
// Statement triggers write DELTAS (one row per key a statement changed, +n or -n): an
// insert takes no lock another writer waits on, so concurrent writers never queue or
// deadlock on a shared counter row, and a reader sums the rows its snapshot sees: the
// totals are exact and as fresh as the rows themselves (same MVCC snapshot rules).
// The deltas are folded back into one row per key by a job (compactListCounts), one
// statement, so a reader sees the table before or after the fold, never half of it.
//
// Each table references its source table (column `ref`, always NULL): emptying the
// source must empty the counts too, and the foreign key makes TRUNCATE say so (the demo
// reset follows foreign keys and empties both).
import type { Knex } from 'knex';

const BOOKING_KEY = 'status_id, kind, partner_id, cancellation';
// partner_id is 1 for stays with a partner, else NULL: the list's `partner_id IS NOT NULL` reads the same.
const bookingRow = (t: string, sign: string) =>
  `${t}.status_id, ${t}.kind, CASE WHEN ${t}.partner_id IS NULL THEN NULL ELSE 1 END, ${t}.cancellation, ${sign}1`;
const BILL_KEY = 'kind, is_deposit, payer_type';
const BILL_SUMS = ['total_excl_vat', 'total_vat', 'total_incl_vat', 'tourist_tax_amount'];
const billRow = (t: string, sign: string) =>
  `${t}.kind, ${t}.is_deposit, ${t}.payer_type, ${sign}1, ${BILL_SUMS.map((c) => `${sign}${t}.${c}`).join(', ')}`;

/**
 * The trigger function writing the deltas of `table` from the transition tables: per key,
 * +n for new rows and -n for old rows; an update that keeps every key writes nothing.
 * plpgsql plans a statement when it runs it: each branch names only the transition
 * tables its event has.
 */
function deltaFunction(name: string, table: string, key: string, values: string[], row: typeof billRow): string {
  const cols = [...key.split(', '), ...values].join(', ');
  const select = (from: string) =>
    `INSERT INTO ${table} (${cols}) SELECT ${key}, ${values.map((v) => `sum(${v})`).join(', ')} FROM (${from}) x (${cols})
      GROUP BY ${key}`;
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${select(`SELECT ${row('w', '')} FROM new_rows w`)};
      ELSIF TG_OP = 'DELETE' THEN ${select(`SELECT ${row('o', '-')} FROM old_rows o`)};
      ELSE ${select(`SELECT ${row('o', '-')} FROM old_rows o UNION ALL SELECT ${row('w', '')} FROM new_rows w`)}
        HAVING ${values.map((v) => `sum(${v}) <> 0`).join(' OR ')};
      END IF;
      RETURN NULL;
    END $$`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE booking_count (
    status_id integer NOT NULL, kind varchar(7) NOT NULL, partner_id integer, cancellation varchar(10) NOT NULL,
    n bigint NOT NULL, ref integer REFERENCES booking(id))`);
  await knex.raw(`CREATE TABLE bill_total (
    kind varchar(11) NOT NULL, is_deposit boolean NOT NULL, payer_type varchar(8) NOT NULL, n bigint NOT NULL,
    ${BILL_SUMS.map((c) => `${c} bigint NOT NULL`).join(', ')}, ref integer REFERENCES bill(id))`);
  await knex.raw(deltaFunction('bv_booking_count_tg', 'booking_count', BOOKING_KEY, ['n'], bookingRow));
  await knex.raw(deltaFunction('bv_bill_total_tg', 'bill_total', BILL_KEY, ['n', ...BILL_SUMS], billRow));
  // A transition table belongs to one event: three statement triggers per table.
  for (const [table, fn] of [
    ['booking', 'bv_booking_count_tg'],
    ['bill', 'bv_bill_total_tg'],
  ]) {
    await knex.raw(`CREATE TRIGGER tg_${table}__list_count_upd AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    await knex.raw(`CREATE TRIGGER tg_${table}__list_count_ins AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    await knex.raw(`CREATE TRIGGER tg_${table}__list_count_del AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
  }
  await knex.raw(`INSERT INTO booking_count (${BOOKING_KEY}, n)
    SELECT ${BOOKING_KEY}, sum(n) FROM (SELECT ${bookingRow('b', '')} FROM booking b) x (${BOOKING_KEY}, n)
    GROUP BY ${BOOKING_KEY}`);
  await knex.raw(`INSERT INTO bill_total (${BILL_KEY}, n, ${BILL_SUMS.join(', ')})
    SELECT ${BILL_KEY}, count(*), ${BILL_SUMS.map((c) => `sum(${c})`).join(', ')} FROM bill GROUP BY ${BILL_KEY}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['booking', 'bill'])
    for (const op of ['upd', 'ins', 'del']) await knex.raw(`DROP TRIGGER IF EXISTS tg_${table}__list_count_${op} ON ${table}`);
  await knex.raw('DROP FUNCTION IF EXISTS bv_booking_count_tg()');
  await knex.raw('DROP FUNCTION IF EXISTS bv_bill_total_tg()');
  await knex.raw('DROP TABLE IF EXISTS booking_count');
  await knex.raw('DROP TABLE IF EXISTS bill_total');
}
