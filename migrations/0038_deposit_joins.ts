// Hand-written, after 0036: a payment that joins a bank deposit after the deposit was
// made would make its total lie; at commit, the deposit a payment joined (INSERT, or an
// UPDATE of bank_deposit_id) must still hold exactly its total and count.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE FUNCTION bv_payment_deposit_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t bigint;
  n integer;
  d record;
BEGIN
  SELECT total_amount, payment_count INTO d FROM bank_deposit WHERE id = NEW.bank_deposit_id;
  SELECT coalesce(sum(amount), 0), count(*) INTO t, n FROM payment WHERE bank_deposit_id = NEW.bank_deposit_id;
  IF d IS NULL OR t <> d.total_amount OR n <> d.payment_count THEN
    RAISE EXCEPTION 'DEPOSIT_PAYMENTS_INVALID' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$`);
  await knex.raw(`CREATE CONSTRAINT TRIGGER "tg_payment__deposit_totals" AFTER INSERT OR UPDATE OF bank_deposit_id ON "payment" DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (NEW.bank_deposit_id IS NOT NULL) EXECUTE FUNCTION bv_payment_deposit_totals()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER "tg_payment__deposit_totals" ON "payment"');
  await knex.raw('DROP FUNCTION bv_payment_deposit_totals()');
}
