// Ten times the demo's stays, in SQL: the demo's customers, bookings and
// occupancies (with their persons and vehicles) copied into earlier years, each
// copy two years further back (the demo spans less than two years, so copies never
// overlap on a place). Copied customers get other names (letters rotated) and
// copied bookings other codes, so a search for a demo name or code finds what it
// found before: the data grows as the years pile up, the answer stays the same.
import type { Knex } from 'knex';

const ABC = 'abcdefghijklmnopqrstuvwxyz';
const rot = (k: number) => ABC.slice(k) + ABC.slice(0, k);

async function columns(knex: Knex, table: string): Promise<string[]> {
  const r: any = await knex.raw(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ` +
      `AND is_generated = 'NEVER' AND column_name <> 'id' ORDER BY ordinal_position`,
    [table],
  );
  return (r.rows ?? r).map((x: any) => String(x.columnName ?? x.column_name));
}

/** Copies the original rows `times - 1` times; returns the number of bookings afterwards. */
export async function multiplyStays(knex: Knex, times = 10): Promise<number> {
  const [cust, book, occ, det, veh, bill] = await Promise.all(
    ['customer', 'booking', 'occupancy', 'occupancy_detail', 'occupancy_vehicle', 'bill'].map((t) => columns(knex, t)),
  );
  const list = (cols: string[], alias: string, over: Record<string, string>) =>
    cols.map((c) => over[c] ?? `${alias}.${c}`).join(', ');
  const [{ maxC }] = (await knex.raw('SELECT max(id) AS "maxC" FROM customer')).rows;
  const [{ maxB }] = (await knex.raw('SELECT max(id) AS "maxB" FROM booking')).rows;
  const [{ maxO }] = (await knex.raw('SELECT max(id) AS "maxO" FROM occupancy')).rows;
  await knex.transaction(async (trx) => {
    for (let k = 1; k < times; k++) {
      const years = `interval '${2 * k} years'`;
      const shift = (c: string) => `(x.${c} - ${years})::date`;
      await trx.raw(
        'CREATE TEMP TABLE IF NOT EXISTS map_c (old int PRIMARY KEY, new int) ON COMMIT DROP; CREATE TEMP TABLE ' +
          'IF NOT EXISTS map_b (old int PRIMARY KEY, new int) ON COMMIT DROP; CREATE TEMP TABLE IF NOT EXISTS ' +
          'map_o (old int PRIMARY KEY, new int) ON COMMIT DROP; TRUNCATE map_c, map_b, map_o',
      );
      const r = rot(k + 3);
      const custOver: Record<string, string> = {
        last_name: `initcap(translate(lower(x.last_name), '${ABC}', '${r}'))`,
        first_name: `initcap(translate(lower(x.first_name), '${ABC}', '${r}'))`,
        // The whole address rotated too: a search for a demo name must not find it in a copy's e-mail.
        email: `CASE WHEN x.email IS NULL THEN NULL ELSE 'k${k}.' || translate(lower(x.email), '${ABC}', '${r}') END`,
        code: `CASE WHEN x.code IS NULL THEN NULL ELSE left('K${k}' || x.code, 20) END`,
      };
      // INSERT … SELECT keeps no order: pair old and new ids through row_number over both.
      const copy = async (table: string, cols: string[], over: Record<string, string>, where: string, map: string) => {
        await trx.raw(`WITH src AS (SELECT x.* FROM ${table} x WHERE ${where} ORDER BY x.id),
          ins AS (INSERT INTO ${table} (${cols.join(', ')}) SELECT ${list(cols, 'x', over)} FROM src x
            ORDER BY x.id RETURNING id)
          INSERT INTO ${map} (old, new) SELECT s.id, i.id FROM (SELECT id, row_number() OVER (ORDER BY id) n FROM src) s
            JOIN (SELECT id, row_number() OVER (ORDER BY id) n FROM ins) i USING (n)`);
      };
      await copy('customer', cust, custOver, `x.id <= ${maxC}`, 'map_c');
      const dateCols = [
        'start_date',
        'end_date',
        'option_expiry_date',
        'early_departure_date',
        'down_payment_due_date',
        'balance_due_date',
      ];
      const bookOver: Record<string, string> = {
        code: `chr(ascii('A') + ${k}) || substr(x.code, 2)`,
        customer_id: `(SELECT m.new FROM map_c m WHERE m.old = x.customer_id)`,
        ...Object.fromEntries(dateCols.filter((c) => book.includes(c)).map((c) => [c, shift(c)])),
      };
      await copy('booking', book, bookOver, `x.id <= ${maxB}`, 'map_b');
      const occOver: Record<string, string> = {
        booking_id: `(SELECT m.new FROM map_b m WHERE m.old = x.booking_id)`,
        start_date: shift('start_date'),
        end_date: shift('end_date'),
      };
      await copy('occupancy', occ, occOver, `x.id <= ${maxO}`, 'map_o');
      await trx.raw(`INSERT INTO occupancy_detail (${det.join(', ')})
        SELECT ${list(det, 'x', { occupancy_id: 'm.new' })}
        FROM occupancy_detail x JOIN map_o m ON m.old = x.occupancy_id`);
      const plate =
        `CASE WHEN x.licence_plate IS NULL THEN NULL ` +
        `ELSE translate(x.licence_plate, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '${r.toUpperCase()}') END`;
      await trx.raw(`INSERT INTO occupancy_vehicle (${veh.join(', ')})
        SELECT ${list(veh, 'x', { occupancy_id: 'm.new', licence_plate: plate })}
        FROM occupancy_vehicle x JOIN map_o m ON m.old = x.occupancy_id`);
      // Bills (their lines are not copied): as older bills would be, copies come before the
      // originals in id order, so the list's newest page is the same; other numbers. The
      // triggers (append-only guard, ledger) are off for this statement; bill_total is
      // summed again below.
      await trx.raw('SET LOCAL session_replication_role = replica');
      const billOver: Record<string, string> = {
        number: `'K${k}-' || x.number`,
        sequence: `x.sequence + ${k * 10_000_000}`,
        booking_id: `(SELECT m.new FROM map_b m WHERE m.old = x.booking_id)`,
        customer_id: `(SELECT m.new FROM map_c m WHERE m.old = x.customer_id)`,
        credited_bill_id: `x.credited_bill_id - ${k * 10_000_000}`,
        date: shift('date'),
        ...(bill.includes('due_date') ? { due_date: shift('due_date') } : {}),
      };
      await trx.raw(`INSERT INTO bill (id, ${bill.join(', ')}) OVERRIDING SYSTEM VALUE
        SELECT x.id - ${k * 10_000_000}, ${list(bill, 'x', billOver)} FROM bill x WHERE x.id > 0`);
      await trx.raw('SET LOCAL session_replication_role = origin');
    }
    // bill_total (migration 0560) summed again; absent on a schema from before it (a run of the former code).
    if ((await trx.raw(`SELECT to_regclass('bill_total') AS t`)).rows[0].t)
      await trx.raw(`DELETE FROM bill_total; INSERT INTO bill_total (kind, is_deposit, payer_type, n,
        total_excl_vat, total_vat, total_incl_vat, tourist_tax_amount) SELECT kind, is_deposit, payer_type,
        count(*), sum(total_excl_vat), sum(total_vat), sum(total_incl_vat), sum(tourist_tax_amount)
        FROM bill GROUP BY 1, 2, 3`);
  });
  // As autovacuum would: the trigram indexes' pending lists merged, the statistics fresh.
  await knex.raw('VACUUM ANALYZE');
  return Number((await knex('booking').count({ n: '*' }))[0].n);
}
