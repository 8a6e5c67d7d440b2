// Availability search over 2 000 places and 100 000 occupancies: POST
// /rest/booking/search-availability end to end (HTTP, session, rights, parsing,
// the query, the features of the places found, JSON), beside the bare SQL query it
// runs, issued directly with knex in the same process. p50 and p95 in ms, and their
// ratio. Prints figures; never fails. DATABASE_URL runs it on PostgreSQL.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openScratchDatabase } from '../pg';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { createApp } from '../../api/app';
import { makeClient } from '../int/harness';
import { availabilitySql, type AvailabilityQuery } from '../../api/domain/stays/availability';
import { Random } from '../../api/demo/stays-random';
import { addDays } from '../../common/dates';

const PLACES = 2_000;
const OCCUPANCIES = 100_000;
const ROUNDS = 200;
const FROM = '2027-01-01';

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: at(0.5), p95: at(0.95) };
}
const f = (n: number) => n.toFixed(2);

async function main() {
  const scratch = await openScratchDatabase('availability');
  const db = scratch.db;
  const k = db.knex;
  await migrateLatest(k);
  await bootstrap(k, { adminPassword: 'bench-password', demo: false });
  const t0 = performance.now();
  const rnd = new Random(42);
  const types: { id: number; maxPersons: number }[] = await k('place_type')
    .where('isResidential', false)
    .select('id', 'maxPersons');
  const layouts: number[] = (await k('layout').select('id')).map((r: any) => r.id);
  const features: number[] = (await k('feature').select('id')).map((r: any) => r.id);
  const places = Array.from({ length: PLACES }, (_, i) => {
    const t = types[i % types.length];
    return {
      code: `P${String(i + 1).padStart(4, '0')}`,
      placeTypeId: t.id,
      layoutId: layouts[i % layouts.length],
      capacity: t.maxPersons,
      order: i,
    };
  });
  const placeIds: number[] = [];
  for (let i = 0; i < places.length; i += 1000)
    placeIds.push(
      ...(
        await k('place')
          .insert(places.slice(i, i + 1000))
          .returning('id')
      ).map((r: any) => r.id),
    );
  const links = placeIds.flatMap((placeId) =>
    features.filter(() => rnd.chance(0.3)).map((featureId) => ({ placeId, featureId })),
  );
  for (let i = 0; i < links.length; i += 2000) await k('place_feature').insert(links.slice(i, i + 2000));
  const customer = (await k('customer').insert({ lastName: 'Banc d’essai' }).returning('id'))[0].id;
  // 50 stays per place over two years, back to back with gaps: never overlapping.
  const perPlace = OCCUPANCIES / PLACES;
  const stays: { placeId: number; startDate: string; endDate: string }[] = [];
  for (const placeId of placeIds) {
    let cursor = FROM;
    for (let n = 0; n < perPlace; n++) {
      const start = addDays(cursor, rnd.int(0, 10));
      const end = addDays(start, rnd.int(1, 7));
      stays.push({ placeId, startDate: start, endDate: end });
      cursor = end;
    }
  }
  // Bulk load: a booking for every 10 occupancies; the reservation rows are built in
  // one statement (the exclusion constraint still checks every one of them).
  await k.raw('ALTER TABLE occupancy DISABLE TRIGGER tg_occupancy__reservation');
  for (let i = 0; i < stays.length; i += 5000) {
    const part = stays.slice(i, i + 5000);
    const ids = (
      await k('booking')
        .insert(
          Array.from({ length: part.length / 10 }, () => ({ kind: 'booking', statusId: 2, customerId: customer })),
        )
        .returning('id')
    ).map((r: any) => r.id);
    await k('occupancy').insert(part.map((s, j) => ({ ...s, bookingId: ids[Math.floor(j / 10)] })));
  }
  await k.raw(
    'INSERT INTO place_reservation (place_id, nights, occupancy_id) SELECT place_id, daterange(start_date, ' +
      'end_date), id FROM occupancy',
  );
  await k.raw('ALTER TABLE occupancy ENABLE TRIGGER tg_occupancy__reservation');
  await k.raw('ANALYZE');
  const [{ n }] = await k('place_reservation').count({ n: '*' });
  console.log(
    `setup: ${PLACES} places, ${n} occupancies held, ${links.length} place features (` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s, ${scratch.where})`,
  );

  const server = createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  server.on('request', createApp({ db, port, adminDist: null }).callback());
  const client = makeClient(`http://127.0.0.1:${port}`);
  await client.login('admin', 'bench-password');

  // The same sequence of searches for both: a week somewhere in the two years, 2 to
  // 4 persons, sometimes a place type, sometimes one or two features.
  const queries: AvailabilityQuery[] = Array.from({ length: ROUNDS + 20 }, (_, i) => {
    const startDate = addDays(FROM, rnd.int(0, 600));
    return {
      startDate,
      endDate: addDays(startDate, 7),
      persons: rnd.int(2, 4),
      placeTypeId: i % 3 === 0 ? types[i % types.length].id : null,
      placeFamilyId: null,
      layoutId: null,
      featureIds: i % 4 === 0 ? [features[i % features.length]] : i % 4 === 1 ? [features[0], features[1]] : [],
      partnerId: null,
      limit: 500,
    };
  });
  const run = async (fn: (q: AvailabilityQuery) => Promise<number>) => {
    for (const q of queries.slice(0, 20)) await fn(q);
    const out: number[] = [];
    let found = 0;
    for (const q of queries.slice(20)) {
      const t = performance.now();
      found += await fn(q);
      out.push(performance.now() - t);
    }
    return { ...stats(out), found: found / ROUNDS };
  };
  const api = await run(async (q) => {
    const r = await client.post('/rest/booking/search-availability', q);
    if (r.status !== 200) throw new Error(r.text);
    return r.body.length;
  });
  const sql = await run(async (q) => {
    const { sql: text, bindings } = availabilitySql(q);
    const res: any = await k.raw(text, bindings as any[]);
    return (res.rows ?? res).length;
  });
  console.log(`free places found per search: ${f(api.found)} (API) / ${f(sql.found)} (SQL)`);
  console.log(`POST /rest/booking/search-availability   p50 ${f(api.p50)} ms   p95 ${f(api.p95)} ms`);
  console.log(`bare SQL query (knex.raw)                 p50 ${f(sql.p50)} ms   p95 ${f(sql.p95)} ms`);
  console.log(`ratio API / SQL                           p50 ×${f(api.p50 / sql.p50)}   p95 ×${f(api.p95 / sql.p95)}`);

  await new Promise((r) => server.close(r));
  await scratch.close();
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
