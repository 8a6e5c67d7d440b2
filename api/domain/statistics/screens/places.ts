// /stats/nights-per-place — Nuitées par emplacement: per place, its available nights
// (the period within its service dates and the activity periods, less its
// unavailabilities, plus nights sold outside them), occupied nights, occupancy, stays
// arrived and accommodation revenue excl. VAT.
import type { Knex } from 'knex';
import type { StatPeriod } from '../../../../common/stats';
import { dimWhere, perUnit, ratioBp, type StatFilters } from '../query';
import { buildTable, compareCodes, type Keyed, type Measure, type Values } from '../table';
import type { ScreenDef } from './types';
import { summaryRows } from '../summaries';

/**
 * Open place-nights per place: interval arithmetic over activity periods, service dates
 * and unavailabilities; the unavailable nights of all places in one grouped join (a
 * subquery per place read every place's open ranges: 11 s for 2 000 places, bench).
 */
async function availableByPlace(db: Knex, f: StatFilters, p: StatPeriod): Promise<Map<number, number>> {
  const w = dimWhere(f, 'p', false);
  const r = await db.raw<{ rows: { id: number; available: number }[] }>(
    `WITH places AS (
       SELECT p.id, COALESCE(p.place_type_id, 0) AS place_type_id, COALESCE(p.layout_id, 0) AS layout_id,
         COALESCE(t.is_residential, false) AS residential, p.in_service_from, p.in_service_until
       FROM place p LEFT JOIN place_type t ON t.id = p.place_type_id),
     open AS (
       SELECT p.id, daterange(?::date, ?::date) * daterange(a.start_date, a.end_date + 1)
         * daterange(p.in_service_from, p.in_service_until) AS r
       FROM places p CROSS JOIN activity_period a WHERE ${w.sql}),
     unavailable AS (
       SELECT o.id, sum(upper(o.r * daterange(u.start_date, u.end_date)) - lower(o.r * daterange(u.start_date,
         u.end_date))) AS n
       FROM open o JOIN unavailability u ON u.place_id = o.id
       WHERE NOT isempty(o.r * daterange(u.start_date, u.end_date)) GROUP BY o.id)
     SELECT o.id, sum(upper(o.r) - lower(o.r)) - COALESCE(max(un.n), 0) AS available
     FROM open o LEFT JOIN unavailable un ON un.id = o.id WHERE NOT isempty(o.r) GROUP BY o.id`,
    [p.from, p.to, ...w.bindings],
  );
  return new Map(r.rows.map((x) => [x.id, x.available]));
}

async function nightsByPlace(db: Knex, f: StatFilters, p: StatPeriod) {
  // The whole months from stat_place_month, the partial ones from stat_night (summaries.ts).
  const rows = summaryRows('place', p, 'night', dimWhere(f, 's', true));
  const r = await db.raw(
    `SELECT s.place_id, sum(s.occupied) AS occupied, sum(s.occupied_closed) AS closed,
       sum(s.accommodation) AS accommodation, sum(s.arrivals) AS stays
     FROM (${rows.sql}) s GROUP BY 1 HAVING sum(s.occupied) <> 0`,
    rows.bindings,
  );
  return r.rows as { place_id: number; occupied: number; closed: number; accommodation: number; stays: number }[];
}

export const placesScreen: ScreenDef = {
  name: 'nights-per-place',
  title: 'Nuitées par emplacement',
  async build(db, q, periods) {
    const values = await Promise.all(
      periods.map(async (p) => {
        const [avail, nights] = await Promise.all([availableByPlace(db, q, p), nightsByPlace(db, q, p)]);
        const out = new Map<string, Values>();
        for (const [id, a] of avail) out.set(String(id), { available: a, occupied: 0, stays: 0 });
        for (const r of nights) {
          const v = out.get(String(r.place_id)) ?? { available: 0 };
          v.available = (v.available ?? 0) + r.closed;
          v.occupied = r.occupied;
          v.stays = r.stays;
          v.accommodation = r.accommodation;
          out.set(String(r.place_id), v);
        }
        for (const v of out.values()) {
          v.rate = ratioBp(v.occupied ?? 0, v.available ?? 0);
          v.accommodation ??= 0;
          v.adr = perUnit(v.accommodation ?? 0, v.occupied ?? 0);
        }
        return out;
      }),
    );
    const ids = [...new Set(values.flatMap((m) => [...m.keys()]))].map(Number);
    const places = await db('place as p')
      .leftJoin('place_type as t', 't.id', 'p.placeTypeId')
      // one array parameter: an IN list of 2 000 parameters took longer than the figures (bench)
      .whereRaw('p.id = ANY(?::int[])', [ids])
      .select('p.id', 'p.code', 't.label as type');
    const keys: Keyed[] = places
      .sort(
        (a, b) =>
          (values[0].get(String(b.id))?.occupied ?? 0) - (values[0].get(String(a.id))?.occupied ?? 0) ||
          compareCodes(a.code, b.code),
      )
      .map((x) => ({ key: String(x.id), label: `${x.code} (${x.type ?? 'sans type'})` }));
    const measures: Measure[] = [
      { key: 'available', label: 'Nuitées disponibles', kind: 'int' },
      { key: 'occupied', label: 'Nuitées occupées', kind: 'int', compared: true },
      { key: 'rate', label: "Taux d'occupation", kind: 'rate' },
      { key: 'stays', label: 'Séjours arrivés', kind: 'int' },
      { key: 'accommodation', label: 'CA hébergement HT', kind: 'money' },
      { key: 'adr', label: 'Prix moyen par nuitée', kind: 'money' },
    ];
    const totals = values.map((m) => {
      const t: Values = {};
      for (const k of ['available', 'occupied', 'stays', 'accommodation'])
        t[k] = [...m.values()].reduce((s, v) => s + (v[k] ?? 0), 0);
      t.rate = ratioBp(t.occupied ?? 0, t.available ?? 0);
      t.adr = perUnit(t.accommodation ?? 0, t.occupied ?? 0);
      return t;
    });
    return buildTable({
      keyColumn: { key: 'place', label: 'Emplacement', kind: 'text' },
      keys,
      measures,
      periods,
      values,
      totals,
      chart: { kind: 'bar', measure: 'occupied', top: 30 },
    });
  },
};
