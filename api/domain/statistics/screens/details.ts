// /stats/details — Détails statistiques of the counted stays arriving in the period:
// by length of stay, group size, age category of the occupants, country and French
// department of the customer, and new against returning customers.
import type { Knex } from 'knex';
import type { StatPeriod } from '../../../../common/stats';
import { badRequest } from '../../../http/errors';
import { occupancyBy } from '../measures';
import { dimWhere, ratioBp, type StatFilters } from '../query';
import { buildTable, compareFr, type Keyed, type Measure, type Values } from '../table';
import type { ScreenDef } from './types';
import { summaryRows } from '../summaries';

const BY = {
  length: 'Durée du séjour',
  group: 'Taille du groupe',
  ages: "Catégorie d'âge",
  country: 'Pays',
  department: 'Département',
  customers: 'Clients',
} as const;
type By = keyof typeof BY;

const LENGTHS: [number, number, string][] = [
  [1, 1, '1 nuit'],
  [2, 2, '2 nuits'],
  [3, 3, '3 nuits'],
  [4, 6, '4 à 6 nuits'],
  [7, 7, '7 nuits'],
  [8, 13, '8 à 13 nuits'],
  [14, 20, '14 à 20 nuits'],
  [21, 100000, '21 nuits et plus'],
];
const GROUPS: [number, number, string][] = [
  [0, 0, 'Non renseigné'],
  [1, 1, '1 personne'],
  [2, 2, '2 personnes'],
  [3, 3, '3 personnes'],
  [4, 4, '4 personnes'],
  [5, 5, '5 personnes'],
  [6, 1000, '6 personnes et plus'],
];
const bucket = (col: string, b: [number, number, string][]) =>
  `CASE ${b.map(([lo, hi], i) => `WHEN ${col} BETWEEN ${lo} AND ${hi} THEN '${i}'`).join(' ')} END`;

const KEY: Record<'country' | 'department' | 'customers', string> = {
  country: `COALESCE(s.country_iso, 'none')`,
  department: `COALESCE(s.department_code, 'none')`,
  customers: `CASE WHEN s.customer_id IS NULL THEN 'none' WHEN EXISTS (SELECT 1 FROM stat_stay e WHERE e.customer_id
    = s.customer_id
    AND e.cancelled_on IS NULL AND e.start_date < s.start_date) THEN 'returning' ELSE 'new' END`,
};

/** Length and group size: the month summary of the arrivals (summaries.ts); the others: stat_stay. */
const FROM_SUMMARY: Partial<Record<By, string>> = {
  length: bucket('s.nights', LENGTHS),
  group: bucket('s.persons', GROUPS),
};

async function rowsBy(db: Knex, f: StatFilters, p: StatPeriod, by: By) {
  const w = dimWhere(f, 's', true);
  const summed = FROM_SUMMARY[by];
  if (summed) {
    const rows = summaryRows('arrival', p, 'start_date', w);
    const r = await db.raw(
      `SELECT ${summed} AS k, sum(s.stays) AS stays, sum(s.persons::bigint * s.stays) AS persons,
         sum(s.persons::bigint * s.nights * s.stays) AS person_nights, sum(s.nights::bigint * s.stays) AS nights
       FROM (${rows.sql}) s GROUP BY 1 HAVING sum(s.stays) <> 0`,
      rows.bindings,
    );
    return r.rows as Row[];
  }
  const base = `FROM stat_stay s WHERE s.cancelled_on IS NULL AND s.start_date >= ? AND s.start_date < ? AND ${w.sql}`;
  const sql =
    by === 'ages'
      ? `SELECT d.age_category_id::text AS k, count(DISTINCT s.occupancy_id) AS stays, sum(d.quantity) AS persons,
           sum(d.quantity * s.nights) AS person_nights, sum(s.nights) AS nights
         FROM (SELECT s.* ${base}) s JOIN occupancy_detail d ON d.occupancy_id = s.occupancy_id AND d.quantity > 0
           GROUP BY 1`
      : `SELECT ${KEY[by as keyof typeof KEY]} AS k, count(*) AS stays, sum(s.persons) AS persons,
        sum(s.persons * s.nights) AS person_nights, sum(s.nights) AS nights ${base} GROUP BY 1`;
  return (await db.raw(sql, [p.from, p.to, ...w.bindings])).rows as Row[];
}

