// Hand-written (issue 29 point 7): paper holiday vouchers (Chèques-Vacances ANCV) are taken
// by count and denomination (payment_voucher, migration 0450). What plain SQL must not break:
// - a method takes paper vouchers only if it is a holiday-voucher method;
// - at commit, a payment of a paper-voucher method has voucher lines adding up exactly to its
//   amount, and only such a payment has lines (deferred: the payment is written before its
//   lines, in the same transaction);
// - the lines of a payment remitted, exported or grouped, or dated in a closed period, never
//   change (the payment itself is frozen by migrations 0036 and 0220).
// The triggers raise the message code (api/db/errors.ts answers it as a 400).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE payment_method ADD CONSTRAINT ck_payment_method__is_paper_voucher
    CHECK (NOT is_paper_voucher OR kind = 'holiday-voucher')`);

  await knex.raw(`CREATE FUNCTION bv_payment_vouchers_match() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  pid integer;
  p record;
  total bigint;
  lines integer;
BEGIN
  IF TG_TABLE_NAME = 'payment' THEN
    ids := ARRAY[NEW.id];
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY[OLD.payment_id];
  ELSIF TG_OP = 'UPDATE' THEN
    ids := ARRAY[OLD.payment_id, NEW.payment_id];
  ELSE
    ids := ARRAY[NEW.payment_id];
  END IF;
  FOREACH pid IN ARRAY ids LOOP
    SELECT pm.amount, m.is_paper_voucher INTO p
      FROM payment pm JOIN payment_method m ON m.id = pm.payment_method_id WHERE pm.id = pid;
    CONTINUE WHEN NOT FOUND; -- the payment was deleted with its lines
    SELECT coalesce(sum(v.denomination::bigint * v.count), 0), count(*) INTO total, lines
      FROM payment_voucher v WHERE v.payment_id = pid;
    IF (p.is_paper_voucher OR lines > 0) AND (NOT p.is_paper_voucher OR total <> p.amount) THEN
      RAISE EXCEPTION 'ANCV_VOUCHERS_MISMATCH' USING ERRCODE = 'P0001';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$`);
  await knex.raw(`CREATE CONSTRAINT TRIGGER tg_payment__vouchers_match
    AFTER INSERT OR UPDATE OF amount, payment_method_id ON payment
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bv_payment_vouchers_match()`);
  await knex.raw(`CREATE CONSTRAINT TRIGGER tg_payment_voucher__match
    AFTER INSERT OR UPDATE OR DELETE ON payment_voucher
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bv_payment_vouchers_match()`);

  await knex.raw(`CREATE FUNCTION bv_payment_voucher_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  SELECT is_deposited, is_exported, is_grouped INTO p FROM payment
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.payment_id ELSE NEW.payment_id END;
  IF FOUND THEN
    IF p.is_deposited THEN RAISE EXCEPTION 'PAYMENT_DEPOSITED' USING ERRCODE = 'P0001'; END IF;
    IF p.is_exported THEN RAISE EXCEPTION 'PAYMENT_EXPORTED' USING ERRCODE = 'P0001'; END IF;
    IF p.is_grouped THEN RAISE EXCEPTION 'PAYMENT_GROUPED' USING ERRCODE = 'P0001'; END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER tg_payment_voucher__frozen BEFORE INSERT OR UPDATE OR DELETE ON payment_voucher
    FOR EACH ROW EXECUTE FUNCTION bv_payment_voucher_frozen()`);
  // Dated by its payment, as bill lines are by their bill (migration 0220's function).
  await knex.raw(`CREATE TRIGGER tg_payment_voucher__closed_period BEFORE INSERT OR UPDATE OR DELETE
    ON payment_voucher FOR EACH ROW EXECUTE FUNCTION bv_closed_period_frozen('payment_id', 'payment')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER tg_payment_voucher__closed_period ON payment_voucher');
  await knex.raw('DROP TRIGGER tg_payment_voucher__frozen ON payment_voucher');
  await knex.raw('DROP FUNCTION bv_payment_voucher_frozen()');
  await knex.raw('DROP TRIGGER tg_payment_voucher__match ON payment_voucher');
  await knex.raw('DROP TRIGGER tg_payment__vouchers_match ON payment');
  await knex.raw('DROP FUNCTION bv_payment_vouchers_match()');
  await knex.raw('ALTER TABLE payment_method DROP CONSTRAINT ck_payment_method__is_paper_voucher');
}
