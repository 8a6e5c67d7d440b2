// The SQL that turns raw stays into statistics rows (docs/statistics.md « Facts »):
// stat_stay per occupancy, stat_night per occupied place-night with its revenue share,
// stat_capacity per day. A scope is a month [from, to) (the regeneration) or a set of
// bookings (the incremental update); both use the same statements.
import type { Knex } from 'knex';
import { type Bucket, bucketCase, COUNTED_KINDS, COUNTED_STATUSES, DEPARTMENT_SQL, SOURCE_SQL } from './definitions';
import { STATUS } from '../../../common/stay-status';

type Db = Knex | Knex.Transaction;
/**
 * A month [from, to), a set of bookings, or the batch of bookings the incremental update
 * took from its queue (their ids in the transaction's setting BATCH_IDS: see incremental.ts).
 */
export type Scope = { from: string; to: string } | { bookingIds: number[] } | { batch: true };
/** The ids of the batch being refreshed, set for its transaction by the incremental update. */
export const BATCH_SETTING = 'bivouac.stat_batch';
export const BATCH_IDS = `current_setting('${BATCH_SETTING}')::int[]`;

const kinds = COUNTED_KINDS.map((k) => `'${k}'`).join(', ');
const COUNTED = `(NOT o.is_cancelled AND b.status_id IN (${COUNTED_STATUSES.join(', ')}) AND b.cancellation <>
  'cancelled')`;
const KEPT = `b.status_id IN (${[...COUNTED_STATUSES, STATUS.CANCELLED].join(', ')})`;
const BOOKED_ON = `(b.created_at AT TIME ZONE 'Europe/Paris')::date`;
/** A place is in service on night `d` (its service dates, half-open). */
const inService = (d: string) =>
  `(p.in_service_from IS NULL OR p.in_service_from <= ${d}) AND (p.in_service_until IS NULL OR ${d} <
    p.in_service_until)`;
/** The site is open on night `d`: an activity period holds it (its end date is its last day). */
const openOn = (d: string) =>
  `EXISTS (SELECT 1 FROM activity_period a WHERE a.start_date <= ${d} AND ${d} <= a.end_date)`;

const FROM = `FROM occupancy o
  JOIN booking b ON b.id = o.booking_id
  JOIN place p ON p.id = o.place_id
  LEFT JOIN place_type t ON t.id = p.place_type_id
  LEFT JOIN access_channel ch ON ch.id = b.access_channel_id`;
const BASE = `o.end_date > o.start_date AND b.kind IN (${kinds})`;

/** The stays' filter of a scope and its bindings. */
function where(scope: Scope, forNights: boolean): { sql: string; bindings: Knex.Value[] } {
  if ('bookingIds' in scope) return { sql: 'o.booking_id = ANY(?::int[])', bindings: [scope.bookingIds] };
  if ('batch' in scope) return { sql: `o.booking_id = ANY(${BATCH_IDS})`, bindings: [] };
  // Nights: stays meeting the month; stays: those arriving in it.
  return forNights
    ? { sql: 'o.start_date < ?::date AND o.end_date > ?::date', bindings: [scope.to, scope.from] }
    : { sql: 'o.start_date >= ?::date AND o.start_date < ?::date', bindings: [scope.from, scope.to] };
}
const range = (scope: Scope) => ('from' in scope ? [scope.from, scope.to] : ['1900-01-01', '9999-12-31']);

/** ⌊a / n⌋ on integers for n > 0 (PostgreSQL's integer division truncates towards zero). */
const floorDiv = (a: string, n: string) =>
  `(CASE WHEN ${a} >= 0 THEN (${a}) / ${n} ELSE -((${n} - 1 - (${a})) / ${n}) END)`;

const revenueSum = (b: string) => `COALESCE(sum(l.excl) FILTER (WHERE l.bucket = '${b}'), 0)::int`;

/** The stat_stay rows of a scope: every occupancy of a counted or cancelled stay. */
export async function insertStays(db: Db, scope: Scope): Promise<void> {
  const q = staysSql(scope);
  await db.raw(q.sql, q.bindings);
}

