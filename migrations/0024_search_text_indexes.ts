// Hand-written: normalised search text and planning range indexes (speed issue).
//
// Booking searches match the code, the customer's names and the partner's name:
// folding accents over four columns of three tables on every row let no index
// apply. booking_search keeps one folded text per booking (bv_fold, immutable),
// written by triggers on the three tables, with a trigram index for LIKE '%…%'.
// A side table rather than a column of booking: the generated booking record (API,
// forms, snapshot) stays as the schema says.
//
// The planning window asks `start_date < to AND end_date > from`: a GiST index on
// the stay's daterange answers the overlap directly, whatever the years behind.
import type { Knex } from 'knex';

/** The folded text of one booking: code | "last first" | "first last" | partner. */
const TEXT = `bv_fold(concat_ws(' | ', b.code, nullif(trim(concat_ws(' ', c.last_name, c.first_name)), ''),
  nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), pa.name))`;
const FROM = `booking b LEFT JOIN customer c ON c.id = b.customer_id LEFT JOIN partner pa ON pa.id = b.partner_id`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE booking_search (
    booking_id integer PRIMARY KEY REFERENCES booking(id) ON DELETE CASCADE,
    text text NOT NULL)`);
  await knex.raw(`CREATE INDEX ix_booking_search__text_trgm ON booking_search USING gin (text gin_trgm_ops)`);
  // Refreshes the text of the bookings matching a condition (one booking, a customer's, a partner's).
  await knex.raw(`CREATE FUNCTION bv_booking_search_refresh(p_booking integer, p_customer integer, p_partner integer) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO booking_search (booking_id, text)
      SELECT b.id, ${TEXT} FROM ${FROM}
       WHERE b.id = p_booking OR b.customer_id = p_customer OR b.partner_id = p_partner
      ON CONFLICT (booking_id) DO UPDATE SET text = EXCLUDED.text WHERE booking_search.text IS DISTINCT FROM EXCLUDED.text
    $$`);
  await knex.raw(`CREATE FUNCTION bv_booking_search_tg() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'booking' THEN PERFORM bv_booking_search_refresh(NEW.id, NULL, NULL);
      ELSIF TG_TABLE_NAME = 'customer' THEN PERFORM bv_booking_search_refresh(NULL, NEW.id, NULL);
      ELSE PERFORM bv_booking_search_refresh(NULL, NULL, NEW.id);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER tg_booking__search AFTER INSERT OR UPDATE OF code, customer_id, partner_id ON booking
    FOR EACH ROW EXECUTE FUNCTION bv_booking_search_tg()`);
  await knex.raw(`CREATE TRIGGER tg_customer__search AFTER UPDATE OF last_name, first_name ON customer
    FOR EACH ROW WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.first_name IS DISTINCT FROM NEW.first_name)
    EXECUTE FUNCTION bv_booking_search_tg()`);
  await knex.raw(`CREATE TRIGGER tg_partner__search AFTER UPDATE OF name ON partner
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION bv_booking_search_tg()`);
  await knex.raw(`INSERT INTO booking_search (booking_id, text) SELECT b.id, ${TEXT} FROM ${FROM}`);

  // The booking list's default order (most recent stays first), read page by page from the index.
  await knex.raw(`CREATE INDEX ix_booking__start_date_desc ON booking (start_date DESC NULLS LAST, id DESC)`);
  // Its total (a count by status): read from this narrow index, not from the wide booking rows.
  await knex.raw(`CREATE INDEX ix_booking__status_count ON booking (status_id)`);

  // Planning search by licence plate, spaces and dashes left out (planning/window.ts).
  await knex.raw(`CREATE INDEX ix_occupancy_vehicle__plate_trgm ON occupancy_vehicle USING gin (bv_fold(replace(replace(licence_plate, '-', ''), ' ', '')) gin_trgm_ops)`);

  // Planning window: the overlap of each stay with the asked range.
  await knex.raw(`CREATE INDEX ix_occupancy__nights ON occupancy USING gist (daterange(start_date, end_date)) WHERE place_id IS NOT NULL`);
  await knex.raw(`CREATE INDEX ix_unavailability__nights ON unavailability USING gist (daterange(start_date, end_date))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS ix_unavailability__nights');
  await knex.raw('DROP INDEX IF EXISTS ix_occupancy__nights');
  await knex.raw('DROP INDEX IF EXISTS ix_occupancy_vehicle__plate_trgm');
  await knex.raw('DROP INDEX IF EXISTS ix_booking__status_count');
  await knex.raw('DROP INDEX IF EXISTS ix_booking__start_date_desc');
  await knex.raw('DROP TRIGGER IF EXISTS tg_partner__search ON partner');
  await knex.raw('DROP TRIGGER IF EXISTS tg_customer__search ON customer');
  await knex.raw('DROP TRIGGER IF EXISTS tg_booking__search ON booking');
  await knex.raw('DROP FUNCTION IF EXISTS bv_booking_search_tg()');
  await knex.raw('DROP FUNCTION IF EXISTS bv_booking_search_refresh(integer, integer, integer)');
  await knex.raw('DROP TABLE IF EXISTS booking_search');
}
