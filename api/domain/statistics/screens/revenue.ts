// /stats/revenue — Évolution du chiffre d'affaires: per month, the revenue excl. VAT by
// bucket (accommodation, extras, other; tourist tax apart) either by the date of the
// nights (revenue earned that month) or by the booking date (revenue booked that month),
// and the till's ancillary sales by sale date (docs/statistics.md « Revenue »).
import type { Knex } from 'knex';
import type { StatPeriod } from '../../../../common/stats';
import { occupancyBy } from '../measures';
import { dimWhere, type StatFilters } from '../query';
import { buildTable, type Measure, type Values } from '../table';
import { monthKeys, monthRank } from './revpar';
import type { ScreenDef } from './types';

const BASIS = { night: 'Date de séjour', booking: 'Date de réservation' } as const;

/** Revenue of the counted stays booked in each month of the period (their whole stay). */
export async function bookedByMonth(db: Knex, f: StatFilters, p: StatPeriod) {
  const w = dimWhere(f, 's', true);
  const r = await db.raw(
    `SELECT to_char(s.booked_on, 'YYYY-MM') AS month, sum(s.accommodation) AS accommodation, sum(s.extras) AS extras,
       sum(s.other) AS other, sum(s.tax) AS tax, count(*) AS stays, sum(s.nights) AS nights
     FROM stat_stay s WHERE s.cancelled_on IS NULL AND s.booked_on >= ? AND s.booked_on < ? AND ${w.sql} GROUP BY 1`,
    [p.from, p.to, ...w.bindings],
  );
  return r.rows as {
    month: string;
    accommodation: number;
    extras: number;
    other: number;
    tax: number;
    stays: number;
    nights: number;
  }[];
}

async function salesByMonth(db: Knex, p: StatPeriod): Promise<Map<string, number>> {
  const r = await db.raw<{ rows: { month: string; amount: number }[] }>(
    `SELECT to_char(date, 'YYYY-MM') AS month, sum(total_excl_vat) AS amount FROM sale WHERE date >= ? AND date < ?
      GROUP BY 1`,
    [p.from, p.to],
  );
  return new Map(r.rows.map((x) => [x.month, x.amount]));
}

export const revenueScreen: ScreenDef = {
  name: 'revenue',
  title: "Évolution du chiffre d'affaires",
  params: { basis: { type: 'string', enum: Object.keys(BASIS) } },
  async build(db, q, periods) {
    const basis = (q.basis as keyof typeof BASIS | undefined) ?? 'night';
    const values = await Promise.all(
      periods.map(async (p) => {
        const out = new Map<string, Values>();
        const sales = await salesByMonth(db, p);
        const put = (ym: string, v: { accommodation: number; extras: number; other: number; tax: number }) =>
          out.set(String(monthRank(p, ym)), {
            accommodation: v.accommodation,
            extras: v.extras,
            other: v.other,
            total: v.accommodation + v.extras + v.other,
            tax: v.tax,
            sales: sales.get(ym) ?? 0,
          });
        if (basis === 'night') for (const [ym, o] of await occupancyBy(db, q, p, 'month')) put(ym, o);
        else for (const r of await bookedByMonth(db, q, p)) put(r.month, r);
        for (const [ym, amount] of sales)
          if (!out.has(String(monthRank(p, ym))))
            out.set(String(monthRank(p, ym)), {
              accommodation: 0,
              extras: 0,
              other: 0,
              total: 0,
              tax: 0,
              sales: amount,
            });
        return out;
      }),
    );
    const measures: Measure[] = [
      { key: 'accommodation', label: 'Hébergement HT', kind: 'money' },
      { key: 'extras', label: 'Suppléments HT', kind: 'money' },
      { key: 'other', label: 'Autres HT (frais, assurance)', kind: 'money' },
      { key: 'total', label: 'Total séjours HT', kind: 'money', compared: true },
      { key: 'tax', label: 'Taxe de séjour', kind: 'money' },
      { key: 'sales', label: 'Ventes annexes HT', kind: 'money' },
    ];
    const keys = monthKeys(periods[0]);
    const totals = values.map((m) => {
      const t: Values = {};
      for (const me of measures) t[me.key] = [...m.values()].reduce((s, v) => s + (v[me.key] ?? 0), 0);
      return t;
    });
    return buildTable({
      keyColumn: { key: 'month', label: `Mois (${BASIS[basis].toLowerCase()})`, kind: 'text' },
      keys,
      measures,
      periods,
      values,
      totals,
      chart: { kind: 'bar', measure: 'total' },
    });
  },
};
