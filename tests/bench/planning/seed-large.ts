// Benchmark data at full scale for the REAL /planning screen: the demo campsite plus
// enough places and stays to reach 2 000 places and about 60 000 stays over the 365
// days around today (tests/bench/planning-screen.bench.ts --large). Bulk inserts;
// the place_reservation triggers (exclusion constraint) run on every occupancy.
import type { Knex } from 'knex';
import { addDays, todayParis } from '../../../common/dates';
import { Random, bulkInsert } from '../../../api/demo/stays-random';

export async function seedLarge(
  knex: Knex,
  targetPlaces = 2000,
  targetStays = 60_000,
  today = todayParis(),
): Promise<{ places: number; stays: number }> {
  const rnd = new Random(2000);
  const have = Number((await knex('place').count({ n: '*' }))[0].n);
  const types: { id: number; code: string }[] = await knex('place_type')
    .whereIn('code', ['CONF', 'TENTE', 'CARA', 'MH4', 'MH6'])
    .select('id', 'code');
  const zones = ['Bench Nord', 'Bench Sud', 'Bench Est', 'Bench Ouest', 'Bench Centre'];
  const layouts: { id: number }[] = await knex('layout')
    .insert(zones.map((label, i) => ({ code: `BN${i}`, label, order: 50 + i })))
    .returning('id');
  const rows = Array.from({ length: Math.max(0, targetPlaces - have) }, (_, i) => ({
    code: `X${String(i + 1).padStart(4, '0')}`,
    placeTypeId: types[i % types.length].id,
    layoutId: layouts[Math.floor(i / 360) % layouts.length].id,
    capacity: 6,
    order: 1000 + i,
    isActive: true,
  }));
  await bulkInsert(knex, 'place', rows, ['id'], 1000);
  const places: { id: number }[] = await knex('place').where('isActive', true).select('id');
  const customers: { id: number }[] = await knex('customer').select('id').limit(2000);
  const existing = Number(
    (
      await knex('occupancy')
        .where('endDate', '>', addDays(today, -90))
        .where('startDate', '<', addDays(today, 275))
        .count({ n: '*' })
    )[0].n,
  );
  const perPlace = Math.max(1, Math.round((targetStays - existing) / places.length));
  const from = addDays(today, -90);
  const taken: Map<number, [string, string][]> = new Map();
  for (const o of await knex('occupancy')
    .whereNotNull('placeId')
    .where('endDate', '>', from)
    .select('placeId', 'startDate', 'endDate')) {
    taken.set(o.placeId, [...(taken.get(o.placeId) ?? []), [o.startDate, o.endDate]]);
  }
  for (const u of await knex('unavailability').select('placeId', 'startDate', 'endDate'))
    taken.set(u.placeId, [...(taken.get(u.placeId) ?? []), [u.startDate, u.endDate]]);
  const bookings: Record<string, unknown>[] = [];
  const occ: { placeId: number; startDate: string; endDate: string }[] = [];
  for (const p of places) {
    const busy = taken.get(p.id) ?? [];
    let cursor = from;
    for (let k = 0; k < perPlace; k++) {
      // Spread over the year: the mean stay (≈5,4 nights) plus a gap of mean (slot − stay).
      const gap = Math.max(0, Math.floor(365 / perPlace) - 6);
      const start = addDays(cursor, rnd.int(0, 2 * gap));
      const end = addDays(start, rnd.pick([2, 3, 4, 5, 7, 7, 10]));
      if (end > addDays(today, 275)) break;
      cursor = end;
      if (busy.some(([s, e]) => s < end && start < e)) continue;
      const statusId = end < today ? 7 : start <= today ? 6 : rnd.pick([2, 2, 2, 3]);
      bookings.push({
        code: `B${String(bookings.length + 1).padStart(6, '0')}`,
        kind: rnd.chance(0.08) ? 'option' : 'booking',
        statusId,
        cancellation: 'none',
        customerId: customers[rnd.int(0, customers.length - 1)]?.id ?? null,
        startDate: start,
        endDate: end,
        persons: 2,
        totalAmount: rnd.int(100, 900) * 100,
      });
      occ.push({ placeId: p.id, startDate: start, endDate: end });
    }
  }
  const saved = await bulkInsert<{ id: number }>(knex, 'booking', bookings, ['id'], 1000);
  await bulkInsert(
    knex,
    'occupancy',
    occ.map((o, i) => ({ ...o, bookingId: saved[i].id })),
    ['id'],
    1000,
  );
  return { places: places.length, stays: existing + occ.length };
}
