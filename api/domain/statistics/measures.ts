// The figures of the occupancy side, read from stat_day and stat_capacity for one
// period, grouped by one dimension (docs/statistics.md « Occupancy »):
// - available place-nights: open and not unavailable (stat_capacity), plus the nights
//   sold on a place or a date outside the opening (the site opened for that guest);
// - occupied place-nights, person-nights, and the revenue of the nights, by bucket.
// Channel and source filter the stays, never the places: a channel's occupancy is its
// occupied nights over all the available ones.
import type { Knex } from 'knex';
import type { StatPeriod } from '../../../common/stats';
import { dimWhere, type StatFilters } from './query';

export type GroupBy = 'total' | 'day' | 'month' | 'place_type_id' | 'layout_id' | 'channel_id';

export interface Occupancy {
  places: number;
  available: number;
  occupied: number;
  capacityPersons: number;
  personNights: number;
  accommodation: number;
  extras: number;
  other: number;
  tax: number;
}

export const emptyOccupancy = (): Occupancy => ({
  places: 0,
  available: 0,
  occupied: 0,
  capacityPersons: 0,
  personNights: 0,
  accommodation: 0,
  extras: 0,
  other: 0,
  tax: 0,
});

const keyOf = (by: GroupBy, a: string) =>
  by === 'total'
    ? `'total'`
    : by === 'month'
      ? `to_char(${a}.day, 'YYYY-MM')`
      : by === 'day'
        ? `${a}.day::text`
        : `${a}.${by}::text`;

/** The occupancy figures of one period per key of `by` (the key « total » for the whole). */
export async function occupancyBy(
  db: Knex,
  f: StatFilters,
  p: StatPeriod,
  by: GroupBy,
): Promise<Map<string, Occupancy>> {
  const cap = dimWhere(f, 'c', false);
  const capD = dimWhere(f, 'd', false);
  const stays = dimWhere(f, 'd', true);
  // Places have no channel: grouped by channel, every channel shares the whole capacity.
  const capKey = by === 'channel_id' ? `'total'` : keyOf(by, 'c');
  const closedKey = by === 'channel_id' ? `'total'` : keyOf(by, 'd');
  const [capRows, dayRows] = await Promise.all([
    db.raw(
      `SELECT ${capKey} AS k, max(c.places_day) AS places, sum(c.available) AS available, sum(c.capacity_persons) AS cap
       FROM (SELECT c.*, sum(c.places) OVER (PARTITION BY
         c.day${by === 'total' || by === 'channel_id' || by === 'month' || by === 'day' ? '' : `, c.${by}`}) AS
         places_day
             FROM stat_capacity c WHERE c.day >= ? AND c.day < ? AND ${cap.sql}) c
       GROUP BY 1`,
      [p.from, p.to, ...cap.bindings],
    ),
    db.raw(
      `SELECT k, sum(occupied) FILTER (WHERE s) AS occupied, sum(person_nights) FILTER (WHERE s) AS person_nights,
         sum(accommodation) FILTER (WHERE s) AS accommodation, sum(extras) FILTER (WHERE s) AS extras,
         sum(other) FILTER (WHERE s) AS other, sum(tax) FILTER (WHERE s) AS tax,
         sum(occupied_closed) AS closed, sum(closed_capacity) AS closed_capacity, ck
       FROM (SELECT d.*, ${keyOf(by, 'd')} AS k, ${closedKey} AS ck, (${stays.sql}) AS s
             FROM stat_day d WHERE d.day >= ? AND d.day < ? AND ${capD.sql}) d
       GROUP BY k, ck`,
      [...stays.bindings, p.from, p.to, ...capD.bindings],
    ),
  ]);
  const out = new Map<string, Occupancy>();
  const at = (k: string) => {
    let o = out.get(k);
    if (!o) out.set(k, (o = emptyOccupancy()));
    return o;
  };
  const capacity = new Map<string, { places: number; available: number; cap: number }>();
  for (const r of capRows.rows) capacity.set(r.k, { places: r.places, available: r.available, cap: r.cap });
  const closed = new Map<string, { n: number; cap: number }>();
  for (const r of dayRows.rows) {
    const o = at(r.k);
    o.occupied += r.occupied ?? 0;
    o.personNights += r.person_nights ?? 0;
    o.accommodation += r.accommodation ?? 0;
    o.extras += r.extras ?? 0;
    o.other += r.other ?? 0;
    o.tax += r.tax ?? 0;
    const c = closed.get(r.ck) ?? { n: 0, cap: 0 };
    closed.set(r.ck, { n: c.n + r.closed, cap: c.cap + r.closed_capacity });
  }
  const keys = by === 'channel_id' ? [...out.keys()] : [...new Set([...capacity.keys(), ...out.keys()])];
  for (const k of keys) {
    const ck = by === 'channel_id' ? 'total' : k;
    const c = capacity.get(ck);
    const x = closed.get(ck);
    const o = at(k);
    o.places = c?.places ?? 0;
    o.available = (c?.available ?? 0) + (x?.n ?? 0);
    o.capacityPersons = (c?.cap ?? 0) + (x?.cap ?? 0);
  }
  return out;
}
