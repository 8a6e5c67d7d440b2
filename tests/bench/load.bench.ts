// Load and stall, on the demo campsite in a scratch PostgreSQL database (embedded, or
// on DATABASE_URL's server). The product runs as `npm start` runs it — the bundle of
// `api/main.ts` (scripts/server-build.mjs, built first when stale) in a process of its own
// with the server's Node options, its pool and statement timeout — and this process is the
// client. PRINTS, never fails:
//  - load: CLIENTS concurrent clients for LOAD_SECONDS on list and search of customers
//    and bookings (round-robin), req/s, p50/p99 and errors per request; beside it the
//    same queries issued by knex in this process (bare SQL: no HTTP, session or rights)
//    by as many callers over a pool of the server's size, on the same database;
//  - stall: the latency of a plain list alone, then while four heavy searches run
//    without pause, and their ratio (target ≤ 3×);
//  - a stay's balance (GET /rest/booking/{id}/balance, on the short lane) and the bill list
//    alone, then among the load: p50 ratio (goal ≤ ×10, issue 31, docs/history.md#issue-31);
//  - the server's RSS idle (after log-in, once GET /rest/health says its start-up jobs are
//    done and the RSS has stopped falling: settledRss) and after the load (goals < 150 MiB
//    and < 350 MiB, issue 31 (docs/history.md#issue-31): run with LOAD_SECONDS=60), beside the baseline of the same
//    run: a minimal Koa + knex server (memory/minimal-server.ts, run through tsx with the
//    server's Node options) on the same database, after the same number of requests.
// The figures of issue 31 (docs/history.md#issue-31)'s table go to the summary (results.ts, summary.bench.ts).
// Run: npx tsx tests/bench/load.bench.ts (LOAD_SECONDS=30, LOAD_CLIENTS=50)
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Knex } from 'knex';
import { DEFAULT_POOL, openDatabase } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { applyFilter, applySort, readableColumns } from '../../api/rest/query';
import { bookingList, parseBookingListQuery } from '../../api/domain/stays/lists';
import { stayBalanceView } from '../../api/domain/billing/stay-balance';
import { billList } from '../../api/domain/billing/bill-list';
import { registerDomainRules } from '../../api/domain/index';
import { ENTITY_METAS } from '../../common/generated/meta/index';
import { openScratchDatabase, ROOT } from '../pg';
import { recordFigures } from './results';
import { SERVER_NODE_OPTIONS, serverArgs } from '../../scripts/server-build.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const PASSWORD = 'bench-load-password';
const TERM = 'mar';

const customerMeta = ENTITY_METAS.find((m) => m.name === 'customer')!;
/** The stay whose balance is asked: set once the demo is seeded. */
let balanceStay = 0;
/** Resident set of a process, MiB (Linux). */
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

interface Kind {
  name: string;
  http: (base: string, cookie: string) => Promise<Response>;
  sql: (k: Knex) => Promise<unknown>;
}

const get = (base: string, cookie: string, path: string) =>
  fetch(`${base}${path}`, { headers: { Cookie: cookie, Accept: 'application/json' } });
const post = (base: string, cookie: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function customerPage(k: Knex, filter: Record<string, unknown>) {
  const base = k('customer');
  applyFilter(base, customerMeta, filter);
  const [{ n }] = await base.clone().count({ n: '*' });
  const q = base.select(readableColumns(customerMeta));
  applySort(q, customerMeta, { field: 'id', order: 'ASC' });
  return { n, rows: await q.offset(0).limit(25) };
}

const KINDS: Kind[] = [
  {
    name: 'customer list',
    http: (b, c) => get(b, c, '/rest/customer?range=[0,24]&sort=["id","ASC"]'),
    sql: (k) => customerPage(k, {}),
  },
  {
    name: `customer search « ${TERM} »`,
    http: (b, c) =>
      get(
        b,
        c,
        `/rest/customer?range=[0,24]&sort=["id","ASC"]&filter=${encodeURIComponent(JSON.stringify({ q: TERM }))}`,
      ),
    sql: (k) => customerPage(k, { q: TERM }),
  },
  {
    name: 'booking list',
    http: (b, c) => post(b, c, '/rest/booking/list', {}),
    sql: (k) => bookingList(k, parseBookingListQuery({})),
  },
  {
    name: `booking search « ${TERM} »`,
    http: (b, c) => post(b, c, '/rest/booking/list', { q: TERM }),
    sql: (k) => bookingList(k, parseBookingListQuery({ q: TERM })),
  },
  {
    name: 'stay balance',
    http: (b, c) => get(b, c, `/rest/booking/${balanceStay}/balance`),
    sql: (k) => stayBalanceView(k, balanceStay),
  },
  {
    name: 'bill list',
    http: (b, c) => get(b, c, '/rest/bill/list'),
    sql: (k) => billList(k, {}),
  },
];

interface Tally {
  ms: number[];
  errors: number;
  firstError?: string;
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

/** `callers` loops for `seconds`, each running the kinds round-robin. */
async function drive(
  callers: number,
  seconds: number,
  run: (kind: Kind) => Promise<void | string>,
): Promise<Map<string, Tally>> {
  const tallies = new Map(KINDS.map((k) => [k.name, { ms: [], errors: 0 } as Tally]));
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, i) => {
      for (let n = i; performance.now() < until; n++) {
        const kind = KINDS[n % KINDS.length];
        const t = tallies.get(kind.name)!;
        const t0 = performance.now();
        try {
          const err = await run(kind);
          if (err) {
            t.errors++;
            t.firstError ??= err;
          } else t.ms.push(performance.now() - t0);
        } catch (e) {
          t.errors++;
          t.firstError ??= String(e);
        }
      }
    }),
  );
  return tallies;
}

