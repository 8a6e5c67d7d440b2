// The statistics recomputed from the raw stays with SQL of their own (never the
// statistics tables nor the module's SQL): the definitions of docs/statistics.md
// restated. A night's revenue uses the telescoping form of the rule — the nights
// k0..k1 of a line of n nights and amount a hold ⌊a·k1/n⌋ − ⌊a·k0/n⌋ — where the module
// writes one row per night.
import type { Knex } from 'knex';

const COUNTED = `o.place_id IS NOT NULL AND NOT o.is_cancelled AND b.kind IN ('booking', 'passage')
  AND b.status_id IN (2, 3, 6, 7, 8, 13) AND b.cancellation <> 'cancelled'`;
const TOURIST = `NOT COALESCE((SELECT t.is_residential FROM place_type t JOIN place p ON p.place_type_id = t.id
  WHERE p.id = o.place_id), false)`;
const BUCKET = `CASE WHEN lt IN (1, 6, 9, 12, 21) THEN 'accommodation' WHEN lt IN (4, 5, 7, 17) THEN 'extras'
  WHEN lt IN (2, 3) THEN 'tax' ELSE 'other' END`;

const rows = async (db: Knex, sql: string, b: any[]) => (await db.raw(sql, b)).rows as Record<string, any>[];

/** Occupied place-nights of counted tourist stays in [from, to), per place type. */
export const occupiedByType = (db: Knex, from: string, to: string) => occupiedBy(db, from, to, 'place_type_id');

/** The same per place, place type or layout. */
export async function occupiedBy(db: Knex, from: string, to: string, col: 'id' | 'place_type_id' | 'layout_id') {
  const r = await rows(
    db,
    `SELECT p.${col} AS k, sum(least(o.end_date, ?::date) - greatest(o.start_date, ?::date))::int AS n
     FROM occupancy o JOIN booking b ON b.id = o.booking_id JOIN place p ON p.id = o.place_id
     WHERE ${COUNTED} AND ${TOURIST} AND o.start_date < ?::date AND o.end_date > ?::date GROUP BY 1`,
    [to, from, to, from],
  );
  return new Map(r.map((x) => [x.k, x.n]));
}

/**
 * Available place-nights per tourist place in [from, to): each day the place is in
 * service, an activity period holds it and no unavailability does; plus each night a
 * counted stay occupies outside that.
 */
export async function availableByPlace(db: Knex, from: string, to: string): Promise<Map<number, number>> {
  const r = await rows(
    db,
    `SELECT p.id AS k,
       (SELECT count(*) FROM generate_series(?::date, ?::date - 1, '1 day') d
        WHERE (p.in_service_from IS NULL OR d >= p.in_service_from) AND (p.in_service_until IS NULL OR d <
          p.in_service_until)
          AND EXISTS (SELECT 1 FROM activity_period a WHERE d BETWEEN a.start_date AND a.end_date)
          AND NOT EXISTS (SELECT 1 FROM unavailability u WHERE u.place_id = p.id AND d >= u.start_date AND d <
            u.end_date))
       + (SELECT count(*) FROM occupancy o JOIN booking b ON b.id = o.booking_id
          CROSS JOIN generate_series(greatest(o.start_date, ?::date), least(o.end_date, ?::date) - 1, '1 day') d
          WHERE o.place_id = p.id AND ${COUNTED}
            AND NOT ((p.in_service_from IS NULL OR d >= p.in_service_from) AND (p.in_service_until IS NULL OR d <
              p.in_service_until)
              AND EXISTS (SELECT 1 FROM activity_period a WHERE d BETWEEN a.start_date AND a.end_date))) AS n
     FROM place p LEFT JOIN place_type t ON t.id = p.place_type_id WHERE NOT COALESCE(t.is_residential, false)`,
    [from, to, from, to],
  );
  return new Map(r.map((x) => [x.k, Number(x.n)]));
}

