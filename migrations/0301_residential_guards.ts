// Hand-written: the residential module's guarantees (api/domain/residential/README.md).
// - one contract (place affectation) per place at a time, « indéterminée » or an end date;
// - one sublet at a time per affectation (cancelled ones aside); a reserved sublet is frozen;
// - a billed rent receipt and its lines are frozen (« Billed … rent receipt cannot be edited »),
//   only its reminder date may still move; plain SQL is refused too;
// - every write of an affectation, its contracts and price periods is kept in the
//   append-only residential_contract_history, written by the database itself.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE place_affectation ADD CONSTRAINT ex_place_affectation__overlap
    EXCLUDE USING gist (place_id WITH =, daterange(start_date, end_date) WITH &&)`);
  await knex.raw(`ALTER TABLE place_affectation ADD CONSTRAINT ck_place_affectation__end_or_indefinite
    CHECK (end_date IS NOT NULL OR is_indefinite)`);
  await knex.raw(`ALTER TABLE residential_contract ADD CONSTRAINT ck_residential_contract__end_or_indefinite
    CHECK (end_date IS NOT NULL OR is_indefinite)`);
  await knex.raw(`ALTER TABLE sublet ADD CONSTRAINT ex_sublet__overlap
    EXCLUDE USING gist (place_affectation_id WITH =, daterange(start_date, end_date) WITH &&)
    WHERE (status_id <> 3)`);

  await knex.raw(`CREATE FUNCTION bv_sublet_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status_id = 2 THEN RAISE EXCEPTION 'SUBLET_ALLOTMENT_LOCKED' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.status_id = 2 AND (NEW.start_date, NEW.end_date, NEW.mode, NEW.price, NEW.commission_rate_bp,
      NEW.place_affectation_id, NEW.persons, NEW.occupant_name)
      IS DISTINCT FROM (OLD.start_date, OLD.end_date, OLD.mode, OLD.price, OLD.commission_rate_bp,
      OLD.place_affectation_id, OLD.persons, OLD.occupant_name) THEN
    RAISE EXCEPTION 'SUBLET_ALLOTMENT_LOCKED' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.status_id = 3 AND NEW.status_id <> 3 THEN
    RAISE EXCEPTION 'SUBLET_ALLOTMENT_LOCKED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$`);
  await knex.raw(`CREATE TRIGGER tg_sublet__frozen BEFORE UPDATE OR DELETE ON sublet
    FOR EACH ROW EXECUTE FUNCTION bv_sublet_frozen()`);

  await knex.raw(`CREATE FUNCTION bv_rent_receipt_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.is_billed THEN RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.is_billed AND (to_jsonb(NEW) - 'last_reminder_on' - 'version' - 'updated_at')
      IS DISTINCT FROM (to_jsonb(OLD) - 'last_reminder_on' - 'version' - 'updated_at') THEN
    RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$`);
  await knex.raw(`CREATE TRIGGER tg_rent_receipt__frozen BEFORE UPDATE OR DELETE ON rent_receipt
    FOR EACH ROW EXECUTE FUNCTION bv_rent_receipt_frozen()`);
  await knex.raw(`CREATE FUNCTION bv_rent_receipt_line_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE billed boolean;
BEGIN
  SELECT is_billed INTO billed FROM rent_receipt
   WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.rent_receipt_id ELSE NEW.rent_receipt_id END;
  IF billed THEN RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001'; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT is_billed INTO billed FROM rent_receipt WHERE id = OLD.rent_receipt_id;
    IF billed THEN RAISE EXCEPTION 'BILLED_ITEMS_UNCHANGEABLE' USING ERRCODE = 'P0001'; END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$`);
  await knex.raw(`CREATE TRIGGER tg_rent_receipt_line__frozen BEFORE INSERT OR UPDATE OR DELETE ON rent_receipt_line
    FOR EACH ROW EXECUTE FUNCTION bv_rent_receipt_line_frozen()`);

  await knex.raw(`CREATE FUNCTION bv_residential_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r jsonb; aff integer;
BEGIN
  r := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
  aff := CASE WHEN TG_TABLE_NAME = 'place_affectation' THEN (r->>'id')::int
              ELSE (r->>'place_affectation_id')::int END;
  INSERT INTO residential_contract_history (place_affectation_id, changed_at, entity, action, record_id, data)
  VALUES (aff, clock_timestamp(), replace(TG_TABLE_NAME, '_', '-'), TG_OP, (r->>'id')::int, r);
  RETURN NULL;
END $$`);
  for (const t of ['place_affectation', 'residential_contract', 'place_affectation_price_period'])
    await knex.raw(`CREATE TRIGGER tg_${t}__history AFTER INSERT OR UPDATE OR DELETE ON ${t}
      FOR EACH ROW EXECUTE FUNCTION bv_residential_history()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['place_affectation', 'residential_contract', 'place_affectation_price_period'])
    await knex.raw(`DROP TRIGGER IF EXISTS tg_${t}__history ON ${t}`);
  await knex.raw('DROP FUNCTION IF EXISTS bv_residential_history()');
  await knex.raw('DROP TRIGGER IF EXISTS tg_rent_receipt_line__frozen ON rent_receipt_line');
  await knex.raw('DROP FUNCTION IF EXISTS bv_rent_receipt_line_frozen()');
  await knex.raw('DROP TRIGGER IF EXISTS tg_rent_receipt__frozen ON rent_receipt');
  await knex.raw('DROP FUNCTION IF EXISTS bv_rent_receipt_frozen()');
  await knex.raw('DROP TRIGGER IF EXISTS tg_sublet__frozen ON sublet');
  await knex.raw('DROP FUNCTION IF EXISTS bv_sublet_frozen()');
  await knex.raw('ALTER TABLE sublet DROP CONSTRAINT IF EXISTS ex_sublet__overlap');
  await knex.raw('ALTER TABLE residential_contract DROP CONSTRAINT IF EXISTS ck_residential_contract__end_or_indefinite');
  await knex.raw('ALTER TABLE place_affectation DROP CONSTRAINT IF EXISTS ck_place_affectation__end_or_indefinite');
  await knex.raw('ALTER TABLE place_affectation DROP CONSTRAINT IF EXISTS ex_place_affectation__overlap');
}
