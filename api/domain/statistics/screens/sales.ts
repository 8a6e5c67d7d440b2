// /stats/manager-sales — Historique et répartition des ventes par gestionnaire: the
// counted stays by booking date, per seller — the partner (tour operator, manager) that
// sold it, else the user who created the booking (its history line), else « non
// renseigné » (imports, data taken over) — or per channel; and month by month.
import type { Knex } from 'knex';
import type { StatPeriod } from '../../../../common/stats';
import { dimWhere, ratioBp, type StatFilters } from '../query';
import { buildTable, compareFr, type Keyed, type Measure, type Values } from '../table';
import { monthKeys, monthRank } from './revpar';
import type { ScreenDef } from './types';
import { summaryRows } from '../summaries';

/** On stat_sale_month's columns (no partner or no user: 0). */
const SELLER = `CASE WHEN s.partner_id <> 0 THEN 'p' || s.partner_id WHEN s.seller_user_id <> 0
  THEN 'u' || s.seller_user_id ELSE 'none' END`;

async function sold(db: Knex, f: StatFilters, p: StatPeriod, key: string, seller?: string) {
  const w = dimWhere(f, 's', true);
  // By booking date: stat_sale_month for the whole months, stat_stay for the partial ones (summaries.ts).
  const rows = summaryRows('sale', p, 'booked_on', {
    sql: seller ? `${w.sql} AND ${SELLER} = ?` : w.sql,
    bindings: [...w.bindings, ...(seller ? [seller] : [])],
  });
  const r = await db.raw<{ rows: { k: string | number; stays: number; nights: number; revenue: number }[] }>(
    `SELECT ${key} AS k, sum(s.stays) AS stays, sum(s.nights) AS nights, sum(s.revenue) AS revenue
     FROM (${rows.sql}) s GROUP BY 1 HAVING sum(s.stays) <> 0`,
    rows.bindings,
  );
  const all = r.rows.reduce((s: number, x) => s + x.revenue, 0);
  return new Map<string, Values>(
    r.rows.map((x) => [
      String(x.k),
      { stays: x.stays, nights: x.nights, revenue: x.revenue, share: ratioBp(x.revenue, all) },
    ]),
  );
}

async function sellerNames(db: Knex): Promise<Map<string, string>> {
  const [users, partners] = await Promise.all([
    db('app_user').select('id', 'name'),
    db('partner').select('id', 'name'),
  ]);
  return new Map([
    ...users.map((u) => [`u${u.id}`, u.name] as [string, string]),
    ...partners.map((p) => [`p${p.id}`, `${p.name} (partenaire)`] as [string, string]),
    ['none', 'Non renseigné (import, reprise)'],
  ]);
}

export const salesScreen: ScreenDef = {
  name: 'manager-sales',
  title: 'Historique et répartition des ventes par gestionnaire',
  params: {
    view: { type: 'string', enum: ['breakdown', 'history'] },
    by: { type: 'string', enum: ['seller', 'channel'] },
    seller: { type: 'string', pattern: '^([up]\\d{1,9}|none)$' },
  },
  async build(db, q, periods) {
    const measures: Measure[] = [
      { key: 'stays', label: 'Séjours vendus', kind: 'int' },
      { key: 'nights', label: 'Nuitées vendues', kind: 'int' },
      { key: 'revenue', label: 'CA vendu HT', kind: 'money', compared: true },
      { key: 'share', label: 'Part du CA', kind: 'rate' },
    ];
    const sum = (m: Map<string, Values>) => {
      const t: Values = { stays: 0, nights: 0, revenue: 0 };
      for (const v of m.values()) for (const k of ['stays', 'nights', 'revenue']) t[k] = (t[k] ?? 0) + (v[k] ?? 0);
      t.share = t.revenue ? 10_000 : null;
      return t;
    };
    if (q.view === 'history') {
      const raw = await Promise.all(periods.map((p) => sold(db, q, p, `to_char(s.month, 'YYYY-MM')`, q.seller)));
      const values = raw.map((m, i) => new Map([...m].map(([ym, v]) => [String(monthRank(periods[i], ym)), v])));
      return buildTable({
        keyColumn: { key: 'month', label: 'Mois de réservation', kind: 'text' },
        keys: monthKeys(periods[0]),
        measures,
        periods,
        values,
        totals: values.map(sum),
        chart: { kind: 'line', measure: 'revenue' },
      });
    }
    const bySeller = q.by !== 'channel';
    const values = await Promise.all(periods.map((p) => sold(db, q, p, bySeller ? SELLER : 's.channel_id')));
    const names = bySeller
      ? await sellerNames(db)
      : new Map<string, string>([
          ...(await db('access_channel').select('id', 'label')).map((c) => [String(c.id), c.label] as [string, string]),
          ['0', 'Sans canal'],
        ]);
    const keys: Keyed[] = [...new Set(values.flatMap((m) => [...m.keys()]))]
      .map((k) => ({ key: k, label: names.get(k) ?? k }))
      .sort(
        (a, b) =>
          (values[0].get(b.key)?.revenue ?? 0) - (values[0].get(a.key)?.revenue ?? 0) || compareFr(a.label, b.label),
      );
    return buildTable({
      keyColumn: { key: 'seller', label: bySeller ? 'Vendeur' : 'Canal', kind: 'text' },
      keys,
      measures,
      periods,
      values,
      totals: values.map(sum),
      chart: { kind: 'bar', measure: 'revenue' },
    });
  },
};
