// Growth run (issue 18 §4, docs/history.md#issue-18): the same requests over HTTP on the demo campsite and on
// ten times its stays (tests/bench/growth/multiply.ts: earlier years, other names),
// each on its own database schema, and the growth factor of each (goal ≤ ×1,5);
// calls alternate between the two sizes so both see the same load of the machine.
// Baseline of the same run: the search as it was before migration 0024, in SQL.
// Before the copy, GROWTH_BILLS final bills (default 600, more than the bill list's
// 500 rows) are issued on past stays, so the bill list is measured with history too.
// PostgreSQL at DATABASE_URL, else an embedded server in .tmp/pg-bench; the two schemas
// are dropped at the end. Prints figures; never fails.
import { createServer } from 'node:http';
import type { Knex } from 'knex';
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
import { startPgServer } from '../pg';
import { recordFigures, type Figure } from './results';
import { issueStayBill } from '../../api/domain/billing/issue';

const pgServer = await startPgServer('pg-bench');
const URL_ = pgServer.url;
const BILLS = Number(process.env.GROWTH_BILLS ?? 600);
const PASSWORD = 'bench-growth-password';
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 40);
const GOAL = 1.5;

interface Site {
  db: Database;
  client: Client;
  close(): Promise<void>;
  bookings: number;
}

async function site(times: number): Promise<Site> {
  const schema = `bench_growth_${times}_${randomBytes(3).toString('hex')}`;
  const db = await openDatabase({ url: URL_, schema, pool: 5 });
  await migrateLatest(db.knex);
  await bootstrap(db.knex, { adminPassword: PASSWORD, demo: true });
  // The same stays billed on both sizes (the demo is the same): the oldest gone stays first.
  // Guests with a full address (a bill names it).
  const gone = await db
    .knex('booking as b')
    .join('customer as c', 'c.id', 'b.customerId')
    .where('b.statusId', 7)
    .where('b.totalAmount', '>', 0)
    .whereNotNull('c.address1')
    .whereNotNull('c.postalCode')
    .whereNotNull('c.town')
    .orderBy('b.id')
    .pluck('b.id');
  let billed = 0;
  for (const id of gone) {
    if (billed >= BILLS) break;
    billed += await issueStayBill(db.knex, id, { kind: 'final' }, null).then(
      () => 1,
      () => 0,
    );
  }
  const bookings =
    times > 1
      ? await multiplyStays(db.knex, times)
      : (await db.knex.raw('VACUUM ANALYZE'), Number((await db.knex('booking').count({ n: '*' }))[0].n));
  const server = createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  server.on('request', createApp({ db, port, adminDist: null }).callback());
  const client = makeClient(`http://127.0.0.1:${port}`);
  const r = await client.login('admin', PASSWORD);
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  return {
    db,
    client,
    bookings,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await db.knex.raw(`DROP SCHEMA "${schema}" CASCADE`);
      await db.close();
    },
  };
}

interface Timing {
  ms: number;
  size: string;
}

const sizeOf = (b: any) =>
  b?.totals
    ? `${b.rows.length} lignes sur ${b.totals.count}`
    : b?.total !== undefined
      ? `${b.total} trouvées`
      : b?.occupancies
        ? `${b.occupancies.length} barres`
        : Array.isArray(b)
          ? `${b.length} lignes`
          : '';
const median = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)];

/**
 * The same request on both sizes, alternated call by call (after a warm-up), so both
 * see the same load of the machine; the median of ROUNDS calls of each.
 */
async function compare(
  small: () => Promise<{ status: number; body: any }>,
  large: () => Promise<{ status: number; body: any }>,
): Promise<[Timing, Timing]> {
  const last: any[] = [];
  for (let i = 0; i < 5; i++) {
    last[0] = await small();
    last[1] = await large();
  }
  for (const r of last) if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
  const t: [number[], number[]] = [[], []];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, call] of [small, large].entries()) {
      const t0 = performance.now();
      await call();
      t[k].push(performance.now() - t0);
    }
  }
  return [
    { ms: median(t[0]), size: sizeOf(last[0].body) },
    { ms: median(t[1]), size: sizeOf(last[1].body) },
  ];
}

const f = (n: number) => n.toFixed(1).replace('.', ',');

