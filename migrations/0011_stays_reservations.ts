// Hand-written: the database's own guarantee that a place is never double-booked,
// and the other stay rules the API checks first (see api/domain/stays/README.md).
//
// - place_reservation holds one row per night range that really blocks a place: an
//   active occupancy (not cancelled, with a place, of a booking that holds places)
//   or an unavailability. Triggers on occupancy, booking and unavailability keep it
//   in step, in the same transaction. Its exclusion constraint (btree_gist,
//   half-open daterange) refuses two overlapping rows for one place, whatever their
//   kind. A violation is re-raised naming what is already there, so that the API
//   answers PLACE_HAS_OTHER_EQUIPMENT (an occupancy) or PLACE_UNAVAILABLE (an
//   unavailability), never a 500.
// - customer and booking codes come from sequences (column defaults);
// - a place needs a place type; one allotment per place and night; commission
//   periods of one partner never overlap; an online booking is integrated once only;
//   a cancelled booking carries the "cancelled" marker, kept when it is reset (DELETED).
import type { Knex } from 'knex';

/** Booking statuses that do not hold places (api/domain/stays/status.ts RELEASING). */
const RELEASING = [9, 10, 11, 14, 15, 16];

const UP = [
  `CREATE SEQUENCE "bv_customer_code_seq"`,
  `ALTER TABLE "customer" ALTER COLUMN "code" SET DEFAULT ('C' || lpad(nextval('bv_customer_code_seq')::text, 6, '0'))`,
  `CREATE SEQUENCE "bv_booking_code_seq"`,
  `ALTER TABLE "booking" ALTER COLUMN "code" SET DEFAULT ('R' || lpad(nextval('bv_booking_code_seq')::text, 6, '0'))`,
  `ALTER TABLE "place" ADD CONSTRAINT "ck_place__place_type_required" CHECK ("place_type_id" IS NOT NULL)`,
  `ALTER TABLE "booking" ADD CONSTRAINT "ck_booking__cancelled_marker" CHECK (("status_id" <> 9 OR "cancellation" = 'cancelled') AND ("cancellation" <> 'cancelled' OR "status_id" IN (9, 16)))`,
  `ALTER TABLE "partner_allotment" ADD CONSTRAINT "ex_partner_allotment__overlap" EXCLUDE USING gist ("place_id" WITH =, daterange("start_date", "end_date") WITH &&)`,
  `ALTER TABLE "partner_commission_period" ADD CONSTRAINT "ex_partner_commission_period__overlap" EXCLUDE USING gist ("partner_id" WITH =, daterange("start_date", "end_date") WITH &&)`,
  `CREATE UNIQUE INDEX "uq_booking_import__booking_id" ON "booking_import" ("booking_id") WHERE "booking_id" IS NOT NULL`,
  `CREATE FUNCTION bv_booking_import_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status_id = 13 AND (NEW.status_id <> 13 OR (NEW.booking_id IS NOT NULL AND NEW.booking_id IS DISTINCT FROM OLD.booking_id)) THEN
    RAISE EXCEPTION 'ONLINE_BOOKING_ALREADY_INTEGRATED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$`,
  `CREATE TRIGGER "tg_booking_import__once" BEFORE UPDATE ON "booking_import" FOR EACH ROW EXECUTE FUNCTION bv_booking_import_once()`,
  `CREATE TABLE "place_reservation" (
  "id" integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "place_id" integer NOT NULL REFERENCES "place" ("id") ON DELETE CASCADE,
  "nights" daterange NOT NULL,
  "occupancy_id" integer UNIQUE REFERENCES "occupancy" ("id") ON DELETE CASCADE,
  "unavailability_id" integer UNIQUE REFERENCES "unavailability" ("id") ON DELETE CASCADE,
  CONSTRAINT "ck_place_reservation__one_source" CHECK (("occupancy_id" IS NULL) <> ("unavailability_id" IS NULL)),
  CONSTRAINT "ck_place_reservation__nights" CHECK (NOT isempty("nights") AND lower_inc("nights") AND NOT upper_inc("nights")),
  CONSTRAINT "ex_place_reservation__overlap" EXCLUDE USING gist ("place_id" WITH =, "nights" WITH &&)
)`,
  // Brings the one reservation of an occupancy or unavailability to the wanted state
  // (p_place NULL = holds nothing). An unchanged row is left alone: rewriting it would
  // make a concurrent writer waiting on it deadlock with us. An overlap (or a deadlock
  // with a concurrent writer of the same nights) is re-raised naming what holds the place.
  `CREATE FUNCTION bv_hold_place(p_place integer, p_start date, p_end date, p_occupancy integer, p_unavailability integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cur_id integer;
  cur_place integer;
  cur_nights daterange;
  wanted daterange := CASE WHEN p_place IS NULL THEN NULL ELSE daterange(p_start, p_end) END;
  held_by_occupancy integer;
  held_by_unavailability integer;
BEGIN
  SELECT r.id, r.place_id, r.nights INTO cur_id, cur_place, cur_nights
    FROM place_reservation r
   WHERE (p_occupancy IS NOT NULL AND r.occupancy_id = p_occupancy) OR (p_unavailability IS NOT NULL AND r.unavailability_id = p_unavailability);
  IF p_place IS NULL THEN
    IF cur_id IS NOT NULL THEN DELETE FROM place_reservation WHERE id = cur_id; END IF;
    RETURN;
  END IF;
  IF cur_id IS NOT NULL AND cur_place = p_place AND cur_nights = wanted THEN
    RETURN;
  END IF;
  BEGIN
    IF cur_id IS NULL THEN
      INSERT INTO place_reservation (place_id, nights, occupancy_id, unavailability_id) VALUES (p_place, wanted, p_occupancy, p_unavailability);
    ELSE
      UPDATE place_reservation SET place_id = p_place, nights = wanted WHERE id = cur_id;
    END IF;
  EXCEPTION WHEN exclusion_violation OR deadlock_detected THEN
    SELECT r.occupancy_id, r.unavailability_id INTO held_by_occupancy, held_by_unavailability
      FROM place_reservation r
     WHERE r.place_id = p_place AND r.nights && wanted AND r.id IS DISTINCT FROM cur_id
     LIMIT 1;
    IF held_by_occupancy IS NOT NULL THEN
      RAISE EXCEPTION 'PLACE_HAS_OTHER_EQUIPMENT' USING ERRCODE = 'exclusion_violation',
        CONSTRAINT = 'ex_place_reservation__other_equipment',
        DETAIL = format('place %s, nights %s already held by occupancy %s', p_place, wanted, held_by_occupancy);
    END IF;
    RAISE EXCEPTION 'PLACE_UNAVAILABLE' USING ERRCODE = 'exclusion_violation',
      CONSTRAINT = 'ex_place_reservation__overlap',
      DETAIL = format('place %s, nights %s already held (unavailability %s)', p_place, wanted, held_by_unavailability);
  END;
END
$$`,
  // The wanted reservation of an occupancy: its place and nights while it is not
  // cancelled and its booking holds places. The booking row is share-locked first, so
  // that a concurrent change of the booking's status waits for us (or we for it).
  `CREATE FUNCTION bv_sync_occupancy_reservation(p_occupancy integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
  holds boolean;
BEGIN
  PERFORM 1 FROM booking b JOIN occupancy oc ON oc.booking_id = b.id WHERE oc.id = p_occupancy FOR SHARE OF b;
  SELECT oc.place_id, oc.start_date, oc.end_date, oc.is_cancelled, b.kind, b.status_id INTO o
    FROM occupancy oc JOIN booking b ON b.id = oc.booking_id
   WHERE oc.id = p_occupancy;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  holds := o.place_id IS NOT NULL AND NOT o.is_cancelled AND o.kind <> 'quote' AND o.status_id NOT IN (${RELEASING.join(', ')});
  IF holds THEN
    PERFORM bv_hold_place(o.place_id, o.start_date, o.end_date, p_occupancy, NULL);
  ELSE
    PERFORM bv_hold_place(NULL, NULL, NULL, p_occupancy, NULL);
  END IF;
END
$$`,
  `CREATE FUNCTION bv_occupancy_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bv_sync_occupancy_reservation(NEW.id);
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER "tg_occupancy__reservation" AFTER INSERT OR UPDATE OF "place_id", "start_date", "end_date", "is_cancelled", "booking_id" ON "occupancy" FOR EACH ROW EXECUTE FUNCTION bv_occupancy_reservation()`,
  `CREATE FUNCTION bv_booking_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.status_id IS DISTINCT FROM OLD.status_id THEN
    PERFORM bv_sync_occupancy_reservation(oc.id) FROM occupancy oc WHERE oc.booking_id = NEW.id ORDER BY oc.id;
  END IF;
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER "tg_booking__reservation" AFTER UPDATE OF "kind", "status_id" ON "booking" FOR EACH ROW EXECUTE FUNCTION bv_booking_reservation()`,
  `CREATE FUNCTION bv_unavailability_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bv_hold_place(NEW.place_id, NEW.start_date, NEW.end_date, NULL, NEW.id);
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER "tg_unavailability__reservation" AFTER INSERT OR UPDATE OF "place_id", "start_date", "end_date" ON "unavailability" FOR EACH ROW EXECUTE FUNCTION bv_unavailability_reservation()`,
  // Rows written before this migration (none on a new database) get their reservations.
  `SELECT bv_sync_occupancy_reservation(id) FROM occupancy ORDER BY id`,
  `SELECT bv_hold_place(place_id, start_date, end_date, NULL, id) FROM unavailability ORDER BY id`,
];