/** The statement of insertStays. */
export function staysSql(scope: Scope): { sql: string; bindings: Knex.Value[] } {
  const w = where(scope, false);
  return {
    sql: `INSERT INTO stat_stay
SELECT o.id, o.booking_id, o.place_id, COALESCE(p.place_type_id, 0), COALESCE(p.layout_id, 0),
  COALESCE(t.is_residential, false), COALESCE(b.access_channel_id, 0), b.partner_id, ${SOURCE_SQL},
  (SELECT h.user_id FROM post_history h WHERE h.entity = 'booking' AND h.record_id = b.id AND h.action = 'create'
    ORDER BY h.id LIMIT 1),
  b.customer_id, k.iso_code, CASE WHEN k.iso_code = 'FR' THEN ${DEPARTMENT_SQL('c.postal_code')} END,
  o.start_date, o.end_date, o.end_date - o.start_date,
  (SELECT COALESCE(sum(d.quantity), 0) FROM occupancy_detail d WHERE d.occupancy_id = o.id),
  ${BOOKED_ON},
  CASE WHEN ${COUNTED} THEN NULL
    ELSE COALESCE((COALESCE(o.cancelled_at, b.cancelled_at) AT TIME ZONE 'Europe/Paris')::date, ${BOOKED_ON}) END,
  r.accommodation, r.extras, r.other, r.tax
${FROM}
  LEFT JOIN customer c ON c.id = b.customer_id
  LEFT JOIN country k ON k.id = c.country_id
  CROSS JOIN LATERAL (
    SELECT ${revenueSum('accommodation')} AS accommodation, ${revenueSum('extras')} AS extras,
      ${revenueSum('other')} AS other, ${revenueSum('tax')} AS tax
    FROM (SELECT ${bucketCase("(v->>'lineType')::int")} AS bucket,
            (v->>'amount')::bigint - COALESCE((v->>'vatAmount')::bigint, 0) AS excl
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.priced_quote->'quote'->'lines') = 'array'
            THEN o.priced_quote->'quote'->'lines' ELSE '[]'::jsonb END) v) l
  ) r
WHERE ${BASE} AND ${KEPT} AND ${w.sql}
ON CONFLICT (occupancy_id) DO UPDATE SET (booking_id, place_id, place_type_id, layout_id, residential, channel_id,
  partner_id, source, seller_user_id, customer_id, country_iso, department_code, start_date, end_date, nights, persons,
  booked_on, cancelled_on, accommodation, extras, other, tax) = (EXCLUDED.booking_id, EXCLUDED.place_id,
  EXCLUDED.place_type_id, EXCLUDED.layout_id, EXCLUDED.residential, EXCLUDED.channel_id, EXCLUDED.partner_id,
  EXCLUDED.source, EXCLUDED.seller_user_id, EXCLUDED.customer_id, EXCLUDED.country_iso, EXCLUDED.department_code,
  EXCLUDED.start_date, EXCLUDED.end_date, EXCLUDED.nights, EXCLUDED.persons, EXCLUDED.booked_on,
  EXCLUDED.cancelled_on, EXCLUDED.accommodation, EXCLUDED.extras, EXCLUDED.other, EXCLUDED.tax)`,
    bindings: w.bindings,
  };
}

/**
 * The stat_night rows of a scope: each night of a counted stay inside the scope's
 * range, with its share of every priced line (and whether it is the stay's first night:
 * arrivals per place). A line covers its own dates clipped to
 * the stay (the whole stay when it has none inside); night i of its n nights gets
 * floor(a·(i+1)/n) − floor(a·i/n) of its amount a excl. VAT, so the shares add up to the
 * line exactly.
 */
export async function insertNights(db: Db, scope: Scope): Promise<void> {
  const q = nightsSql(scope);
  await db.raw(q.sql, q.bindings);
}

/** A night's share of the lines of `bucket` (the arrays of the occupancy's lines, see nightsSql). */
const share = (bucket: Bucket) => `COALESCE(sum(CASE WHEN l.b = '${bucket}' AND n.night >= l.s AND n.night < l.e
  THEN ${floorDiv('l.x * (n.night - l.s + 1)', '(l.e - l.s)')} - ${floorDiv('l.x * (n.night - l.s)', '(l.e - l.s)')}
  END), 0)`;

/**
 * The statement of insertNights. Each occupancy's lines are read once into arrays
 * (bucket, amount, first night, end), then every night sums its shares over those few
 * lines: no sort or join over all the month's line-nights, so the month's cost grows
 * with its nights only.
 */