/** Revenue excl. VAT of the nights in [from, to), per bucket. */
export async function revenueOfNights(db: Knex, from: string, to: string): Promise<Record<string, number>> {
  const r = await rows(
    db,
    `WITH l AS (
       SELECT (v->>'lineType')::int AS lt, ((v->>'amount')::bigint - COALESCE((v->>'vatAmount')::bigint,
         0))::numeric AS a,
         o.start_date AS os, o.end_date AS oe,
         greatest(COALESCE((v->>'startDate')::date, o.start_date), o.start_date) AS ls,
         least(COALESCE((v->>'endDate')::date, o.end_date), o.end_date) AS le
       FROM occupancy o JOIN booking b ON b.id = o.booking_id, jsonb_array_elements(o.priced_quote->'quote'->'lines') v
       WHERE ${COUNTED} AND ${TOURIST}),
     s AS (SELECT lt, a, CASE WHEN le > ls THEN ls ELSE os END AS s, CASE WHEN le > ls THEN le ELSE oe END AS e FROM l)
     SELECT ${BUCKET} AS bucket,
       sum(floor(a * least(greatest(?::date - s, 0), e - s) / (e - s)) - floor(a * least(greatest(?::date - s, 0), e
         - s) / (e - s)))::bigint AS amount
     FROM s GROUP BY 1`,
    [to, from],
  );
  const out: Record<string, number> = { accommodation: 0, extras: 0, other: 0, tax: 0 };
  for (const x of r) out[x.bucket] = Number(x.amount);
  return out;
}

/** Revenue excl. VAT of the counted tourist stays booked (created, Paris date) in [from, to), per bucket. */
export async function revenueBooked(db: Knex, from: string, to: string): Promise<Record<string, number>> {
  const r = await rows(
    db,
    `SELECT ${BUCKET} AS bucket, sum(a)::bigint AS amount FROM (
       SELECT (v->>'lineType')::int AS lt, (v->>'amount')::bigint - COALESCE((v->>'vatAmount')::bigint, 0) AS a
       FROM occupancy o JOIN booking b ON b.id = o.booking_id, jsonb_array_elements(o.priced_quote->'quote'->'lines') v
       WHERE ${COUNTED} AND ${TOURIST} AND timezone('Europe/Paris', b.created_at)::date >= ?::date
         AND timezone('Europe/Paris', b.created_at)::date < ?::date) x GROUP BY 1`,
    [from, to],
  );
  const out: Record<string, number> = { accommodation: 0, extras: 0, other: 0, tax: 0 };
  for (const x of r) out[x.bucket] = Number(x.amount);
  return out;
}

/** Arrivals and departures of counted tourist stays on each day of [from, to). */
export async function movements(db: Knex, from: string, to: string) {
  const r = await rows(
    db,
    `SELECT d::date::text AS day,
       (SELECT count(*) FROM occupancy o JOIN booking b ON b.id = o.booking_id WHERE ${COUNTED} AND ${TOURIST} AND
         o.start_date = d::date) AS arrivals,
       (SELECT count(*) FROM occupancy o JOIN booking b ON b.id = o.booking_id WHERE ${COUNTED} AND ${TOURIST} AND
         o.end_date = d::date) AS departures
     FROM generate_series(?::date, ?::date - 1, '1 day') d`,
    [from, to],
  );
  return new Map(r.map((x) => [x.day, { arrivals: Number(x.arrivals), departures: Number(x.departures) }]));
}

/** Counted tourist stays arriving in [from, to) per lead-time bucket lower bound (days from booking to arrival). */
export async function leadTimes(db: Knex, from: string, to: string): Promise<number[]> {
  const r = await rows(
    db,
    `SELECT o.start_date - timezone('Europe/Paris', b.created_at)::date AS lead FROM occupancy o JOIN booking b ON
      b.id = o.booking_id
     WHERE ${COUNTED} AND ${TOURIST} AND o.start_date >= ?::date AND o.start_date < ?::date`,
    [from, to],
  );
  return r.map((x) => x.lead);
}

