// What a channel is told it may sell (docs/channels.md « Availability »): per mapped place
// type and night, its active places less those held that night (place_reservation: stays,
// unavailabilities, iCal blocks). One SQL statement whatever the size: held nights are
// counted from the reservations overlapping the window, not probed place by place.
// Changes come from channel_dirty (a trigger on place_reservation, migration 0161): a
// channel pushes only the place types and nights changed since its last push.
import type { Knex } from 'knex';
import { addDays, todayParis } from '../../../common/dates';
import type { AvailabilityRow } from './types';
import type { Mapping } from './config';

type Db = Knex | Knex.Transaction;

/**
 * Free places per place type and night of [from, to). A place held back by a partner
 * allotment (partner_allotment, not yet released) for another partner than the channel's
 * (`partnerId`; none: every allotment) is not free that night, as in searchAvailability;
 * a place both held and allotted counts once, and free is never below 0.
 */
export async function freeByNight(
  db: Db,
  placeTypeIds: number[],
  from: string,
  to: string,
  partnerId: number | null = null,
  today: string = todayParis(),
): Promise<{ placeTypeId: number; date: string; free: number }[]> {
  if (!placeTypeIds.length || from >= to) return [];
  const res = await db.raw(
    `WITH days AS (SELECT d::date AS date FROM generate_series(?::date, ?::date - 1, interval '1 day') d),
     cap AS (
       SELECT p.place_type_id, count(*)::int AS n FROM place p JOIN place_type t ON t.id = p.place_type_id
       WHERE p.place_type_id = ANY(?) AND p.is_active AND t.is_active GROUP BY 1),
     taken AS (
       SELECT r.place_id, r.nights FROM place_reservation r WHERE r.nights && daterange(?::date, ?::date)
       UNION ALL
       SELECT a.place_id, daterange(a.start_date, a.end_date) FROM partner_allotment a
       WHERE daterange(a.start_date, a.end_date) && daterange(?::date, ?::date)
         AND (a.release_date IS NULL OR a.release_date > ?::date) AND a.partner_id IS DISTINCT FROM ?::integer),
     held AS (
       SELECT p.place_type_id, g::date AS date, count(DISTINCT p.id)::int AS n
       FROM taken r JOIN place p ON p.id = r.place_id AND p.is_active
       CROSS JOIN LATERAL generate_series(greatest(lower(r.nights), ?::date),
                                          least(upper(r.nights), ?::date) - 1, interval '1 day') g
       WHERE p.place_type_id = ANY(?)
       GROUP BY 1, 2)
     SELECT cap.place_type_id AS "placeTypeId", to_char(days.date, 'YYYY-MM-DD') AS date,
            greatest(cap.n - coalesce(held.n, 0), 0) AS free
     FROM cap CROSS JOIN days
     LEFT JOIN held ON held.place_type_id = cap.place_type_id AND held.date = days.date
     ORDER BY 1, 2`,
    [from, to, placeTypeIds, from, to, from, to, today, partnerId, from, to, placeTypeIds],
  );
  return res.rows;
}

/** The rows for a channel: each mapped room type gets its place type's free places. */
export function toChannelRows(
  maps: Pick<Mapping, 'kind' | 'externalCode' | 'placeTypeId'>[],
  free: { placeTypeId: number; date: string; free: number }[],
): AvailabilityRow[] {
  const byType = new Map<number, string[]>();
  for (const m of maps)
    if (m.kind === 'place-type' && m.placeTypeId != null)
      byType.set(m.placeTypeId, [...(byType.get(m.placeTypeId) ?? []), m.externalCode]);
  const out: AvailabilityRow[] = [];
  for (const f of free)
    for (const roomType of byType.get(f.placeTypeId) ?? []) out.push({ roomType, date: f.date, free: f.free });
  return out;
}

/** How far ahead availability is pushed. */
export const HORIZON_DAYS = 365;

/**
 * The place types and nights changed since `seenId` (clipped to [today, today + horizon)),
 * merged per place type into one window, and the last change id read.
 */
export async function changedSince(
  db: Db,
  seenId: number,
  today: string,
): Promise<{ lastId: number; windows: Map<number, { from: string; to: string }> }> {
  const end = addDays(today, HORIZON_DAYS);
  const rows: { placeTypeId: number; from: string; to: string; lastId: string }[] = (
    await db.raw(
      `SELECT place_type_id AS "placeTypeId", to_char(min(start_date), 'YYYY-MM-DD') AS "from",
              to_char(max(end_date), 'YYYY-MM-DD') AS "to", max(id)::text AS "lastId"
       FROM channel_dirty WHERE id > ? GROUP BY place_type_id`,
      [seenId],
    )
  ).rows;
  const windows = new Map<number, { from: string; to: string }>();
  let lastId = seenId;
  for (const r of rows) {
    lastId = Math.max(lastId, Number(r.lastId));
    const from = r.from < today ? today : r.from;
    const to = r.to > end ? end : r.to;
    if (from < to) windows.set(r.placeTypeId, { from, to });
  }
  return { lastId, windows };
}