async function httpOnce(base: string, cookie: string, kind: Kind): Promise<string | undefined> {
  const r = await kind.http(base, cookie);
  const text = await r.text();
  return r.status === 200 ? undefined : `${r.status} ${text.slice(0, 120)}`;
}

/** Starts node with `args` on the database; resolves once `ready` answers. */
async function startProcess(args: string[], url: string, ready: (base: string) => Promise<boolean>) {
  const entry = args.at(-1)!;
  const port = await freePort();
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), ADMIN_PASSWORD: PASSWORD },
  });
  proc.stdout!.resume();
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if (await ready(base)) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600) throw new Error(`${entry} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    proc.kill('SIGTERM');
    if (proc.exitCode === null) await new Promise((r) => proc.once('exit', r));
  };
  return { proc, base, stop };
}

/** RSS of the minimal Koa + knex server: idle, then after `requests` requests from CLIENTS clients. */
async function minimalRss(url: string, requests: number): Promise<[number, number]> {
  const m = await startProcess(
    [...SERVER_NODE_OPTIONS, '--import', 'tsx', `${ROOT}tests/bench/memory/minimal-server.ts`],
    url,
    async (b) => (await fetch(b)).ok,
  );
  try {
    const { settled: idle } = await settledRss(m.proc.pid!);
    let left = requests;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (left-- > 0) await (await fetch(m.base)).arrayBuffer();
      }),
    );
    return [idle, rssMiB(m.proc.pid!)];
  } finally {
    await m.stop();
  }
}

/**
 * The RSS of a process at rest: V8 gives the pages a collection freed back to the system some
 * seconds later (its memory reducer runs once allocation has stopped), so the figure right after
 * the start-up work is a transient. Sampled every second until it has not fallen by more than
 * 1 MiB over 10 s, at most 60 s.
 */
async function settledRss(pid: number): Promise<{ first: number; settled: number; seconds: number }> {
  const samples = [rssMiB(pid)];
  while (samples.length <= 60) {
    await new Promise((r) => setTimeout(r, 1000));
    samples.push(rssMiB(pid));
    if (samples.length > 10 && samples.at(-11)! - samples.at(-1)! <= 1) break;
  }
  return { first: samples[0], settled: samples.at(-1)!, seconds: samples.length - 1 };
}

/** Waits until the server says its start-up jobs are done (GET /rest/health); answers the ms waited. */
async function startupDone(base: string): Promise<number> {
  const t0 = performance.now();
  // Bounded: 5 minutes (a loaded shared machine runs the start-up pass slowly).
  for (let i = 0; i < 6000; i++) {
    const r = await fetch(`${base}/rest/health`);
    if (r.ok && ((await r.json()) as { startup: string }).startup === 'done') return performance.now() - t0;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('the start-up jobs did not finish within 5 minutes');
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function main() {
  // The SQL side calls the modules' functions directly: their registries (the stay's bill…) as the server has them.
  registerDomainRules();
  const scratch = await openScratchDatabase('load');
  const t0 = performance.now();
  await migrateLatest(scratch.db.knex);
  await bootstrap(scratch.db.knex, { adminPassword: PASSWORD, demo: true });
  const [{ c }] = await scratch.db.knex('customer').count({ c: '*' });
  const [{ b }] = await scratch.db.knex('booking').count({ b: '*' });
  // A stay with payments and a customer: the balance reads all it owns.
  balanceStay = (
    await scratch.db
      .knex('booking as k')
      .whereNotNull('k.customerId')
      .orderByRaw('(SELECT count(*) FROM payment p WHERE p.booking_id = k.id) DESC, k.id')
      .first('k.id')
  ).id;
  console.log(
    `${scratch.where}: demo seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${c} customers, ${b} ` +
      `bookings)`,
  );
  await scratch.db.close();

  // The server's bundle, built as npm start builds it when a source changed.
  const built = spawnSync(process.execPath, [`${ROOT}scripts/start.mjs`, '--build-only'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  let cookie = '';
  const started = await startProcess(serverArgs(), scratch.url, async (b) => {
    const r = await fetch(`${b}/rest/security/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: PASSWORD }),
    });
    if (r.status !== 200) return false;
    cookie = /^([^;]+)/.exec(r.headers.get('set-cookie') ?? '')![1];
    return true;
  });
  const { base, proc: server } = started;
  try {
    const sqlDb = await openDatabase({ url: scratch.url, pool: DEFAULT_POOL });
    try {
      // Idle: the server started, logged in, its start-up jobs done (GET /rest/health), nothing asked but the log-in.
      const waited = await startupDone(base);
      const rest = await settledRss(server.pid!);
      const rssIdle = rest.settled;
      console.log(
        `start-up jobs done ${(waited / 1000).toFixed(1)} s after the log-in; RSS then ${rest.first.toFixed(0)} MiB, ` +
          `at rest ${rssIdle.toFixed(0)} MiB ${rest.seconds} s later`,
      );
      // Warm both paths (plans, JIT of the server process) before measuring.
      await drive(CLIENTS, 2, (k) => httpOnce(base, cookie, k));
      await drive(CLIENTS, 1, async (k) => {
        await k.sql(sqlDb.knex);
      });

      console.log(
        `\nload: ${CLIENTS} concurrent clients, ${SECONDS} s each side, server pool ${DEFAULT_POOL} connections`,
      );
      const balance = KINDS.find((k) => k.name === 'stay balance')!;
      const bills = KINDS.find((k) => k.name === 'bill list')!;
      // Idle, interleaved: one balance, one bill list, 40 times.
      const balanceIdle: number[] = [];
      const billsIdle: number[] = [];
      for (let i = 0; i < 40; i++)
        for (const [kind, ms] of [
          [balance, balanceIdle],
          [bills, billsIdle],
        ] as const) {
          const t0 = performance.now();
          const err = await httpOnce(base, cookie, kind);
          if (err) throw new Error(`${kind.name}: ${err}`);
          ms.push(performance.now() - t0);
        }
      const http = await drive(CLIENTS, SECONDS, (k) => httpOnce(base, cookie, k));
      const rssLoaded = rssMiB(server.pid!);
      const sql = await drive(CLIENTS, SECONDS, async (k) => {
        await k.sql(sqlDb.knex);
      });
      console.log(
        `  ${'request'.padEnd(26)} ${'HTTP req/s'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ` +
          `${'errors'.padStart(7)}   ${'SQL q/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}   ` +
          `${'req/s HTTP ÷ SQL'.padStart(16)}`,
      );
      for (const k of KINDS) {
        const h = http.get(k.name)!,
          s = sql.get(k.name)!;
        const hr = h.ms.length / SECONDS,
          sr = s.ms.length / SECONDS;
        console.log(
          `  ${k.name.padEnd(26)} ${hr.toFixed(0).padStart(10)} ${f1(pct(h.ms, 0.5)).padStart(8)} ` +
            `${f1(pct(h.ms, 0.99)).padStart(8)} ${String(h.errors).padStart(7)}   ${sr.toFixed(0).padStart(8)} ` +
            `${f1(pct(s.ms, 0.5)).padStart(8)} ${f1(pct(s.ms, 0.99)).padStart(8)}   ` +
            `${(hr / sr).toFixed(2).padStart(16)}`,
        );
        if (h.firstError) console.log(`    first HTTP error: ${h.firstError}`);
        if (s.errors) console.log(`    SQL errors: ${s.errors} (${s.firstError})`);
      }
      const underLoad = pct(http.get(balance.name)!.ms, 0.5);
      console.log(
        `\nstay balance: idle p50 ${f1(pct(balanceIdle, 0.5))} ms, among ${CLIENTS} clients p50 ${f1(underLoad)} ms: ` +
          `×${f1(underLoad / pct(balanceIdle, 0.5))} (goal ≤ ×10)`,
      );
      const billsLoad = pct(http.get(bills.name)!.ms, 0.5);
      console.log(
        `bill list: idle p50 ${f1(pct(billsIdle, 0.5))} ms, among ${CLIENTS} clients p50 ${f1(billsLoad)} ms: ` +
          `×${f1(billsLoad / pct(billsIdle, 0.5))} (the main pool's queue; the balance takes the short lane)`,
      );
      const served = [...http.values()].reduce((n, t) => n + t.ms.length + t.errors, 0);
      const [minIdle, minLoaded] = await minimalRss(scratch.url, served);
      console.log(
        `server RSS: idle ${rssIdle.toFixed(0)} MiB (goal < 150), after ${SECONDS} s of ${CLIENTS} clients ` +
          `${rssLoaded.toFixed(0)} MiB (goal < 350); baseline, minimal Koa + knex: ${minIdle.toFixed(0)} MiB ` +
          `idle, ${minLoaded.toFixed(0)} MiB after ${served} requests`,
      );
      const balanceRatio = underLoad / pct(balanceIdle, 0.5);
      recordFigures('load', [
        {
          id: 'balance-load',
          value: underLoad,
          unit: 'ms',
          baseline: pct(balanceIdle, 0.5),
          baselineLabel: 'idle p50',
          goal: '≤ ×10 of idle',
          met: balanceRatio <= 10,
          detail: `p99 ${f1(pct(http.get(balance.name)!.ms, 0.99))} ms, ${CLIENTS} clients, ${SECONDS} s`,
        },
        {
          id: 'rss-idle',
          value: rssIdle,
          unit: 'MiB',
          baseline: minIdle,
          baselineLabel: 'minimal Koa + knex',
          goal: '< 150 MiB',
          met: rssIdle < 150,
        },
        {
          id: 'rss-load',
          value: rssLoaded,
          unit: 'MiB',
          baseline: minLoaded,
          baselineLabel: 'minimal Koa + knex, same requests',
          goal: '< 350 MiB',
          met: rssLoaded < 350,
          detail: `${CLIENTS} clients, ${SECONDS} s`,
        },
      ]);
      const total = (m: Map<string, Tally>) => [...m.values()].reduce((n, t) => n + t.ms.length, 0) / SECONDS;
      console.log(
        `  ${'all'.padEnd(26)} ${total(http).toFixed(0).padStart(10)} ${''.padStart(26)}   ` +
          `${total(sql).toFixed(0).padStart(8)}`,
      );

      // Stall: a plain list, one at a time, alone and then beside four heavy searches.
      const plain = KINDS[0];
      const heavyBody = { q: 'ent', pageSize: 500, sort: { field: 'customerName', order: 'ASC' } };
      const probe = await post(base, cookie, '/rest/booking/list', heavyBody);
      await probe.text();
      const timeList = async (n: number) => {
        const ms: number[] = [];
        for (let i = 0; i < n; i++) {
          const t = performance.now();
          const r = await plain.http(base, cookie);
          await r.text();
          ms.push(performance.now() - t);
        }
        return ms;
      };
      const idle = await timeList(200);
      let stop = false;
      let heavyDone = 0;
      const hs = Array.from({ length: 4 }, async () => {
        while (!stop) {
          const r = await post(base, cookie, '/rest/booking/list', heavyBody);
          await r.text();
          heavyDone++;
        }
      });
      await new Promise((r) => setTimeout(r, 300));
      const busy = await timeList(200);
      stop = true;
      await Promise.all(hs);
      console.log(
        `\nstall: customer list, 200 requests one at a time; heavy search = booking search « ${heavyBody.q} », ` +
          `500 rows sorted by customer name (${heavyDone} run meanwhile)`,
      );
      console.log(`  idle        p50 ${f1(pct(idle, 0.5))} ms   p99 ${f1(pct(idle, 0.99))} ms`);
      console.log(`  4 searches  p50 ${f1(pct(busy, 0.5))} ms   p99 ${f1(pct(busy, 0.99))} ms`);
      console.log(
        `  ratio       p50 ${(pct(busy, 0.5) / pct(idle, 0.5)).toFixed(2)}×   p99 ` +
          `${(pct(busy, 0.99) / pct(idle, 0.99)).toFixed(2)}×   (target ≤ 3×)`,
      );
    } finally {
      await sqlDb.close();
    }
  } finally {
    await started.stop();
    await scratch.close();
  }
}

await main();
