// Hand-written: the database's own guarantees on payments and bank deposits, beyond
// migration 0030 (api/domain/billing checks first, with the French messages):
// - a payment deposited, exported or grouped (or a grouped payment that holds others)
//   keeps everything it says: amount, method, date, payer, cheque and card fields…;
//   its lock flags only go from false to true, each with its reference (the deposit, the
//   grouped payment), and it is never deleted. An accounting export is released only by
//   the export's own deletion, which says so with SET LOCAL bivouac.release_export = 'on';
// - a payment joins only a deposit of its own method;
// - a bank deposit is never deleted and only its notes change; at commit its total and
//   count are those of its payments (a constraint trigger, deferred).
// The triggers raise a message code, which api/db/errors.ts answers as that 400.
import type { Knex } from 'knex';

// Columns a lock may set; every other column of a locked payment is frozen.
const LOCK_COLUMNS = ['is_deposited', 'bank_deposit_id', 'is_exported', 'is_grouped', 'grouped_payment_id', 'updated_at', 'version'];
const FROZEN = `ARRAY[${LOCK_COLUMNS.map((c) => `'${c}'`).join(', ')}]`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION bv_payment_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holds_others boolean;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    holds_others := EXISTS (SELECT 1 FROM payment c WHERE c.grouped_payment_id = OLD.id);
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.is_deposited THEN RAISE EXCEPTION 'PAYMENT_DEPOSITED' USING ERRCODE = 'P0001'; END IF;
    IF OLD.is_exported THEN RAISE EXCEPTION 'PAYMENT_EXPORTED' USING ERRCODE = 'P0001'; END IF;
    IF OLD.is_grouped OR holds_others THEN RAISE EXCEPTION 'PAYMENT_GROUPED' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF NEW.is_deposited AND NEW.bank_deposit_id IS NULL THEN RAISE EXCEPTION 'DEPOSIT_PAYMENTS_INVALID' USING ERRCODE = 'P0001'; END IF;
  IF NEW.is_grouped AND NEW.grouped_payment_id IS NULL THEN RAISE EXCEPTION 'PAYMENT_GROUPED' USING ERRCODE = 'P0001'; END IF;
  IF NEW.bank_deposit_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.bank_deposit_id IS DISTINCT FROM OLD.bank_deposit_id)
     AND NOT EXISTS (SELECT 1 FROM bank_deposit d WHERE d.id = NEW.bank_deposit_id AND d.payment_method_id = NEW.payment_method_id) THEN
    RAISE EXCEPTION 'DEPOSIT_PAYMENTS_INVALID' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'INSERT' THEN RETURN NEW; END IF;
  -- Lock flags never go back, references never move.
  IF (OLD.is_deposited AND NOT NEW.is_deposited) OR (OLD.bank_deposit_id IS NOT NULL AND NEW.bank_deposit_id IS DISTINCT FROM OLD.bank_deposit_id) THEN
    RAISE EXCEPTION 'PAYMENT_DEPOSITED' USING ERRCODE = 'P0001';
  END IF;
  IF (OLD.is_grouped AND NOT NEW.is_grouped) OR (OLD.grouped_payment_id IS NOT NULL AND NEW.grouped_payment_id IS DISTINCT FROM OLD.grouped_payment_id) THEN
    RAISE EXCEPTION 'PAYMENT_GROUPED' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.is_exported AND NOT NEW.is_exported AND coalesce(current_setting('bivouac.release_export', true), '') <> 'on' THEN
    RAISE EXCEPTION 'PAYMENT_EXPORTED' USING ERRCODE = 'P0001';
  END IF;
  -- What the payment says is frozen once locked, and in the very statement that locks it.
  IF (OLD.is_deposited OR OLD.is_exported OR OLD.is_grouped OR holds_others OR NEW.is_deposited OR NEW.is_exported OR NEW.is_grouped)
     AND (to_jsonb(NEW) - ${FROZEN}) IS DISTINCT FROM (to_jsonb(OLD) - ${FROZEN}) THEN
    IF OLD.is_deposited OR NEW.is_deposited THEN RAISE EXCEPTION 'PAYMENT_DEPOSITED' USING ERRCODE = 'P0001'; END IF;
    IF OLD.is_exported OR NEW.is_exported THEN RAISE EXCEPTION 'PAYMENT_EXPORTED' USING ERRCODE = 'P0001'; END IF;
    RAISE EXCEPTION 'PAYMENT_GROUPED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw('DROP TRIGGER "tg_payment__locked" ON "payment"');
  await knex.raw(`CREATE TRIGGER "tg_payment__locked" BEFORE INSERT OR UPDATE OR DELETE ON "payment" FOR EACH ROW EXECUTE FUNCTION bv_payment_locked()`);

  await knex.raw(`CREATE FUNCTION bv_bank_deposit_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'DEPOSIT_UNCHANGEABLE' USING ERRCODE = 'P0001'; END IF;
  IF (to_jsonb(NEW) - ARRAY['notes', 'updated_at', 'version']) IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['notes', 'updated_at', 'version']) THEN
    RAISE EXCEPTION 'DEPOSIT_UNCHANGEABLE' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER "tg_bank_deposit__frozen" BEFORE UPDATE OR DELETE ON "bank_deposit" FOR EACH ROW EXECUTE FUNCTION bv_bank_deposit_frozen()`);

  await knex.raw(`CREATE FUNCTION bv_bank_deposit_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t bigint;
  n integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO t, n FROM payment WHERE bank_deposit_id = NEW.id;
  IF n = 0 OR t <> NEW.total_amount OR n <> NEW.payment_count THEN
    RAISE EXCEPTION 'DEPOSIT_PAYMENTS_INVALID' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$`);
  await knex.raw(`CREATE CONSTRAINT TRIGGER "tg_bank_deposit__totals" AFTER INSERT OR UPDATE ON "bank_deposit" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bv_bank_deposit_totals()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER "tg_bank_deposit__totals" ON "bank_deposit"');
  await knex.raw('DROP FUNCTION bv_bank_deposit_totals()');
  await knex.raw('DROP TRIGGER "tg_bank_deposit__frozen" ON "bank_deposit"');
  await knex.raw('DROP FUNCTION bv_bank_deposit_frozen()');
  await knex.raw('DROP TRIGGER "tg_payment__locked" ON "payment"');
  await knex.raw(`CREATE TRIGGER "tg_payment__locked" BEFORE UPDATE OR DELETE ON "payment" FOR EACH ROW EXECUTE FUNCTION bv_payment_locked()`);
  // bv_payment_locked keeps this migration's body: it refuses more, never less.
}
