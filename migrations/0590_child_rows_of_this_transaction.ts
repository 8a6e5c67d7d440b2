// Hand-written: a line or payment is only ever added to a ticket or bill that this very
// transaction wrote. Before, a bill took a new line from any session (only the verifier
// noticed, later), and a ticket's guard trusted a setting (`bivouac.sale_in_progress`)
// that any session can set itself. The closed-period insert triggers of migration 0580
// already read the parent's xmin; they now also decide whose the parent is:
// - written by this transaction (xmin = its xid): accepted, as before;
// - written by one of its subtransactions (a savepoint: knex's nested transactions): its
//   xid is still « in progress », which a visible row can only be when it is ours (other
//   sessions' uncommitted rows are invisible); accepted once its month is checked open;
// - anything else: refused, « Mois déjà clôturé » in a closed month as before, else
//   SALE_TICKET_LOCKED / BILL_LOCKED.
// No trigger is added: one sale inserts 3 lines and 2 payments, each pays one lookup.
import type { Knex } from 'knex';

const LOCKED: Record<string, string> = { sale: 'SALE_TICKET_LOCKED', bill: 'BILL_LOCKED' };

export async function up(knex: Knex): Promise<void> {
  // PostgreSQL 18 has no xid → xid8 conversion. A subtransaction's xid comes after its top
  // transaction's, within 2^31 (the distance wraparound allows): so the xmin is read as
  // top + its distance ahead, and what is not ahead is not a subtransaction of ours.
  await knex.raw(`CREATE FUNCTION bv_xid_of_my_subtransaction(x xid) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  top bigint := pg_current_xact_id()::text::bigint;
  ahead bigint := (x::text::bigint - (top & 4294967295) + 4294967296) % 4294967296;
BEGIN
  RETURN ahead BETWEEN 1 AND 2147483647 AND pg_xact_status((top + ahead)::text::xid8) = 'in progress';
END
$$`);
  for (const parent of ['sale', 'bill'])
    await knex.raw(`CREATE OR REPLACE FUNCTION bv_${parent}_child_insert_closed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
  x xid;
BEGIN
  SELECT p.date, p.xmin INTO d, x FROM ${parent} p WHERE p.id = NEW.${parent}_id;
  IF x = pg_current_xact_id()::xid THEN RETURN NEW; END IF;
  IF bv_date_closed(d) THEN
    RAISE EXCEPTION '%', bv_closed_refusal(NULL, d) USING ERRCODE = 'P0001';
  END IF;
  IF bv_xid_of_my_subtransaction(x) THEN RETURN NEW; END IF;
  RAISE EXCEPTION '${LOCKED[parent]}' USING ERRCODE = 'P0001';
END
$$`);
  // The forgeable guard of migration 0035 goes: the triggers above do its work.
  for (const t of ['sale_line', 'sale_payment']) await knex.raw(`DROP TRIGGER "tg_${t}__insert" ON "${t}"`);
  await knex.raw('DROP FUNCTION bv_sale_child_insert()');
  await knex.raw(`CREATE OR REPLACE FUNCTION bv_sale_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM cash_register_window w WHERE w.id = NEW.cash_register_window_id
                 AND w.cash_register_id = NEW.cash_register_id AND w.closed_at IS NULL) THEN
    RAISE EXCEPTION 'CASH_WINDOW_NOT_OPEN' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
}

/** The bodies of migrations 0035 and 0580, word for word. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION bv_sale_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM cash_register_window w WHERE w.id = NEW.cash_register_window_id
                 AND w.cash_register_id = NEW.cash_register_id AND w.closed_at IS NULL) THEN
    RAISE EXCEPTION 'CASH_WINDOW_NOT_OPEN' USING ERRCODE = 'P0001';
  END IF;
  -- Marks the ticket as being written by this transaction (local: gone at commit).
  PERFORM set_config('bivouac.sale_in_progress', NEW.id::text, true);
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE FUNCTION bv_sale_child_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bivouac.sale_in_progress', true), '') <> NEW.sale_id::text THEN
    RAISE EXCEPTION 'SALE_TICKET_LOCKED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  for (const t of ['sale_line', 'sale_payment']) {
    await knex.raw(`CREATE TRIGGER "tg_${t}__insert" BEFORE INSERT ON "${t}" FOR EACH ROW EXECUTE FUNCTION bv_sale_child_insert()`);
  }
  for (const parent of ['sale', 'bill'])
    await knex.raw(`CREATE OR REPLACE FUNCTION bv_${parent}_child_insert_closed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
  mine boolean;
BEGIN
  SELECT p.date, p.xmin = pg_current_xact_id()::xid INTO d, mine FROM ${parent} p WHERE p.id = NEW.${parent}_id;
  IF mine OR NOT bv_date_closed(d) THEN RETURN NEW; END IF;
  RAISE EXCEPTION '%', bv_closed_refusal(NULL, d) USING ERRCODE = 'P0001';
END
$$`);
  await knex.raw('DROP FUNCTION bv_xid_of_my_subtransaction(xid)');
}
