// Occupancy per place type and night, as the statistics define it (docs/statistics.md:
// the stays counted are api/domain/statistics/definitions.ts's COUNTED_STATUSES and
// COUNTED_KINDS; the capacity is the places in service, on a night the site is open,
// not unavailable). Read live from the stays rather than from stat_night: the statistics
// tables trail the stays by a few seconds to a night, and a price decided on them would
// ignore the booking just taken.
import type { Knex } from 'knex';
import { COUNTED_KINDS, COUNTED_STATUSES } from '../statistics/definitions';
import type { NightOccupancy, OccupancyOf } from './engine';

type Db = Knex | Knex.Transaction;

export async function loadOccupancy(db: Db, placeTypeIds: number[], from: string, to: string): Promise<OccupancyOf> {
  const map = new Map<string, NightOccupancy>();
  if (placeTypeIds.length && from < to) {
    const { rows } = await db.raw(
      `WITH nights AS MATERIALIZED (
  SELECT d::date AS night,
    EXISTS (SELECT 1 FROM activity_period a WHERE a.start_date <= d::date AND d::date <= a.end_date) AS open
  FROM generate_series(?::date, ?::date - 1, interval '1 day') d
), cap AS (
  SELECT p.place_type_id, n.night, count(*)::int AS capacity
  FROM nights n JOIN place p ON n.open
    AND (p.in_service_from IS NULL OR p.in_service_from <= n.night)
    AND (p.in_service_until IS NULL OR n.night < p.in_service_until)
  WHERE p.place_type_id = ANY(?::int[])
    AND NOT EXISTS (SELECT 1 FROM unavailability u
      WHERE u.place_id = p.id AND u.start_date <= n.night AND n.night < u.end_date)
  GROUP BY 1, 2
), occ AS (
  SELECT p.place_type_id, n.night, count(DISTINCT o.place_id)::int AS occupied
  FROM occupancy o
  JOIN booking b ON b.id = o.booking_id
  JOIN place p ON p.id = o.place_id
  JOIN nights n ON o.start_date <= n.night AND n.night < o.end_date
  WHERE p.place_type_id = ANY(?::int[]) AND NOT o.is_cancelled AND b.cancellation <> 'cancelled'
    AND b.status_id = ANY(?::int[]) AND b.kind = ANY(?::text[])
  GROUP BY 1, 2
)
SELECT cap.place_type_id AS "placeTypeId", to_char(cap.night, 'YYYY-MM-DD') AS night, cap.capacity,
  COALESCE(occ.occupied, 0) AS occupied
FROM cap LEFT JOIN occ USING (place_type_id, night)`,
      [from, to, placeTypeIds, placeTypeIds, [...COUNTED_STATUSES], [...COUNTED_KINDS]],
    );
    for (const r of rows as { placeTypeId: number; night: string; capacity: number; occupied: number }[])
      map.set(`${r.placeTypeId}|${r.night}`, { occupied: Math.min(r.occupied, r.capacity), capacity: r.capacity });
  }
  return (placeTypeId, night) => map.get(`${placeTypeId}|${night}`);
}
