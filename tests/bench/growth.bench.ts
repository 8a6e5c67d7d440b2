// Growth run (issue 18 §4): the same requests over HTTP on the demo campsite and on
// ten times its stays (tests/bench/growth/multiply.ts: earlier years, other names),
// each on its own database schema, and the growth factor of each (goal ≤ ×1,5).
// PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// the two schemas are dropped at the end. Prints figures; never fails.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { createApp } from '../../api/app';
import { makeClient, type Client } from '../int/harness';
import { boardRange } from '../../api/domain/planning/window';
import { todayParis } from '../../common/dates';
import { multiplyStays } from './growth/multiply';

const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-growth-password';
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 40);
const GOAL = 1.5;

interface Site { db: Database; client: Client; close(): Promise<void>; bookings: number }

async function site(times: number): Promise<Site> {
  const schema = `bench_growth_${times}_${randomBytes(3).toString('hex')}`;
  const db = await openDatabase({ url: URL_, schema, pool: 5 });
  await migrateLatest(db.knex);
  await bootstrap(db.knex, { adminPassword: PASSWORD, demo: true });
  const bookings = times > 1 ? await multiplyStays(db.knex, times) : (await db.knex.raw('VACUUM ANALYZE'), Number((await db.knex('booking').count({ n: '*' }))[0].n));
  const server = createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  server.on('request', createApp({ db, port, adminDist: null }).callback());
  const client = makeClient(`http://127.0.0.1:${port}`);
  const r = await client.login('admin', PASSWORD);
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  return {
    db, client, bookings,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await db.knex.raw(`DROP SCHEMA "${schema}" CASCADE`);
      await db.close();
    },
  };
}

/** Median of ROUNDS calls (after a warm-up), and the size of the last answer. */
async function median(call: () => Promise<{ status: number; body: any }>): Promise<{ ms: number; size: string }> {
  let last: any;
  for (let i = 0; i < 5; i++) last = await call();
  if (last.status !== 200) throw new Error(`${last.status} ${JSON.stringify(last.body).slice(0, 200)}`);
  const t: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await call();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  const b = last.body;
  const size = b?.total !== undefined ? `${b.total} trouvées` : b?.occupancies ? `${b.occupancies.length} barres` : Array.isArray(b) ? `${b.length} lignes` : '';
  return { ms: t[Math.floor(t.length / 2)], size };
}

const f = (n: number) => n.toFixed(1).replace('.', ',');

async function main() {
  console.log(`PostgreSQL ${URL_.replace(/\/\/[^@]*@/, '//')}, ${ROUNDS} calls per request, median`);
  const small = await site(1);
  // A customer's name and a booking code of the demo: the same answer at both sizes.
  const who: any = await small.db.knex('booking as b').join('customer as c', 'c.id', 'b.customerId').whereNotNull('b.startDate')
    .orderBy('b.id').offset(100).first('c.lastName', 'b.code');
  const { startDate, endDate } = boardRange(todayParis());
  const requests: [string, (c: Client) => Promise<any>][] = [
    [`booking search « ${who.lastName} »`, (c) => c.post('/rest/booking/list', { scope: 'active', q: who.lastName, pageSize: 20 })],
    [`booking search « ${who.code} »`, (c) => c.post('/rest/booking/list', { scope: 'active', q: who.code, pageSize: 20 })],
    ['booking list (page 1)', (c) => c.post('/rest/booking/list', { scope: 'active', pageSize: 20 })],
    ['planning window, whole site', (c) => c.get(`/rest/planning/window?from=${startDate}&to=${endDate}`)],
    [`planning search « ${who.lastName} »`, (c) => c.get(`/rest/planning/search?q=${encodeURIComponent(who.lastName)}`)],
  ];
  const base: { ms: number; size: string }[] = [];
  for (const [, call] of requests) base.push(await median(() => call(small.client)));
  await small.close();
  const t0 = performance.now();
  const large = await site(10);
  console.log(`×1: ${small.bookings} bookings; ×10: ${large.bookings} bookings (copied in ${f((performance.now() - t0) / 1000)} s)`);
  console.log(`${'request'.padEnd(44)} ${'×1'.padStart(10)} ${'×10'.padStart(10)}  growth`);
  for (const [i, [label, call]] of requests.entries()) {
    const m = await median(() => call(large.client));
    const g = m.ms / base[i].ms;
    console.log(`${label.padEnd(44)} ${`${f(base[i].ms)} ms`.padStart(10)} ${`${f(m.ms)} ms`.padStart(10)}  ×${f(g)} ${g <= GOAL ? '(goal ≤ ×1,5 met)' : '(OVER the ×1,5 goal)'}  [${base[i].size} / ${m.size}]`);
  }
  await large.close();
}

await main();
process.exit(0);
