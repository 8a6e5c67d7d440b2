// Hand-written (issue 31): the closed-period rule of migration 0220 on an INSERT, at the
// cost of one lookup. An insert is the money paths' common case (a till sale writes a
// ticket, its lines and its payments; a bill its lines), and each row paid about 0,1 ms
// to ask whether its date is closed, plus the row turned into JSON to find that date.
// - A dated row (sale, bill, payment, bank deposit) reads its own `date`.
// - A line or payment of a ticket, or a line of a bill, is dated by its parent. When this
//   transaction wrote the parent itself (its xmin), the parent's own trigger has just
//   checked that date, and ticket and bill are append-only (never updated): nothing to ask
//   again. A row added to a ticket or bill of another transaction is checked as before.
// Updates and deletes keep migration 0570's function (payments' lock flags), and its
// refusal: « Mois déjà clôturé », or « Exercice absent ou clos » in a closed year.
import type { Knex } from 'knex';

const OWN: string[] = ['payment', 'bank_deposit', 'bill', 'sale'];
/** Child table → its foreign key and its parent (append-only: tg_<parent>__no_change). */
const CHILD: [string, string, string][] = [
  ['bill_line', 'bill_id', 'bill'],
  ['sale_line', 'sale_id', 'sale'],
  ['sale_payment', 'sale_id', 'sale'],
];
const GENERIC = (table: string, args: string, on: string) =>
  `CREATE TRIGGER "tg_${table}__closed_period" BEFORE ${on} ON "${table}" ` +
  `FOR EACH ROW EXECUTE FUNCTION bv_closed_period_frozen(${args})`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE FUNCTION bv_dated_insert_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF bv_date_closed(NEW.date) THEN
    RAISE EXCEPTION '%', bv_closed_refusal(NULL, NEW.date) USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  for (const parent of ['sale', 'bill'])
    await knex.raw(`CREATE FUNCTION bv_${parent}_child_insert_closed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
  mine boolean;
BEGIN
  SELECT p.date, p.xmin = pg_current_xact_id()::xid INTO d, mine FROM ${parent} p WHERE p.id = NEW.${parent}_id;
  IF mine OR NOT bv_date_closed(d) THEN RETURN NEW; END IF;
  RAISE EXCEPTION '%', bv_closed_refusal(NULL, d) USING ERRCODE = 'P0001';
END
$$`);
  for (const table of OWN) {
    await knex.raw(`DROP TRIGGER "tg_${table}__closed_period" ON "${table}"`);
    await knex.raw(GENERIC(table, `'date'`, 'UPDATE OR DELETE'));
    await knex.raw(
      `CREATE TRIGGER "tg_${table}__closed_period_insert" BEFORE INSERT ON "${table}" ` +
        'FOR EACH ROW EXECUTE FUNCTION bv_dated_insert_closed()',
    );
  }
  for (const [table, column, parent] of CHILD) {
    await knex.raw(`DROP TRIGGER "tg_${table}__closed_period" ON "${table}"`);
    await knex.raw(GENERIC(table, `'${column}', '${parent}'`, 'UPDATE OR DELETE'));
    await knex.raw(
      `CREATE TRIGGER "tg_${table}__closed_period_insert" BEFORE INSERT ON "${table}" ` +
        `FOR EACH ROW EXECUTE FUNCTION bv_${parent}_child_insert_closed()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of OWN) {
    await knex.raw(`DROP TRIGGER "tg_${table}__closed_period_insert" ON "${table}"`);
    await knex.raw(`DROP TRIGGER "tg_${table}__closed_period" ON "${table}"`);
    await knex.raw(GENERIC(table, `'date'`, 'INSERT OR UPDATE OR DELETE'));
  }
  for (const [table, column, parent] of CHILD) {
    await knex.raw(`DROP TRIGGER "tg_${table}__closed_period_insert" ON "${table}"`);
    await knex.raw(`DROP TRIGGER "tg_${table}__closed_period" ON "${table}"`);
    await knex.raw(GENERIC(table, `'${column}', '${parent}'`, 'INSERT OR UPDATE OR DELETE'));
  }
  await knex.raw('DROP FUNCTION bv_dated_insert_closed()');
  await knex.raw('DROP FUNCTION bv_sale_child_insert_closed()');
  await knex.raw('DROP FUNCTION bv_bill_child_insert_closed()');
}
