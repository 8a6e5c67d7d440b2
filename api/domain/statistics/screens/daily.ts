// /stats/daily-activity — Activité journalière: per day, arrivals and departures of
// counted stays, place-nights in house, persons, occupancy, revenue of the night (excl.
// VAT, tourist tax apart) and the till's ancillary sales of the day.
import { addDays, formatDateFr, nightsBetween } from '../../../../common/dates';
import type { StatPeriod } from '../../../../common/stats';
import type { Knex } from 'knex';
import { occupancyBy } from '../measures';
import { dimWhere, ratioBp, type StatFilters } from '../query';
import { buildTable, type Keyed, type Measure, type Values } from '../table';
import type { ScreenDef } from './types';

/** Arrivals and departures per day of a period (counted stays; a departure on its last morning). */
export async function movementsByDay(db: Knex, f: StatFilters, p: StatPeriod) {
  const w = dimWhere(f, 's', true);
  // Two index range scans (arrivals by start, departures by end), summed per day.
  const r = await db.raw<{ rows: { day: string; arrivals: number; departures: number }[] }>(
    `SELECT day, sum(a)::int AS arrivals, sum(d)::int AS departures FROM (
       SELECT s.start_date::text AS day, 1 AS a, 0 AS d FROM stat_stay s
       WHERE s.cancelled_on IS NULL AND s.start_date >= ? AND s.start_date < ? AND ${w.sql}
       UNION ALL
       SELECT s.end_date::text, 0, 1 FROM stat_stay s
       WHERE s.cancelled_on IS NULL AND s.end_date >= ? AND s.end_date < ? AND ${w.sql}) x
     GROUP BY day`,
    [p.from, p.to, ...w.bindings, p.from, p.to, ...w.bindings],
  );
  return new Map<string, { arrivals: number; departures: number }>(r.rows.map((x) => [x.day, x]));
}

/** The till's sales of each day, excl. VAT, returns deducted (not filtered: a ticket has no place). */
export async function salesByDay(db: Knex, p: StatPeriod): Promise<Map<string, number>> {
  const r = await db.raw<{ rows: { day: string; amount: number }[] }>(
    `SELECT date::text AS day, sum(total_excl_vat) AS amount FROM sale WHERE date >= ? AND date < ? GROUP BY 1`,
    [p.from, p.to],
  );
  return new Map(r.rows.map((x) => [x.day, x.amount]));
}

export const dailyScreen: ScreenDef = {
  name: 'daily-activity',
  title: 'Activité journalière',
  maxDays: 366,
  async build(db, q, periods) {
    const values = await Promise.all(
      periods.map(async (p) => {
        const [occ, moves, sales] = await Promise.all([
          occupancyBy(db, q, p, 'day'),
          movementsByDay(db, q, p),
          salesByDay(db, p),
        ]);
        const out = new Map<string, Values>();
        for (let i = 0, d = p.from; d < p.to; i++, d = addDays(d, 1)) {
          const o = occ.get(d);
          const m = moves.get(d);
          out.set(String(i), {
            arrivals: m?.arrivals ?? 0,
            departures: m?.departures ?? 0,
            occupied: o?.occupied ?? 0,
            persons: o?.personNights ?? 0,
            rate: o ? ratioBp(o.occupied, o.available) : null,
            revenue: o ? o.accommodation + o.extras + o.other : 0,
            tax: o?.tax ?? 0,
            sales: sales.get(d) ?? 0,
          });
        }
        return out;
      }),
    );
    const keys: Keyed[] = Array.from({ length: nightsBetween(periods[0].from, periods[0].to) }, (_, i) => ({
      key: String(i),
      label: formatDateFr(addDays(periods[0].from, i)),
    }));
    const measures: Measure[] = [
      { key: 'arrivals', label: 'Arrivées', kind: 'int' },
      { key: 'departures', label: 'Départs', kind: 'int' },
      { key: 'occupied', label: 'Emplacements occupés', kind: 'int', compared: true },
      { key: 'persons', label: 'Personnes présentes', kind: 'int' },
      { key: 'rate', label: "Taux d'occupation", kind: 'rate' },
      { key: 'revenue', label: 'CA de la nuit HT', kind: 'money', compared: true },
      { key: 'tax', label: 'Taxe de séjour', kind: 'money' },
      { key: 'sales', label: 'Ventes annexes HT', kind: 'money' },
    ];
    return buildTable({
      keyColumn: { key: 'day', label: 'Jour', kind: 'text' },
      keys,
      measures,
      periods,
      values,
      chart: { kind: 'line', measure: 'occupied' },
    });
  },
};
