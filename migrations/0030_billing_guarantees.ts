// Hand-written: the database's own guarantees of the billing module (api/domain/billing
// checks first, with the French messages). Bills and bill lines are append-only (the
// generator's triggers); here:
// - a payment deposited in a bank, exported to accounting or grouped is never updated
//   or deleted;
// - a billed stay (a final invoice not wholly cancelled by credit notes) keeps what its
//   bill was made from: its occupancies' dates, price and cancellation, their
//   occupants, animals, vehicles and extras, and the booking's price inputs; it cannot
//   be cancelled either (a credit note comes first).
// The triggers raise a message code, which api/db/errors.ts answers as that 400.
import type { Knex } from 'knex';

const CHILDREN = ['occupancy_detail', 'occupancy_animal', 'occupancy_vehicle', 'occupancy_extra'];
const BILL_TABLES = ['bill', 'bill_line'];

export async function up(knex: Knex): Promise<void> {
  // Issued bills: beside the generated row triggers, any UPDATE or DELETE statement is
  // refused, even one that matches no row (nothing ever rewrites a bill).
  for (const t of BILL_TABLES) {
    await knex.raw(`CREATE TRIGGER "tg_${t}__no_change_statement" BEFORE UPDATE OR DELETE ON "${t}" FOR EACH STATEMENT EXECUTE FUNCTION bv_refuse_change()`);
  }
  await knex.raw(`CREATE FUNCTION bv_stay_billed(p_booking_id integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM bill f JOIN bill_line l ON l.bill_id = f.id
    WHERE f.booking_id = p_booking_id AND f.kind = 'invoice' AND NOT f.is_deposit
      AND l.amount_incl_vat + COALESCE((SELECT sum(c.amount_incl_vat) FROM bill_line c WHERE c.credited_line_id = l.id), 0) <> 0)
$$`);
  await knex.raw(`CREATE FUNCTION bv_payment_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_deposited THEN RAISE EXCEPTION 'PAYMENT_DEPOSITED' USING ERRCODE = 'P0001'; END IF;
  IF OLD.is_exported THEN RAISE EXCEPTION 'PAYMENT_EXPORTED' USING ERRCODE = 'P0001'; END IF;
  IF OLD.is_grouped THEN RAISE EXCEPTION 'PAYMENT_GROUPED' USING ERRCODE = 'P0001'; END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER "tg_payment__locked" BEFORE UPDATE OR DELETE ON "payment" FOR EACH ROW EXECUTE FUNCTION bv_payment_locked()`);

  await knex.raw(`CREATE FUNCTION bv_occupancy_billed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF bv_stay_billed(OLD.booking_id) THEN RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF (NEW.booking_id, NEW.start_date, NEW.end_date, NEW.is_cancelled, NEW.amount, NEW.price_overrides::jsonb)
     IS DISTINCT FROM (OLD.booking_id, OLD.start_date, OLD.end_date, OLD.is_cancelled, OLD.amount, OLD.price_overrides::jsonb)
     AND (bv_stay_billed(OLD.booking_id) OR bv_stay_billed(NEW.booking_id)) THEN
    RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER "tg_occupancy__billed" BEFORE UPDATE OR DELETE ON "occupancy" FOR EACH ROW EXECUTE FUNCTION bv_occupancy_billed()`);

  await knex.raw(`CREATE FUNCTION bv_occupancy_child_billed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  occ integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.occupancy_id ELSE NEW.occupancy_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM occupancy o WHERE o.id = occ AND bv_stay_billed(o.booking_id))
     OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM occupancy o WHERE o.id = OLD.occupancy_id AND bv_stay_billed(o.booking_id))) THEN
    RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$`);
  for (const t of CHILDREN) {
    await knex.raw(`CREATE TRIGGER "tg_${t}__billed" BEFORE INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION bv_occupancy_child_billed()`);
  }

  await knex.raw(`CREATE FUNCTION bv_booking_billed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF bv_stay_billed(OLD.id) THEN RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF ((NEW.customer_id, NEW.partner_id, NEW.access_channel_id, NEW.promo_code, NEW.discount_ids::jsonb, NEW.with_cancellation_insurance, NEW.total_amount)
      IS DISTINCT FROM (OLD.customer_id, OLD.partner_id, OLD.access_channel_id, OLD.promo_code, OLD.discount_ids::jsonb, OLD.with_cancellation_insurance, OLD.total_amount)
      OR (NEW.status_id <> OLD.status_id AND NEW.status_id IN (9, 10, 11, 14, 15, 16)))
     AND bv_stay_billed(OLD.id) THEN
    RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`);
  await knex.raw(`CREATE TRIGGER "tg_booking__billed" BEFORE UPDATE OR DELETE ON "booking" FOR EACH ROW EXECUTE FUNCTION bv_booking_billed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER "tg_booking__billed" ON "booking"');
  await knex.raw('DROP FUNCTION bv_booking_billed()');
  for (const t of CHILDREN) await knex.raw(`DROP TRIGGER "tg_${t}__billed" ON "${t}"`);
  await knex.raw('DROP FUNCTION bv_occupancy_child_billed()');
  await knex.raw('DROP TRIGGER "tg_occupancy__billed" ON "occupancy"');
  await knex.raw('DROP FUNCTION bv_occupancy_billed()');
  await knex.raw('DROP TRIGGER "tg_payment__locked" ON "payment"');
  await knex.raw('DROP FUNCTION bv_payment_locked()');
  await knex.raw('DROP FUNCTION bv_stay_billed(integer)');
  for (const t of BILL_TABLES) await knex.raw(`DROP TRIGGER "tg_${t}__no_change_statement" ON "${t}"`);
}
