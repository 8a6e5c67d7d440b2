// Hand-written: the database's own guarantees of the till (api/domain/sales checks
// first, with the French messages). Tickets, their lines and payments are append-only
// (the generator's row triggers); here:
// - any UPDATE or DELETE statement on them is refused, even one matching no row;
// - a ticket is written in one transaction: its lines and payments can only be inserted
//   in the transaction that inserted the ticket (never added to an issued ticket), and
//   at commit its lines add up to its total and its payments cover it exactly;
// - a ticket goes into an open window (session) of its own register;
// - a closed window (its Z) is never changed nor deleted;
// - cash_register_counter: one row per register, the last ticket and Z numbers,
//   locked FOR UPDATE by the issuing transaction (gap-free, never a sequence).
// The triggers raise a message code, which api/db/errors.ts answers as that 400.
import type { Knex } from 'knex';

const TICKET_TABLES = ['sale', 'sale_line', 'sale_payment'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE cash_register_counter (
    cash_register_id integer PRIMARY KEY REFERENCES cash_register(id) ON DELETE CASCADE,
    last_ticket integer NOT NULL DEFAULT 0 CHECK (last_ticket >= 0),
    last_z integer NOT NULL DEFAULT 0 CHECK (last_z >= 0)
  )`);
  for (const t of TICKET_TABLES) {
    await knex.raw(`CREATE TRIGGER "tg_${t}__no_change_statement" BEFORE UPDATE OR DELETE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION bv_refuse_change()`);
  }

  await knex.raw(`CREATE FUNCTION bv_sale_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await knex.raw(`CREATE TRIGGER "tg_sale__insert" BEFORE INSERT ON "sale" FOR EACH ROW EXECUTE FUNCTION bv_sale_insert()`);

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

  // Checked at commit, when the ticket's lines and payments are all in.
  await knex.raw(`CREATE FUNCTION bv_sale_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lines bigint;
  paid bigint;
BEGIN
  SELECT coalesce(sum(amount_incl_vat), 0) INTO lines FROM sale_line WHERE sale_id = NEW.id;
  SELECT coalesce(sum(amount), 0) INTO paid FROM sale_payment WHERE sale_id = NEW.id;
  IF lines <> NEW.total_incl_vat OR paid <> NEW.total_incl_vat THEN
    RAISE EXCEPTION 'SALE_PAYMENTS_MISMATCH' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$`);
  await knex.raw(`CREATE CONSTRAINT TRIGGER "tg_sale__balanced" AFTER INSERT ON "sale" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bv_sale_balanced()`);

  await knex.raw(`CREATE FUNCTION bv_cash_window_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_at IS NOT NULL THEN RAISE EXCEPTION 'CASH_WINDOW_CLOSED' USING ERRCODE = 'P0001'; END IF;
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM sale WHERE cash_register_window_id = OLD.id) THEN RAISE EXCEPTION 'CASH_WINDOW_CLOSED' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER "tg_cash_register_window__closed" BEFORE UPDATE OR DELETE ON "cash_register_window" FOR EACH ROW EXECUTE FUNCTION bv_cash_window_closed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS "tg_cash_register_window__closed" ON "cash_register_window"');
  await knex.raw('DROP FUNCTION IF EXISTS bv_cash_window_closed()');
  await knex.raw('DROP TRIGGER IF EXISTS "tg_sale__balanced" ON "sale"');
  await knex.raw('DROP FUNCTION IF EXISTS bv_sale_balanced()');
  for (const t of ['sale_line', 'sale_payment']) await knex.raw(`DROP TRIGGER IF EXISTS "tg_${t}__insert" ON "${t}"`);
  await knex.raw('DROP FUNCTION IF EXISTS bv_sale_child_insert()');
  await knex.raw('DROP TRIGGER IF EXISTS "tg_sale__insert" ON "sale"');
  await knex.raw('DROP FUNCTION IF EXISTS bv_sale_insert()');
  for (const t of TICKET_TABLES) await knex.raw(`DROP TRIGGER IF EXISTS "tg_${t}__no_change_statement" ON "${t}"`);
  await knex.raw('DROP TABLE IF EXISTS cash_register_counter');
}
