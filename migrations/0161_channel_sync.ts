// Hand-written: the channel layer's own state (docs/channels.md).
// - channel_state: one row per channel (an `online-booking` module): its pull cursor,
//   last successes and error, the retry back-off, and how far it has pushed the
//   availability changes.
// - channel_dirty: what changed the availability of a place type, written by a trigger
//   on place_reservation (the one table of what holds a place, migration 0011), so every
//   writer — a booking, a cancellation, a planning move, an unavailability, plain SQL —
//   is seen in the same transaction; pg_notify wakes the scheduler at once.
// - ical_feed_key: the secret the iCal export tokens are derived from (HMAC).
// - one online booking per channel connector and channel reference (idempotency even
//   when the channel has no access channel set).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE channel_state (
  module_id integer PRIMARY KEY REFERENCES module_config (id) ON DELETE CASCADE,
  cursor text,
  last_pull_at timestamptz,
  last_push_at timestamptz,
  last_rates_at timestamptz,
  last_error_at timestamptz,
  last_error text,
  failing_since timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  dirty_seen_id bigint NOT NULL DEFAULT 0
)`);
  await knex.raw(`CREATE TABLE channel_dirty (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  place_type_id integer NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
)`);
  await knex.raw(`CREATE FUNCTION bv_channel_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO channel_dirty (place_type_id, start_date, end_date)
      SELECT p.place_type_id, lower(OLD.nights), upper(OLD.nights) FROM place p
      WHERE p.id = OLD.place_id AND p.place_type_id IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO channel_dirty (place_type_id, start_date, end_date)
      SELECT p.place_type_id, lower(NEW.nights), upper(NEW.nights) FROM place p
      WHERE p.id = NEW.place_id AND p.place_type_id IS NOT NULL;
  END IF;
  PERFORM pg_notify('bv_channel_dirty', '');
  RETURN NULL;
END
$$`);
  await knex.raw(`CREATE TRIGGER tg_place_reservation__channel_dirty
  AFTER INSERT OR UPDATE OR DELETE ON place_reservation
  FOR EACH ROW EXECUTE FUNCTION bv_channel_dirty()`);
  await knex.raw(`CREATE TABLE ical_feed_key (
  id integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
)`);
  await knex.raw(`CREATE UNIQUE INDEX uq_booking_import__channel_ref
  ON booking_import (channel_module_id, external_ref) WHERE channel_module_id IS NOT NULL`);
  await knex.raw(`CREATE UNIQUE INDEX uq_unavailability__channel_event
  ON unavailability (channel_module_id, place_id, external_uid) WHERE channel_module_id IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS uq_unavailability__channel_event');
  await knex.raw('DROP INDEX IF EXISTS uq_booking_import__channel_ref');
  await knex.raw('DROP TABLE IF EXISTS ical_feed_key');
  await knex.raw('DROP TRIGGER IF EXISTS tg_place_reservation__channel_dirty ON place_reservation');
  await knex.raw('DROP FUNCTION IF EXISTS bv_channel_dirty()');
  await knex.raw('DROP TABLE IF EXISTS channel_dirty');
  await knex.raw('DROP TABLE IF EXISTS channel_state');
}