interface Row {
  k: string;
  stays: number;
  persons: number;
  person_nights: number;
  nights: number;
}

async function names(db: Knex, by: By): Promise<Map<string, string>> {
  if (by === 'length') return new Map(LENGTHS.map(([, , l], i) => [String(i), l]));
  if (by === 'group') return new Map(GROUPS.map(([, , l], i) => [String(i), l]));
  if (by === 'customers')
    return new Map([
      ['new', 'Nouveaux clients (premier séjour)'],
      ['returning', 'Clients fidèles (déjà venus)'],
      ['none', 'Sans client'],
    ]);
  const rows: { k: string; name: string }[] =
    by === 'ages'
      ? await db('age_category').select(db.raw('id::text as k'), 'label as name')
      : by === 'country'
        ? await db('country').select('isoCode as k', 'name')
        : await db('department as d')
            .join('country as c', 'c.id', 'd.countryId')
            .where('c.isoCode', 'FR')
            .select('d.code as k', 'd.name');
  return new Map([...rows.map((r) => [r.k, r.name] as [string, string]), ['none', 'Non renseigné']]);
}

export const detailsScreen: ScreenDef = {
  name: 'details',
  title: 'Détails statistiques',
  params: { by: { type: 'string', enum: Object.keys(BY) } },
  async build(db, q, periods) {
    const by = (q.by as By | undefined) ?? 'length';
    // §8 (docs/errors.md#messages): figures per person need places that house someone in the period.
    const cap = (await occupancyBy(db, q, periods[0], 'total')).get('total');
    if (!cap?.capacityPersons) throw badRequest('DETAILED_STATS_CAPACITY_ZERO');
    const [labels, ...raw] = await Promise.all([names(db, by), ...periods.map((p) => rowsBy(db, q, p, by))]);
    const values = raw.map((rows) => {
      const all = rows.reduce((s, r) => s + (by === 'ages' ? r.persons : r.stays), 0);
      return new Map<string, Values>(
        rows.map((r) => [
          r.k,
          {
            stays: r.stays,
            persons: r.persons,
            share: ratioBp(by === 'ages' ? r.persons : r.stays, all),
            nights: r.nights,
            personNights: r.person_nights,
            averageNights: r.stays ? Math.round((r.nights * 100) / r.stays) / 100 : null,
          },
        ]),
      );
    });
    const order = by === 'length' || by === 'group' ? (k: string) => Number(k) : null;
    const keys: Keyed[] = [...new Set(values.flatMap((m) => [...m.keys()]))]
      .map((k) => ({ key: k, label: labels.get(k) ?? k }))
      .sort((a, b) =>
        order
          ? order(a.key) - order(b.key)
          : (values[0].get(b.key)?.stays ?? 0) - (values[0].get(a.key)?.stays ?? 0) || compareFr(a.label, b.label),
      );
    const measures: Measure[] = [
      { key: 'stays', label: 'Séjours', kind: 'int', compared: true },
      { key: 'persons', label: 'Personnes', kind: 'int' },
      { key: 'share', label: by === 'ages' ? 'Part des personnes' : 'Part des séjours', kind: 'rate' },
      { key: 'nights', label: 'Nuitées', kind: 'int' },
      { key: 'personNights', label: 'Nuitées-personnes', kind: 'int' },
      { key: 'averageNights', label: 'Durée moyenne (nuits)', kind: 'decimal' },
    ];
    return buildTable({
      keyColumn: { key: 'category', label: BY[by], kind: 'text' },
      keys,
      measures,
      periods,
      values,
      chart: { kind: 'bar', measure: 'stays', top: 30 },
    });
  },
};
