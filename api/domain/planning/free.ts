// Free places per day for the board's filters (the held nights of place_reservation
// and the places let to residents), and the price periods of the board's header.
import type { Knex } from 'knex';
import { freeCounts, mergePricePeriods, type BoardPeriod, type GridPeriod, type Reservation } from './compute';

type Db = Knex | Knex.Transaction;
/** Held nights grouped by span (snake_case: raw rows keep the column names). */
interface HeldRow {
  startDate?: string;
  start_date?: string;
  endDate?: string;
  end_date?: string;
  n: number;
}

/** A resident's contract on a place over the span, with its campsite sublets' nights. */
interface LetRow {
  id: number;
  s: string;
  e: string;
  sublets: [string, string][];
}

export interface PlaceFilter {
  layoutIds?: number[];
  familyIds?: number[];
  typeIds?: number[];
  featureIds?: number[];
  placeIds?: number[];
}

/** Active places matching the filters (features: every one asked). */
export function filteredPlaces(db: Db, f: PlaceFilter): Knex.QueryBuilder {
  const q = db('place as p').join('place_type as t', 't.id', 'p.placeTypeId').where('p.isActive', true).select('p.id');
  if (f.layoutIds?.length) q.whereIn('p.layoutId', f.layoutIds);
  if (f.familyIds?.length) q.whereIn('t.placeFamilyId', f.familyIds);
  if (f.typeIds?.length) q.whereIn('p.placeTypeId', f.typeIds);
  if (f.placeIds?.length) q.whereIn('p.id', f.placeIds);
  if (f.featureIds?.length) {
    q.whereRaw(
      '(SELECT count(DISTINCT pf.feature_id) FROM place_feature pf WHERE pf.place_id = p.id AND pf.feature_id = ' +
        'ANY(?::integer[])) = ?',
      [f.featureIds, f.featureIds.length],
    );
  }
  return q;
}

/**
 * Free places per day of [from, to) among the filtered places: the active places
 * minus those held that night (an active occupancy or an unavailability — the rows
 * of place_reservation, the table the exclusion constraint guards).
 */
export async function planningFree(
  db: Db,
  from: string,
  to: string,
  f: PlaceFilter,
): Promise<{ total: number; days: Record<string, number> }> {
  const filtered = Object.values(f).some((v) => v?.length);
  const places = filtered ? filteredPlaces(db, f) : db('place as p').where('p.isActive', true).select('p.id');
  const [{ n: total }] = await db.from(places.clone().as('x')).count({ n: '*' });
  if (!Number(total)) return { total: 0, days: freeCounts(from, to, 0, []) };
  // Held nights of those places, clipped to the span and grouped (a few hundred rows, not one per stay).
  const sub = places.clone().clearSelect().select('p.id').toSQL();
  const res = await db.raw<{ rows?: HeldRow[] }>(
    `SELECT lower(x.n)::text AS start_date, upper(x.n)::text AS end_date, count(*)::int AS n
       FROM (SELECT r.nights * daterange(?::date, ?::date) AS n FROM place_reservation r
              WHERE r.nights && daterange(?::date, ?::date) AND r.place_id IN (${sub.sql})) x
      GROUP BY 1, 2`,
    [from, to, from, to, ...sub.bindings],
  );
  const rows: Reservation[] = (res.rows ?? (res as unknown as HeldRow[])).map((r) => ({
    startDate: String(r.startDate ?? r.start_date),
    endDate: String(r.endDate ?? r.end_date),
    count: Number(r.n),
  }));
  rows.push(...(await letNights(db, from, to, sub.sql, sub.bindings)));
  return { total: Number(total), days: freeCounts(from, to, Number(total), rows) };
}

/**
 * The nights of [from, to) the filtered places are let to a resident (a place
 * affectation, residential module) outside the campsite's own sublets: no night stay can
 * be sold there (stays/store.ts leasedSql), so they are not free. A sublet through the
 * campsite frees its nights: its stay, once booked, is a place_reservation row instead.
 */
async function letNights(db: Db, from: string, to: string, placesSql: string, bindings: readonly Knex.Value[]) {
  const res = await db.raw<{ rows?: LetRow[] }>(
    `SELECT a.id, greatest(a.start_date, ?::date)::text AS s, least(coalesce(a.end_date, ?::date), ?::date)::text AS e,
            coalesce((SELECT json_agg(json_build_array(l.start_date::text, l.end_date::text) ORDER BY l.start_date)
               FROM sublet l WHERE l.place_affectation_id = a.id AND l.mode = 'campsite' AND l.status_id <> 3
                AND l.start_date < ?::date AND l.end_date > ?::date), '[]') AS sublets
       FROM place_affectation a
      WHERE daterange(a.start_date, a.end_date) && daterange(?::date, ?::date) AND a.place_id IN (${placesSql})`,
    [from, to, to, to, from, from, to, ...bindings],
  );
  const out: Reservation[] = [];
  for (const r of res.rows ?? (res as unknown as LetRow[])) {
    let cursor: string = r.s;
    for (const [ls, le] of r.sublets) {
      if (ls > cursor) out.push({ startDate: cursor, endDate: ls < r.e ? ls : r.e });
      if (le > cursor) cursor = le;
    }
    if (cursor < r.e) out.push({ startDate: cursor, endDate: r.e });
  }
  return out;
}

/** The price periods of the active grids over [from, to), one band (see compute.ts). */
export async function planningPeriods(db: Db, from: string, to: string): Promise<BoardPeriod[]> {
  const rows: GridPeriod[] = await db('price_grid_period as pp')
    .join('price_grid as g', 'g.id', 'pp.priceGridId')
    .where('g.isActive', true)
    .where('pp.startDate', '<', to)
    .where('pp.endDate', '>', from)
    .select('pp.id', 'pp.label', 'pp.startDate', 'pp.endDate', 'pp.priceGridId')
    .orderBy('pp.startDate')
    .orderBy('pp.id');
  return mergePricePeriods(rows);
}