async function main() {
  console.log(`PostgreSQL ${URL_.replace(/\/\/[^@]*@/, '//')}, ${ROUNDS} calls per request, median`);
  const small = await site(1);
  // A customer's name and a booking code of the demo: the same answer at both sizes.
  const who: any = await small.db
    .knex('booking as b')
    .join('customer as c', 'c.id', 'b.customerId')
    .whereNotNull('b.startDate')
    .orderBy('b.id')
    .offset(100)
    .first('c.lastName', 'b.code', 'b.id');
  const { startDate, endDate } = boardRange(todayParis());
  const customerQ = JSON.stringify({ q: who.lastName });
  const requests: [string, (c: Client) => Promise<any>][] = [
    [
      `booking search « ${who.lastName} »`,
      (c) => c.post('/rest/booking/list', { scope: 'active', q: who.lastName, pageSize: 20 }),
    ],
    [
      `booking search « ${who.code} »`,
      (c) => c.post('/rest/booking/list', { scope: 'active', q: who.code, pageSize: 20 }),
    ],
    ['booking list (page 1)', (c) => c.post('/rest/booking/list', { scope: 'active', pageSize: 20 })],
    [
      `customer search « ${who.lastName} »`,
      (c) => c.get(`/rest/customer?range=[0,24]&sort=["id","ASC"]&filter=${encodeURIComponent(customerQ)}`),
    ],
    ['bill list, no period', (c) => c.get('/rest/bill/list')],
    [`stay balance ${who.code}`, (c) => c.get(`/rest/booking/${who.id}/balance`)],
    ['planning window, whole site', (c) => c.get(`/rest/planning/window?from=${startDate}&to=${endDate}`)],
    [
      `planning search « ${who.lastName} »`,
      (c) => c.get(`/rest/planning/search?q=${encodeURIComponent(who.lastName)}`),
    ],
  ];
  const t0 = performance.now();
  const large = await site(10);
  console.log(
    `×1: ${small.bookings} bookings; ×10: ${large.bookings} bookings (copied in ` +
      `${f((performance.now() - t0) / 1000)} s)`,
  );
  console.log(`${'request'.padEnd(44)} ${'×1'.padStart(10)} ${'×10'.padStart(10)}  growth`);
  // The rows of the table of issue 31 (docs/history.md#issue-31), for the summary.
  const TABLE_ROWS: [RegExp, string][] = [
    [/^booking list \(page 1\)/, 'growth-stay-list'],
    [/^bill list, no period/, 'growth-bill-list'],
    [/^customer search/, 'growth-customer-search'],
  ];
  const figures: Figure[] = [];
  for (const [label, call] of requests) {
    const [a, b] = await compare(
      () => call(small.client),
      () => call(large.client),
    );
    const g = b.ms / a.ms;
    console.log(
      `${label.padEnd(44)} ${`${f(a.ms)} ms`.padStart(10)} ${`${f(b.ms)} ms`.padStart(10)}  ×${f(g)} ` +
        `${g <= GOAL ? '(goal ≤ ×1,5 met)' : '(OVER the ×1,5 goal)'}  [${a.size} / ${b.size}]`,
    );
    const id = TABLE_ROWS.find(([re]) => re.test(label))?.[1];
    if (id) {
      const detail = `${f(a.ms)} → ${f(b.ms)} ms`;
      figures.push({ id, value: g, unit: '× (×10 / ×1)', goal: '≤ ×1,5', met: g <= GOAL, detail });
    }
  }
  recordFigures('growth', figures);
  // Baseline, same run: the search as it was before migration 0024 (accents folded over four
  // columns of three tables on every row), issued directly in SQL on both sizes.
  const folded = (k: Knex) =>
    k('booking as b')
      .leftJoin('customer as c', 'c.id', 'b.customerId')
      .leftJoin('partner as pa', 'pa.id', 'b.partnerId')
      .whereNotIn('b.statusId', [9, 10, 11, 14, 15, 16])
      .where((w) =>
        w
          .whereRaw('bv_fold(b.code) LIKE bv_fold(?)', [`%${who.lastName}%`])
          .orWhereRaw('bv_fold(c.last_name) LIKE bv_fold(?)', [`%${who.lastName}%`])
          .orWhereRaw('bv_fold(c.first_name) LIKE bv_fold(?)', [`%${who.lastName}%`])
          .orWhereRaw('bv_fold(pa.name) LIKE bv_fold(?)', [`%${who.lastName}%`]),
      )
      .select('b.id')
      .orderBy('b.startDate', 'desc')
      .limit(20);
  const asSql = async (k: Knex) => ({ status: 200, body: await folded(k) });
  const [a, b] = await compare(
    () => asSql(small.db.knex),
    () => asSql(large.db.knex),
  );
  console.log(
    `${`baseline: search folded on every row (SQL)`.padEnd(44)} ${`${f(a.ms)} ms`.padStart(10)} ` +
      `${`${f(b.ms)} ms`.padStart(10)}  ×${f(b.ms / a.ms)}`,
  );
  await small.close();
  await large.close();
  await pgServer.stop();
}

await main();
process.exit(0);
