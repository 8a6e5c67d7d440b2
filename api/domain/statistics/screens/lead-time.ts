// /stats/booking-lead-time — Délai de réservation et rythme: how long before arrival the
// counted stays arriving in the period were booked (days from booking date to arrival),
// and the pace: the place-nights of the period on the books at each week before it,
// against the same day of the reference years (a stay cancelled later counts until its
// cancellation date).
import type { Knex } from 'knex';
import type { StatPeriod } from '../../../../common/stats';
import { addDays, todayParis } from '../../../../common/dates';
import { dimWhere, ratioBp, type StatFilters } from '../query';
import { buildTable, type Keyed, type Measure, type Values } from '../table';
import type { ScreenDef } from './types';
import { summaryRows } from '../summaries';
import { LEAD_BANDS } from '../definitions';

/** Pace points: weeks before the period's first day, 52 to 0. */
const WEEKS = Array.from({ length: 53 }, (_, i) => 52 - i);

async function leads(db: Knex, f: StatFilters, p: StatPeriod): Promise<Map<string, Values>> {
  // Counted stays arriving in the period, by band: stat_arrival_month (summaries.ts).
  const rows = summaryRows('arrival', p, 'start_date', dimWhere(f, 's', true));
  const r = await db.raw<{ rows: { k: string; stays: number; nights: number; days: number }[] }>(
    `SELECT s.lead_band::text AS k, sum(s.stays) AS stays, sum(s.stays * s.nights) AS nights, sum(s.lead_days) AS days
     FROM (${rows.sql}) s GROUP BY 1`,
    rows.bindings,
  );
  const all = r.rows.reduce((s: number, x) => s + x.stays, 0);
  return new Map(
    r.rows
      .filter((x) => x.stays)
      .map((x) => [
        x.k,
        {
          stays: x.stays,
          share: ratioBp(x.stays, all),
          nights: x.nights,
          averageDays: Math.round((x.days * 10) / x.stays) / 10,
        },
      ]),
  );
}

/** Place-nights inside [from, to) on the books at each pace point (null: a day still to come). */
async function pace(db: Knex, f: StatFilters, p: StatPeriod): Promise<Map<string, Values>> {
  const w = dimWhere(f, 's', true);
  const today = todayParis();
  const r = await db.raw<{ rows: { k: string; stays: number; nights: number }[] }>(
    `SELECT k.k::text AS k, count(s.occupancy_id) AS stays,
       COALESCE(sum(least(s.end_date, ?::date) - greatest(s.start_date, ?::date)) FILTER (WHERE s.occupancy_id IS
         NOT NULL), 0) AS nights
     FROM unnest(?::int[]) k(k)
     LEFT JOIN stat_stay s ON s.start_date < ?::date AND s.end_date > ?::date AND ${w.sql}
       AND s.booked_on <= ?::date - 7 * k.k AND (s.cancelled_on IS NULL OR s.cancelled_on > ?::date - 7 * k.k)
     GROUP BY k.k`,
    [p.to, p.from, WEEKS, p.to, p.from, ...w.bindings, p.from, p.from],
  );
  return new Map(
    r.rows.map((x) => [
      x.k,
      addDays(p.from, -7 * Number(x.k)) > today ? { nights: null, stays: null } : { nights: x.nights, stays: x.stays },
    ]),
  );
}

export const leadTimeScreen: ScreenDef = {
  name: 'booking-lead-time',
  title: 'Délai de réservation et rythme des réservations',
  params: { view: { type: 'string', enum: ['lead', 'pace'] } },
  async build(db, q, periods) {
    if (q.view === 'pace') {
      const values = await Promise.all(periods.map((p) => pace(db, q, p)));
      const keys: Keyed[] = WEEKS.map((k) => ({
        key: String(k),
        label: k ? `${k} semaine${k > 1 ? 's' : ''} avant` : 'Premier jour',
      }));
      const measures: Measure[] = [
        { key: 'nights', label: 'Nuitées réservées', kind: 'int', compared: true },
        { key: 'stays', label: 'Séjours réservés', kind: 'int' },
      ];
      return buildTable({
        keyColumn: { key: 'point', label: 'Avant la période', kind: 'text' },
        keys,
        measures,
        periods,
        values,
        chart: { kind: 'line', measure: 'nights' },
      });
    }
    const values = await Promise.all(periods.map((p) => leads(db, q, p)));
    const keys: Keyed[] = LEAD_BANDS.map(([, , l], i) => ({ key: String(i), label: l }));
    const measures: Measure[] = [
      { key: 'stays', label: 'Séjours', kind: 'int', compared: true },
      { key: 'share', label: 'Part des séjours', kind: 'rate' },
      { key: 'nights', label: 'Nuitées', kind: 'int' },
      { key: 'averageDays', label: 'Délai moyen (jours)', kind: 'decimal' },
    ];
    return buildTable({
      keyColumn: { key: 'lead', label: 'Réservé avant l’arrivée', kind: 'text' },
      keys,
      measures,
      periods,
      values,
      chart: { kind: 'bar', measure: 'stays' },
    });
  },
};