const DOWN = [
  `DROP TRIGGER "tg_unavailability__reservation" ON "unavailability"`,
  `DROP FUNCTION bv_unavailability_reservation()`,
  `DROP TRIGGER "tg_booking__reservation" ON "booking"`,
  `DROP FUNCTION bv_booking_reservation()`,
  `DROP TRIGGER "tg_occupancy__reservation" ON "occupancy"`,
  `DROP FUNCTION bv_occupancy_reservation()`,
  `DROP FUNCTION bv_sync_occupancy_reservation(integer)`,
  `DROP FUNCTION bv_hold_place(integer, date, date, integer, integer)`,
  `DROP TABLE "place_reservation"`,
  `DROP TRIGGER "tg_booking_import__once" ON "booking_import"`,
  `DROP FUNCTION bv_booking_import_once()`,
  `DROP INDEX "uq_booking_import__booking_id"`,
  `ALTER TABLE "partner_commission_period" DROP CONSTRAINT "ex_partner_commission_period__overlap"`,
  `ALTER TABLE "partner_allotment" DROP CONSTRAINT "ex_partner_allotment__overlap"`,
  `ALTER TABLE "booking" DROP CONSTRAINT "ck_booking__cancelled_marker"`,
  `ALTER TABLE "place" DROP CONSTRAINT "ck_place__place_type_required"`,
  `ALTER TABLE "booking" ALTER COLUMN "code" DROP DEFAULT`,
  `DROP SEQUENCE "bv_booking_code_seq"`,
  `ALTER TABLE "customer" ALTER COLUMN "code" DROP DEFAULT`,
  `DROP SEQUENCE "bv_customer_code_seq"`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of UP) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const sql of DOWN) await knex.raw(sql);
}
