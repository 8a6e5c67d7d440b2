// Hand-written (issue 29 point 7): paper holiday vouchers (Chèques-Vacances ANCV) taken at the till are counted by
// denomination too, on payment_voucher rows of a ticket's payment (sale_payment_id, migration 0530). What plain SQL
// must not break:
// - a voucher line belongs to one payment: a stay's payment or a ticket's, never both or neither;
// - at commit, a ticket's payment of a paper-voucher method taking money (amount > 0) has lines adding up exactly
//   to it, and no other ticket payment has lines;
// - a ticket is never changed (sale_payment is append-only): nor are the lines of its payments.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE payment_voucher ADD CONSTRAINT ck_payment_voucher__one_payment
    CHECK ((payment_id IS NULL) <> (sale_payment_id IS NULL))`);

  await knex.raw(`CREATE FUNCTION bv_sale_payment_vouchers_match() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
  p record;
  total bigint;
  lines integer;
BEGIN
  IF TG_TABLE_NAME = 'sale_payment' THEN
    pid := NEW.id;
  ELSE
    pid := NEW.sale_payment_id;
  END IF;
  IF pid IS NULL THEN RETURN NULL; END IF;
  SELECT sp.amount, coalesce(m.is_paper_voucher, false) AS paper INTO p
    FROM sale_payment sp LEFT JOIN payment_method m ON m.id = sp.payment_method_id WHERE sp.id = pid;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT coalesce(sum(v.denomination::bigint * v.count), 0), count(*) INTO total, lines
    FROM payment_voucher v WHERE v.sale_payment_id = pid;
  IF (p.paper AND p.amount > 0 AND total <> p.amount) OR (lines > 0 AND NOT (p.paper AND p.amount > 0)) THEN
    RAISE EXCEPTION 'ANCV_VOUCHERS_MISMATCH' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$`);
  await knex.raw(`CREATE CONSTRAINT TRIGGER tg_sale_payment__vouchers_match AFTER INSERT ON sale_payment
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bv_sale_payment_vouchers_match()`);
  await knex.raw(`CREATE CONSTRAINT TRIGGER tg_payment_voucher__sale_match AFTER INSERT ON payment_voucher
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bv_sale_payment_vouchers_match()`);

  await knex.raw(`CREATE FUNCTION bv_sale_payment_voucher_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.sale_payment_id IS NOT NULL OR (TG_OP = 'UPDATE' AND NEW.sale_payment_id IS NOT NULL) THEN
    RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001', DETAIL = 'a ticket payment''s vouchers are append-only';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER tg_payment_voucher__sale_frozen BEFORE UPDATE OR DELETE ON payment_voucher
    FOR EACH ROW EXECUTE FUNCTION bv_sale_payment_voucher_frozen()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER tg_payment_voucher__sale_frozen ON payment_voucher');
  await knex.raw('DROP FUNCTION bv_sale_payment_voucher_frozen()');
  await knex.raw('DROP TRIGGER tg_payment_voucher__sale_match ON payment_voucher');
  await knex.raw('DROP TRIGGER tg_sale_payment__vouchers_match ON sale_payment');
  await knex.raw('DROP FUNCTION bv_sale_payment_vouchers_match()');
  await knex.raw('ALTER TABLE payment_voucher DROP CONSTRAINT ck_payment_voucher__one_payment');
}
