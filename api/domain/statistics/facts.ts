// The SQL that turns raw stays into statistics rows (docs/statistics.md « Facts »):
// stat_stay per occupancy, stat_night per occupied place-night with its revenue share,
// stat_capacity per day. A scope is a month [from, to) (the regeneration) or a set of
// bookings (the incremental update); both use the same statements.
import type { Knex } from 'knex';
import { bucketCase, COUNTED_KINDS, COUNTED_STATUSES, DEPARTMENT_SQL, SOURCE_SQL } from './definitions';
import { STATUS } from '../../../common/stay-status';

type Db = Knex | Knex.Transaction;
export type Scope = { from: string; to: string } | { bookingIds: number[] };

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
  // Nights: stays meeting the month; stays: those arriving in it.
  return forNights
    ? { sql: 'o.start_date < ?::date AND o.end_date > ?::date', bindings: [scope.to, scope.from] }
    : { sql: 'o.start_date >= ?::date AND o.start_date < ?::date', bindings: [scope.from, scope.to] };
}
const range = (scope: Scope) => ('bookingIds' in scope ? ['1900-01-01', '9999-12-31'] : [scope.from, scope.to]);

/** ⌊a / n⌋ on integers for n > 0 (PostgreSQL's integer division truncates towards zero). */
const floorDiv = (a: string, n: string) =>
  `(CASE WHEN ${a} >= 0 THEN (${a}) / ${n} ELSE -((${n} - 1 - (${a})) / ${n}) END)`;

const revenueSum = (b: string) => `COALESCE(sum(l.excl) FILTER (WHERE l.bucket = '${b}'), 0)::int`;

/** The stat_stay rows of a scope: every occupancy of a counted or cancelled stay. */
export async function insertStays(db: Db, scope: Scope): Promise<void> {
  const w = where(scope, false);
  await db.raw(
    `INSERT INTO stat_stay
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
    w.bindings,
  );
}

/**
 * The stat_night rows of a scope: each night of a counted stay inside the scope's
 * range, with its share of every priced line. A line covers its own dates clipped to
 * the stay (the whole stay when it has none inside); night i of its n nights gets
 * floor(a·(i+1)/n) − floor(a·i/n) of its amount a excl. VAT, so the shares add up to the
 * line exactly.
 */
export async function insertNights(db: Db, scope: Scope): Promise<void> {
  const q = nightsSql(scope);
  await db.raw(q.sql, q.bindings);
}

/** The statement of insertNights (the benchmark explains and times it). */
export function nightsSql(scope: Scope): { sql: string; bindings: Knex.Value[] } {
  const w = where(scope, true);
  const [m0, m1] = range(scope);
  return {
    sql: `WITH occ AS (
  SELECT o.id AS occupancy_id, o.booking_id, o.place_id, o.start_date, o.end_date, o.priced_quote,
    COALESCE(p.place_type_id, 0) AS place_type_id, COALESCE(p.layout_id, 0) AS layout_id,
    COALESCE(t.is_residential, false) AS residential, COALESCE(b.access_channel_id, 0) AS channel_id,
    ${SOURCE_SQL} AS source, p.capacity, p.in_service_from, p.in_service_until,
    (SELECT COALESCE(sum(d.quantity), 0) FROM occupancy_detail d WHERE d.occupancy_id = o.id)::int AS persons
  ${FROM}
  WHERE ${BASE} AND ${COUNTED} AND ${w.sql}
), lines AS (
  SELECT occ.occupancy_id, ${bucketCase("(v->>'lineType')::int")} AS bucket,
    (v->>'amount')::bigint - COALESCE((v->>'vatAmount')::bigint, 0) AS excl,
    greatest(COALESCE((v->>'startDate')::date, occ.start_date), occ.start_date) AS ls,
    least(COALESCE((v->>'endDate')::date, occ.end_date), occ.end_date) AS le,
    occ.start_date, occ.end_date
  FROM occ CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(occ.priced_quote->'quote'->'lines') = 'array'
    THEN occ.priced_quote->'quote'->'lines' ELSE '[]'::jsonb END) v
), spans AS (
  SELECT occupancy_id, bucket, excl,
    CASE WHEN le > ls THEN ls ELSE start_date END AS s, CASE WHEN le > ls THEN le ELSE end_date END AS e
  FROM lines
), shares AS (
  SELECT sp.occupancy_id, sp.s + i AS night, sp.bucket,
    ${floorDiv('sp.excl * (i + 1)', '(sp.e - sp.s)')} - ${floorDiv('sp.excl * i', '(sp.e - sp.s)')} AS amount
  FROM spans sp CROSS JOIN LATERAL generate_series(greatest(sp.s, ?::date) - sp.s, least(sp.e, ?::date) - 1 - sp.s) i
), rev AS (
  SELECT occupancy_id, night,
    COALESCE(sum(amount) FILTER (WHERE bucket = 'accommodation'), 0) AS accommodation,
    COALESCE(sum(amount) FILTER (WHERE bucket = 'extras'), 0) AS extras,
    COALESCE(sum(amount) FILTER (WHERE bucket = 'other'), 0) AS other,
    COALESCE(sum(amount) FILTER (WHERE bucket = 'tax'), 0) AS tax
  FROM shares GROUP BY occupancy_id, night
)
INSERT INTO stat_night
SELECT occ.occupancy_id, n.night, occ.booking_id, occ.place_id, occ.place_type_id, occ.layout_id, occ.residential,
  occ.channel_id, occ.source, occ.persons, occ.capacity,
  (occ.in_service_from IS NULL OR occ.in_service_from <= n.night)
    AND (occ.in_service_until IS NULL OR n.night < occ.in_service_until) AND ${openOn('n.night')},
  COALESCE(r.accommodation, 0), COALESCE(r.extras, 0), COALESCE(r.other, 0), COALESCE(r.tax, 0)
FROM occ CROSS JOIN LATERAL (SELECT occ.start_date + i AS night FROM generate_series(
  greatest(occ.start_date, ?::date) - occ.start_date, least(occ.end_date, ?::date) - 1 - occ.start_date) i) n
LEFT JOIN rev r ON r.occupancy_id = occ.occupancy_id AND r.night = n.night`,
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

/** The stat_capacity rows of the days of [from, to): places in service, open, available. */
export async function insertCapacity(db: Db, from: string, to: string): Promise<void> {
  await db.raw(
    `INSERT INTO stat_capacity
SELECT d::date, COALESCE(p.place_type_id, 0), COALESCE(p.layout_id, 0), COALESCE(t.is_residential, false),
  count(*), count(*) FILTER (WHERE x.op), count(*) FILTER (WHERE x.op AND NOT x.un),
  COALESCE(sum(p.capacity) FILTER (WHERE x.op AND NOT x.un), 0)
FROM generate_series(?::date, ?::date - 1, interval '1 day') d
JOIN place p ON ${inService('d::date')}
LEFT JOIN place_type t ON t.id = p.place_type_id
CROSS JOIN LATERAL (SELECT ${openOn('d::date')} AS op,
  EXISTS (SELECT 1 FROM unavailability u WHERE u.place_id = p.id AND u.start_date <= d::date AND d::date <
    u.end_date) AS un) x
GROUP BY 1, 2, 3, 4`,
    [from, to],
  );
}