export function nightsSql(scope: Scope): { sql: string; bindings: Knex.Value[] } {
  const w = where(scope, true);
  const [m0, m1] = range(scope);
  return {
    sql: `WITH occ AS (
  SELECT o.id AS occupancy_id, o.booking_id, o.place_id, o.start_date, o.end_date,
    COALESCE(p.place_type_id, 0) AS place_type_id, COALESCE(p.layout_id, 0) AS layout_id,
    COALESCE(t.is_residential, false) AS residential, COALESCE(b.access_channel_id, 0) AS channel_id,
    ${SOURCE_SQL} AS source, p.capacity, p.in_service_from, p.in_service_until,
    (SELECT COALESCE(sum(d.quantity), 0) FROM occupancy_detail d WHERE d.occupancy_id = o.id)::int AS persons,
    ln.b, ln.x, ln.s, ln.e
  ${FROM}
  CROSS JOIN LATERAL (
    SELECT array_agg(bucket) AS b, array_agg(excl) AS x,
      array_agg(CASE WHEN le > ls THEN ls ELSE o.start_date END) AS s,
      array_agg(CASE WHEN le > ls THEN le ELSE o.end_date END) AS e
    FROM (SELECT ${bucketCase("(v->>'lineType')::int")} AS bucket,
        (v->>'amount')::bigint - COALESCE((v->>'vatAmount')::bigint, 0) AS excl,
        greatest(COALESCE((v->>'startDate')::date, o.start_date), o.start_date) AS ls,
        least(COALESCE((v->>'endDate')::date, o.end_date), o.end_date) AS le
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.priced_quote->'quote'->'lines') = 'array'
        THEN o.priced_quote->'quote'->'lines' ELSE '[]'::jsonb END) v) x
  ) ln
  WHERE ${BASE} AND ${COUNTED} AND ${w.sql}
), days AS MATERIALIZED (
  SELECT d::date AS day, ${openOn('d::date')} AS open
  FROM generate_series(greatest(?::date, (SELECT min(start_date) FROM occ)),
    least(?::date, (SELECT max(end_date) FROM occ)) - 1, interval '1 day') d
)
INSERT INTO stat_night
SELECT occ.occupancy_id, n.night, occ.booking_id, occ.place_id, occ.place_type_id, occ.layout_id, occ.residential,
  occ.channel_id, occ.source, occ.persons, occ.capacity,
  (occ.in_service_from IS NULL OR occ.in_service_from <= n.night)
    AND (occ.in_service_until IS NULL OR n.night < occ.in_service_until) AND days.open,
  r.accommodation, r.extras, r.other, r.tax, n.night = occ.start_date
FROM occ CROSS JOIN LATERAL (SELECT occ.start_date + i AS night FROM generate_series(
  greatest(occ.start_date, ?::date) - occ.start_date, least(occ.end_date, ?::date) - 1 - occ.start_date) i) n
JOIN days ON days.day = n.night
CROSS JOIN LATERAL (
  SELECT ${share('accommodation')} AS accommodation, ${share('extras')} AS extras, ${share('other')} AS other,
    ${share('tax')} AS tax
  FROM unnest(occ.b, occ.x, occ.s, occ.e) AS l(b, x, s, e)
) r`,
    bindings: [...w.bindings, m0, m1, m0, m1],
  };
}

/** stat_day rows summing stat_night, for the nights of a month or of bookings; `sign` -1 takes them away. */
export function sumNightsSql(filter: string, sign: 1 | -1): string {
  const s = sign === 1 ? '' : '-';
  return `SELECT night, place_type_id, layout_id, channel_id, source, residential,
  ${s}count(*), ${s}count(*) FILTER (WHERE NOT is_open), ${s}COALESCE(sum(capacity) FILTER (WHERE NOT is_open), 0),
  ${s}sum(persons), ${s}sum(accommodation), ${s}sum(extras), ${s}sum(other), ${s}sum(tax)
FROM stat_night WHERE ${filter}
GROUP BY night, place_type_id, layout_id, channel_id, source, residential`;
}

/**
 * The stat_capacity rows of the days of [from, to): places in service, open, available.
 * Whether the site is open is asked once per day and the unavailable place-days are
 * listed once, then joined to the places: no subquery per place and day.
 */
export async function insertCapacity(db: Db, from: string, to: string): Promise<void> {
  await db.raw(
    `WITH days AS MATERIALIZED (
  SELECT d::date AS day, ${openOn('d::date')} AS op FROM generate_series(?::date, ?::date - 1, interval '1 day') d
), un AS MATERIALIZED (
  SELECT DISTINCT u.place_id, g::date AS day FROM unavailability u
  CROSS JOIN LATERAL generate_series(greatest(u.start_date, ?::date), least(u.end_date, ?::date) - 1,
    interval '1 day') g
  WHERE u.start_date < ?::date AND u.end_date > ?::date
)
INSERT INTO stat_capacity
SELECT days.day, COALESCE(p.place_type_id, 0), COALESCE(p.layout_id, 0), COALESCE(t.is_residential, false),
  count(*), count(*) FILTER (WHERE days.op), count(*) FILTER (WHERE days.op AND un.place_id IS NULL),
  COALESCE(sum(p.capacity) FILTER (WHERE days.op AND un.place_id IS NULL), 0)
FROM days
JOIN place p ON ${inService('days.day')}
LEFT JOIN place_type t ON t.id = p.place_type_id
LEFT JOIN un ON un.place_id = p.id AND un.day = days.day
GROUP BY 1, 2, 3, 4`,
    [from, to, from, to, to, from],
  );
}
