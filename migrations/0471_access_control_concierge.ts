// Hand-written: access control and concierge (issue 30, docs/access-control.md).
// - access_credential: a badge or a licence plate of a stay (occupancy) or of a resident's
//   contract (place_affectation), valid [valid_from, valid_until), revoked at a time. A
//   badge value is held by one holder at a time: an exclusion constraint over the
//   unrevoked badges' validity (two desks handing out the same badge at once: one wins,
//   the other gets ACCESS_BADGE_TAKEN). A plate appears once per holder while unrevoked.
// - access_event: the outbox of the stay's life (arrival, departure, extension,
//   cancellation), one row per active access-control module with an apiUrl, written by
//   triggers in the writer's transaction (every path: actions, planning moves, SQL by
//   hand); the job sends them (api/domain/access/events.ts). The same triggers keep the
//   credentials in step: departure and cancellation revoke, a new departure date moves
//   valid_until, undoing a departure restores what the departure revoked.
// - concierge_order: the date and time of a concierge service ordered as a stay extra.
import type { Knex } from 'knex';

// Statuses (api/domain/stays/status.ts): 6 arrived, 7 gone, 8 early departure; releasing ones.
const RELEASING = '9, 10, 11, 14, 15, 16';

const UP = [
  `CREATE SEQUENCE access_badge_seq START 100001`,
  `CREATE TABLE access_credential (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CONSTRAINT ck_access_credential__kind CHECK (kind IN ('badge', 'plate')),
  value text NOT NULL CONSTRAINT ck_access_credential__value CHECK (value ~ '^[A-Z0-9-]{1,32}$'),
  occupancy_id integer REFERENCES occupancy (id) ON DELETE CASCADE,
  place_affectation_id integer REFERENCES place_affectation (id) ON DELETE CASCADE,
  valid_from date NOT NULL,
  valid_until date NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CONSTRAINT ck_access_credential__reason
    CHECK (revoked_reason IN ('departure', 'cancellation', 'manual')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ck_access_credential__one_holder CHECK ((occupancy_id IS NULL) <> (place_affectation_id IS NULL)),
  CONSTRAINT ck_access_credential__dates CHECK (valid_until > valid_from),
  CONSTRAINT ck_access_credential__revoked CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL)),
  CONSTRAINT ex_access_credential__badge EXCLUDE USING gist
    (value WITH =, daterange(valid_from, valid_until) WITH &&) WHERE (kind = 'badge' AND revoked_at IS NULL)
)`,
  `CREATE UNIQUE INDEX uq_access_credential__plate ON access_credential
  (coalesce(occupancy_id, 0), coalesce(place_affectation_id, 0), value) WHERE kind = 'plate' AND revoked_at IS NULL`,
  `CREATE INDEX ix_access_credential__occupancy ON access_credential (occupancy_id)`,
  `CREATE INDEX ix_access_credential__affectation ON access_credential (place_affectation_id)`,
  `CREATE INDEX ix_access_credential__updated ON access_credential (updated_at)`,
  // updated_at moves with every change: the pull endpoint's ?since= reads it
  `CREATE FUNCTION bv_access_credential_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END
$$`,
  `CREATE TRIGGER tg_access_credential__touch BEFORE UPDATE ON access_credential
  FOR EACH ROW EXECUTE FUNCTION bv_access_credential_touch()`,
  `CREATE TABLE access_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  module_id integer NOT NULL REFERENCES module_config (id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT ck_access_event__kind
    CHECK (kind IN ('arrival', 'departure', 'extension', 'cancellation')),
  booking_id integer NOT NULL,
  occupancy_id integer,
  start_date date,
  end_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
)`,
  `CREATE INDEX ix_access_event__due ON access_event (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
  `CREATE INDEX ix_access_event__booking ON access_event (booking_id)`,
  // one row per occupancy of the booking (or the one occupancy) and per connector to tell
  `CREATE FUNCTION bv_access_event(p_kind text, p_booking integer, p_occupancy integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_event (module_id, kind, booking_id, occupancy_id, start_date, end_date)
  SELECT m.id, p_kind, o.booking_id, o.id, o.start_date, o.end_date
  FROM module_config m
  JOIN occupancy o ON o.booking_id = p_booking AND (p_occupancy IS NULL OR o.id = p_occupancy)
  WHERE m.kind = 'access-control' AND m.is_active AND coalesce(m.settings->>'apiUrl', '') <> ''
    AND (p_occupancy IS NOT NULL OR NOT o.is_cancelled);
  PERFORM pg_notify('bv_access_event', '');
END
$$`,
  `CREATE FUNCTION bv_access_booking_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text;
BEGIN
  IF NEW.status_id IS NOT DISTINCT FROM OLD.status_id OR NEW.kind = 'quote' THEN
    RETURN NULL;
  END IF;
  IF NEW.status_id = 6 AND OLD.status_id IN (7, 8) THEN
    -- a departure undone: what the departure revoked is valid again
    UPDATE access_credential c SET revoked_at = NULL, revoked_reason = NULL
    FROM occupancy o WHERE c.occupancy_id = o.id AND o.booking_id = NEW.id AND c.revoked_reason = 'departure';
    RETURN NULL;
  END IF;
  k := CASE
    WHEN NEW.status_id = 6 THEN 'arrival'
    WHEN NEW.status_id IN (7, 8) THEN 'departure'
    WHEN NEW.status_id IN (${RELEASING}) THEN 'cancellation'
  END;
  IF k IS NULL THEN
    RETURN NULL;
  END IF;
  IF k <> 'arrival' THEN
    UPDATE access_credential c SET revoked_at = now(), revoked_reason = k
    FROM occupancy o WHERE c.occupancy_id = o.id AND o.booking_id = NEW.id AND c.revoked_at IS NULL;
  END IF;
  -- a temporary stay abandoned by the wizard was never announced: nothing to tell
  IF NOT (k = 'cancellation' AND OLD.status_id = 1) THEN
    PERFORM bv_access_event(k, NEW.id, NULL);
  END IF;
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER tg_booking__access AFTER UPDATE OF status_id ON booking
  FOR EACH ROW EXECUTE FUNCTION bv_access_booking_status()`,
  `CREATE FUNCTION bv_access_occupancy_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b record;
BEGIN
  SELECT kind, status_id INTO b FROM booking WHERE id = NEW.booking_id;
  IF b.kind = 'quote' OR b.status_id IN (${RELEASING}) THEN
    RETURN NULL;
  END IF;
  IF NEW.is_cancelled AND NOT OLD.is_cancelled THEN
    UPDATE access_credential SET revoked_at = now(), revoked_reason = 'cancellation'
    WHERE occupancy_id = NEW.id AND revoked_at IS NULL;
    PERFORM bv_access_event('cancellation', NEW.booking_id, NEW.id);
    RETURN NULL;
  END IF;
  IF NEW.end_date <> OLD.end_date OR NEW.start_date <> OLD.start_date THEN
    -- the departure day is included (the guest drives out): valid until the day after
    UPDATE access_credential SET valid_until = NEW.end_date + 1,
      valid_from = CASE WHEN valid_from = OLD.start_date THEN NEW.start_date ELSE valid_from END
    WHERE occupancy_id = NEW.id AND revoked_at IS NULL;
    IF NEW.end_date > OLD.end_date THEN
      PERFORM bv_access_event('extension', NEW.booking_id, NEW.id);
    END IF;
  END IF;
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER tg_occupancy__access AFTER UPDATE OF start_date, end_date, is_cancelled ON occupancy
  FOR EACH ROW EXECUTE FUNCTION bv_access_occupancy_change()`,
  `CREATE TABLE concierge_order (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occupancy_extra_id integer NOT NULL UNIQUE REFERENCES occupancy_extra (id) ON DELETE CASCADE,
  service_date date NOT NULL,
  service_time time NOT NULL,
  note varchar(250),
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE INDEX ix_concierge_order__date ON concierge_order (service_date, service_time)`,
];

const DOWN = [
  'DROP TABLE IF EXISTS concierge_order',
  'DROP TRIGGER IF EXISTS tg_occupancy__access ON occupancy',
  'DROP FUNCTION IF EXISTS bv_access_occupancy_change()',
  'DROP TRIGGER IF EXISTS tg_booking__access ON booking',
  'DROP FUNCTION IF EXISTS bv_access_booking_status()',
  'DROP FUNCTION IF EXISTS bv_access_event(text, integer, integer)',
  'DROP TABLE IF EXISTS access_event',
  'DROP TABLE IF EXISTS access_credential',
  'DROP FUNCTION IF EXISTS bv_access_credential_touch()',
  'DROP SEQUENCE IF EXISTS access_badge_seq',
];

export async function up(knex: Knex): Promise<void> {
  for (const s of UP) await knex.raw(s);
}

export async function down(knex: Knex): Promise<void> {
  for (const s of DOWN) await knex.raw(s);
}
