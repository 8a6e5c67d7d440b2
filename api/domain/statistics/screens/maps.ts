// /stats/map — Cartes géographiques: customers, stays and nights of the counted stays
// arriving in the period by French department (customers living in France) or by
// country; each area coloured with the §9 (docs/constants.md#statistics) legend bands (below 0 %, 0 %, 10-point bands
// to 100 %) by its share of the nights or its evolution against the first reference year.
import type { Knex } from 'knex';
import { mapBand, type StatPeriod } from '../../../../common/stats';
import { dimWhere, evolutionBp, ratioBp, type StatFilters } from '../query';
import { buildTable, compareFr, type Keyed, type Measure, type Values } from '../table';
import type { ScreenDef } from './types';

async function byArea(db: Knex, f: StatFilters, p: StatPeriod, by: 'department' | 'country') {
  const w = dimWhere(f, 's', true);
  const col = by === 'department' ? 's.department_code' : 's.country_iso';
  // Per area and customer first, then per area: hash aggregates, where count(DISTINCT)
  // sorted every stay of the period (an external sort over five years, bench).
  const r = await db.raw<{
    rows: { k: string; customers: number; stays: number; nights: number; person_nights: number }[];
  }>(
    `SELECT k, count(customer_id) AS customers, sum(stays) AS stays, sum(nights) AS nights,
       sum(person_nights) AS person_nights
     FROM (SELECT ${col} AS k, s.customer_id, count(*) AS stays, sum(s.nights) AS nights,
             sum(s.persons * s.nights) AS person_nights
           FROM stat_stay s WHERE s.cancelled_on IS NULL AND s.start_date >= ? AND s.start_date < ? AND ${w.sql}
             AND ${col} IS NOT NULL GROUP BY 1, 2) a
     GROUP BY 1`,
    [p.from, p.to, ...w.bindings],
  );
  const all = r.rows.reduce((s: number, x) => s + x.nights, 0);
  return new Map<string, Values>(
    r.rows.map((x) => [
      x.k,
      {
        customers: x.customers,
        stays: x.stays,
        nights: x.nights,
        personNights: x.person_nights,
        share: ratioBp(x.nights, all),
      },
    ]),
  );
}

export const mapsScreen: ScreenDef = {
  name: 'map',
  title: 'Cartes géographiques',
  params: {
    by: { type: 'string', enum: ['department', 'country'] },
    measure: { type: 'string', enum: ['share', 'evolution'] },
  },
  async build(db, q, periods) {
    const by = (q.by as 'department' | 'country' | undefined) ?? 'department';
    const values = await Promise.all(periods.map((p) => byArea(db, q, p, by)));
    const names: { k: string; name: string }[] =
      by === 'country'
        ? await db('country').select('isoCode as k', 'name')
        : await db('department as d')
            .join('country as c', 'c.id', 'd.countryId')
            .where('c.isoCode', 'FR')
            .select('d.code as k', 'd.name');
    const name = new Map(names.map((n) => [n.k, n.name]));
    const keys: Keyed[] = [...new Set(values.flatMap((m) => [...m.keys()]))]
      .map((k) => ({
        key: k,
        label: by === 'department' ? `${k} – ${name.get(k) ?? 'Département inconnu'}` : (name.get(k) ?? k),
      }))
      .sort(
        (a, b) =>
          (values[0].get(b.key)?.nights ?? 0) - (values[0].get(a.key)?.nights ?? 0) || compareFr(a.label, b.label),
      );
    const measures: Measure[] = [
      { key: 'customers', label: 'Clients', kind: 'int' },
      { key: 'stays', label: 'Séjours', kind: 'int' },
      { key: 'nights', label: 'Nuitées', kind: 'int', compared: true },
      { key: 'personNights', label: 'Nuitées-personnes', kind: 'int' },
      { key: 'share', label: 'Part des nuitées', kind: 'rate' },
    ];
    const built = buildTable({
      keyColumn: { key: 'area', label: by === 'department' ? 'Département' : 'Pays', kind: 'text' },
      keys,
      measures,
      periods,
      values,
      chart: { kind: 'bar', measure: 'nights', top: 15 },
    });
    const measure = q.measure === 'evolution' && periods.length > 1 ? 'evolution' : 'share';
    const codes = new Set([...names.map((n) => n.k), ...keys.map((k) => k.key)]);
    return {
      ...built,
      map: {
        by,
        values: [...codes].map((code) => {
          const cur = values[0].get(code);
          const now = cur?.nights ?? 0;
          const ref = values[1]?.get(code)?.nights ?? 0;
          // Evolution: none without nights either year; a new area (none the reference year) is +100 %.
          const v = measure === 'share' ? (cur?.share ?? null) : ref ? evolutionBp(now, ref) : now ? 10_000 : null;
          return { code, name: name.get(code) ?? code, value: v, band: mapBand(v) };
        }),
      },
    };
  },
};
