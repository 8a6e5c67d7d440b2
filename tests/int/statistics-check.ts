// Every statistics screen's figures against the raw-SQL recomputation
// (statistics-sql.ts), for the given periods [from, last day]: the same check on the
// generated edge cases and on the demo campsite.
import { expect } from 'vitest';
import { addDays } from '../../common/dates';
import type { TestServer } from './harness';
import * as raw from './statistics-sql';

const LEADS = [0, 1, 8, 15, 31, 61, 91, 181, 366];
const round = (a: number, b: number) => (b ? Math.round(a / b) : null);
const rate = (a: number, b: number) => (b ? Math.round((a * 10_000) / b) : null);

export async function checkScreensAgainstSql(t: TestServer, periods: [string, string][]): Promise<void> {
  const get = async (screen: string, q: string) => {
    const r = await t.admin.get(`/rest/stat/${screen}?${q}`);
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const byLabel = (a: any) => {
    const k = a.table.columns[0].key;
    return new Map<string, any>(
      [...a.table.rows, ...(a.table.total ? [a.table.total] : [])].map((r: any) => [r[k], r]),
    );
  };
  const places = await t
    .knex('place as p')
    .leftJoin('place_type as t', 't.id', 'p.placeTypeId')
    .leftJoin('layout as l', 'l.id', 'p.layoutId')
    .whereRaw('NOT COALESCE(t.is_residential, false)')
    .select('p.id', 'p.code', 'p.placeTypeId', 'p.layoutId', 't.label as type', 'l.label as layout');
  const sumBy = (m: Map<number, number>, key: (p: any) => any) => {
    const out = new Map<any, number>();
    for (const p of places) out.set(key(p), (out.get(key(p)) ?? 0) + (m.get(p.id) ?? 0));
    return out;
  };
  for (const [from, last] of periods) {
    const to = addDays(last, 1);
    const q = `from=${from}&to=${last}`;
    const [occPlace, availPlace, nights, booked] = await Promise.all([
      raw.occupiedBy(t.knex, from, to, 'id'),
      raw.availableByPlace(t.knex, from, to),
      raw.revenueOfNights(t.knex, from, to),
      raw.revenueBooked(t.knex, from, to),
    ]);
    const label = `${from}…${last}`;
    // RevPAR and occupancy, per type and in total
    const revpar = byLabel(await get('revpar', q));
    const occType = sumBy(occPlace, (p) => p.type);
    const availType = sumBy(availPlace, (p) => p.type);
    for (const [type, occ] of occType) {
      if (!occ && !availType.get(type)) continue;
      expect(revpar.get(type)?.occupied ?? 0, `${label} ${type} occupied`).toBe(occ);
      expect(revpar.get(type)?.available ?? 0, `${label} ${type} available`).toBe(availType.get(type));
    }
    const occ = [...occPlace.values()].reduce((s, n) => s + n, 0);
    const avail = [...availPlace.values()].reduce((s, n) => s + n, 0);
    const total = revpar.get('Total');
    expect([total.occupied, total.available], `${label} total`).toEqual([occ, avail]);
    expect(total.accommodation, `${label} accommodation`).toBe(nights.accommodation);
    expect([total.rate, total.adr, total.revpar]).toEqual([
      rate(occ, avail),
      round(nights.accommodation, occ),
      round(nights.accommodation, avail),
    ]);
    // Revenue by night date and by booking date
    const rn = byLabel(await get('revenue', `${q}&basis=night`)).get('Total');
    expect([rn.accommodation, rn.extras, rn.other, rn.tax], `${label} revenue by night`).toEqual([
      nights.accommodation,
      nights.extras,
      nights.other,
      nights.tax,
    ]);
    const rb = byLabel(await get('revenue', `${q}&basis=booking`)).get('Total');
    expect([rb.accommodation, rb.extras, rb.other, rb.tax], `${label} revenue by booking`).toEqual([
      booked.accommodation,
      booked.extras,
      booked.other,
      booked.tax,
    ]);
    // Layout filling
    const layouts = byLabel(await get('layout-filling', q));
    for (const [layout, n] of sumBy(occPlace, (p) => p.layout ?? 'Sans zone'))
      if (n) expect(layouts.get(layout)?.occupied, `${label} ${layout}`).toBe(n);
    // Nights per place
    const arrived = await raw.arrivals(t.knex, from, to);
    const perPlace = byLabel(await get('nights-per-place', q));
    for (const p of places) {
      const r = perPlace.get(`${p.code} (${p.type})`);
      expect(r?.occupied ?? 0, `${label} ${p.code} occupied`).toBe(occPlace.get(p.id) ?? 0);
      expect(r?.available ?? 0, `${label} ${p.code} available`).toBe(availPlace.get(p.id) ?? 0);
      expect(r?.stays ?? 0, `${label} ${p.code} arrivals`).toBe(arrived.filter((a) => a.placeId === p.id).length);
    }
    // Daily activity (a month or a year)
    const daily = (await get('daily-activity', q)).table.rows;
    const moves = await raw.movements(t.knex, from, to);
    daily.forEach((r: any, i: number) => {
      const m = moves.get(addDays(from, i))!;
      expect([r.arrivals, r.departures], `${label} day ${r.day}`).toEqual([m.arrivals, m.departures]);
    });
    // Lead time
    const leads = (await get('booking-lead-time', q)).table.rows.map((r: any) => r.stays);
    const expected = LEADS.map(() => 0);
    for (const l of await raw.leadTimes(t.knex, from, to))
      expected[LEADS.findLastIndex((lo) => l >= lo) < 0 ? 0 : LEADS.findLastIndex((lo) => l >= lo)]++;
    expect(leads, `${label} lead times`).toEqual(expected);
    // Details by length of stay and group size (read from the month summary where whole months allow)
    const count = (f: (a: raw.Arrival) => boolean) => arrived.filter(f).length;
    const lengths = byLabel(await get('details', `${q}&by=length`));
    for (const n of [1, 2, 3, 7])
      expect(lengths.get(`${n} nuit${n > 1 ? 's' : ''}`)?.stays ?? 0, `${label} ${n} nights`).toBe(
        count((a) => a.nights === n),
      );
    const lengthRows = [...lengths.values()];
    expect(
      lengthRows.reduce((s, r) => s + r.nights, 0),
      `${label} nights arrived`,
    ).toBe(arrived.reduce((s, a) => s + a.nights, 0));
    expect(
      lengthRows.reduce((s, r) => s + r.personNights, 0),
      `${label} person-nights arrived`,
    ).toBe(arrived.reduce((s, a) => s + a.nights * a.persons, 0));
    const groups = byLabel(await get('details', `${q}&by=group`));
    for (const n of [1, 2, 3, 4, 5])
      expect(groups.get(`${n} personne${n > 1 ? 's' : ''}`)?.stays ?? 0, `${label} groups of ${n}`).toBe(
        count((a) => a.persons === n),
      );
    // Countries (details and map)
    const countries = await raw.byCountry(t.knex, from, to);
    const names = new Map((await t.knex('country').select('isoCode', 'name')).map((c) => [c.isoCode, c.name]));
    const details = byLabel(await get('details', `${q}&by=country`));
    const map = byLabel(await get('map', `${q}&by=country`));
    for (const [iso, c] of countries) {
      expect(details.get(names.get(iso))?.stays, `${label} ${iso} stays`).toBe(c.stays);
      expect(map.get(names.get(iso))?.nights, `${label} ${iso} nights`).toBe(c.nights);
    }
    // Sales per seller
    const sold = await raw.soldBySeller(t.knex, from, to);
    const sellers = (await get('manager-sales', q)).table;
    const soldTotal = [...sold.values()].reduce((s, n) => s + n, 0);
    expect(sellers.total?.revenue ?? 0, `${label} sold`).toBe(soldTotal);
    expect(sellers.rows.map((r: any) => r.revenue).sort(), `${label} sellers`).toEqual([...sold.values()].sort());
    const history = (await get('manager-sales', `${q}&view=history`)).table;
    expect(history.total?.revenue ?? 0, `${label} sold month by month`).toBe(soldTotal);
  }
}