/** Place-nights of [from, to) on the books at the end of day `asOf` (cancelled later: still on them). */
export async function onTheBooks(db: Knex, from: string, to: string, asOf: string): Promise<number> {
  const r = await rows(
    db,
    `SELECT COALESCE(sum(least(o.end_date, ?::date) - greatest(o.start_date, ?::date)), 0)::int AS n
     FROM occupancy o JOIN booking b ON b.id = o.booking_id
     WHERE o.place_id IS NOT NULL AND b.kind IN ('booking', 'passage') AND ${TOURIST}
       AND (${COUNTED.replace('o.place_id IS NOT NULL AND ', '')}
            OR (b.status_id = 9 AND timezone('Europe/Paris', b.cancelled_at)::date > ?::date))
       AND o.start_date < ?::date AND o.end_date > ?::date AND timezone('Europe/Paris', b.created_at)::date <= ?::date`,
    [to, from, asOf, to, from, asOf],
  );
  return r[0].n;
}

/** Counted tourist stays arriving in [from, to): per customer country ISO code, stays and nights. */
export async function byCountry(db: Knex, from: string, to: string) {
  const r = await rows(
    db,
    `SELECT k.iso_code AS k, count(*)::int AS stays, sum(o.end_date - o.start_date)::int AS nights
     FROM occupancy o JOIN booking b ON b.id = o.booking_id JOIN customer c ON c.id = b.customer_id JOIN country k
       ON k.id = c.country_id
     WHERE ${COUNTED} AND ${TOURIST} AND o.start_date >= ?::date AND o.start_date < ?::date GROUP BY 1`,
    [from, to],
  );
  return new Map(r.map((x) => [x.k, { stays: x.stays, nights: x.nights }]));
}

/** Counted tourist stays' revenue excl. VAT (tourist tax aside) booked in [from, to), per partner or creating user. */
export async function soldBySeller(db: Knex, from: string, to: string) {
  const r = await rows(
    db,
    `SELECT COALESCE('p' || b.partner_id, 'u' || (SELECT h.user_id FROM post_history h WHERE h.entity = 'booking'
         AND h.record_id = b.id AND h.action = 'create' ORDER BY h.id LIMIT 1), 'none') AS k,
       sum((SELECT COALESCE(sum((v->>'amount')::bigint - COALESCE((v->>'vatAmount')::bigint, 0)), 0)
            FROM jsonb_array_elements(o.priced_quote->'quote'->'lines') v WHERE (v->>'lineType')::int NOT IN (2,
              3)))::bigint AS revenue
     FROM occupancy o JOIN booking b ON b.id = o.booking_id
     WHERE ${COUNTED} AND ${TOURIST} AND timezone('Europe/Paris', b.created_at)::date >= ?::date
       AND timezone('Europe/Paris', b.created_at)::date < ?::date GROUP BY 1`,
    [from, to],
  );
  return new Map(r.map((x) => [x.k, Number(x.revenue)]));
}

export interface Arrival {
  placeId: number;
  nights: number;
  persons: number;
}

/** Counted tourist stays arriving in [from, to): their place, nights and persons (occupants of every age). */
export async function arrivals(db: Knex, from: string, to: string): Promise<Arrival[]> {
  const r = await rows(
    db,
    `SELECT o.place_id AS "placeId", o.end_date - o.start_date AS nights,
       (SELECT COALESCE(sum(d.quantity), 0)::int FROM occupancy_detail d WHERE d.occupancy_id = o.id) AS persons
     FROM occupancy o JOIN booking b ON b.id = o.booking_id
     WHERE ${COUNTED} AND ${TOURIST} AND o.start_date >= ?::date AND o.start_date < ?::date`,
    [from, to],
  );
  return r as Arrival[];
}
