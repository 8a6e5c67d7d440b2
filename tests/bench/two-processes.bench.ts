// Two API processes on one database (issue 31 (docs/history.md#issue-31), README « Several API processes »): both
// run the server's bundle as npm start does (built first when stale) on the same scratch
// database (the demo) and one shared DATA_DIR.
// Prints, never fails:
//  - sessions: a log-in on process A used on process B (and the other way);
//  - bills: BILLS final bills issued alternately on A and B, two at a time (one on
//    each), and whether their numbers run without a gap;
//  - jobs: after JOB_SECONDS, each job's runs claimed in job_claim per process, and
//    whether any (job, period) ran twice.
// Run: npx tsx tests/bench/two-processes.bench.ts (BILLS=50, JOB_SECONDS=40)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { openDatabase } from '../../api/db/connect';
import { openScratchDatabase, ROOT } from '../pg';
import { recordFigures } from './results';
import { serverArgs } from '../../scripts/server-build.mjs';

const PASSWORD = 'bench-two-password';
const BILLS = Number(process.env.BILLS ?? 50);
const JOB_SECONDS = Number(process.env.JOB_SECONDS ?? 40);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function login(base: string): Promise<string> {
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(`${base}/rest/security/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'admin', password: PASSWORD }),
      });
      if (r.status === 200) return /^([^;]+)/.exec(r.headers.get('set-cookie') ?? '')![1];
    } catch {
      /* not listening yet */
    }
    if (i > 1200) throw new Error(`${base} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const call = (base: string, cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { Cookie: cookie, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function main() {
  const scratch = await openScratchDatabase('two');
  await migrateLatest(scratch.db.knex);
  await bootstrap(scratch.db.knex, { adminPassword: PASSWORD, demo: true });
  const stays: number[] = await scratch.db
    .knex('booking as b')
    .join('customer as c', 'c.id', 'b.customerId')
    .where('b.statusId', 7)
    .where('b.totalAmount', '>', 0)
    .whereNotNull('c.address1')
    .whereNotNull('c.postalCode')
    .whereNotNull('c.town')
    .orderBy('b.id')
    .limit(BILLS * 2)
    .pluck('b.id');
  await scratch.db.close();

  // The server's bundle, built as npm start builds it when a source changed.
  const built = spawnSync(process.execPath, [`${ROOT}scripts/start.mjs`, '--build-only'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'bivouac-two-'));
  const procs: ChildProcess[] = [];
  const bases: string[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const p = spawn(process.execPath, serverArgs(), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: scratch.url,
        PORT: String(port),
        ADMIN_PASSWORD: PASSWORD,
        DATA_DIR: dataDir,
      },
    });
    p.stdout!.resume();
    procs.push(p);
    bases.push(`http://127.0.0.1:${port}`);
  }
  const started = Date.now();
  try {
    const [a, b] = bases;
    const cookieA = await login(a);
    const cookieB = await login(b);
    const onB = await call(b, cookieA, 'GET', '/rest/bill/list');
    const onA = await call(a, cookieB, 'GET', '/rest/bill/list');
    console.log(
      `sessions: opened on A, used on B → ${onB.status}; opened on B, used on A → ${onA.status} ` +
        `(${onB.status === 200 && onA.status === 200 ? 'shared' : 'NOT shared'})`,
    );

    const numbers: string[] = [];
    const refused: string[] = [];
    let next = 0;
    // Two at a time, one on each process, until BILLS bills stand.
    while (numbers.length < BILLS && next < stays.length) {
      const pair = [stays[next++], stays[next++]].filter((x) => x !== undefined);
      const answers = await Promise.all(
        pair.map((id, i) =>
          call(bases[i], i ? cookieB : cookieA, 'POST', `/rest/booking/${id}/bill`, { kind: 'final' }),
        ),
      );
      for (const r of answers) {
        const body: any = await r.json();
        if (r.status === 200 && body.number) numbers.push(body.number);
        else refused.push(`${r.status} ${body.code}`);
      }
    }
    const seqs = numbers.map((n) => Number(/(\d+)$/.exec(n)![1])).sort((x, y) => x - y);
    const gapFree = seqs.every((s, i) => i === 0 || s === seqs[i - 1] + 1);
    console.log(
      `bills: ${numbers.length} issued alternately on A and B (${numbers[0]} … ${numbers[numbers.length - 1]}), ` +
        `${gapFree ? 'gap-free, no number twice' : 'WITH GAPS OR REPEATS'}` +
        (refused.length ? `; ${refused.length} refused (${[...new Set(refused)].join(', ')})` : ''),
    );

    const wait = JOB_SECONDS * 1000 - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const db = await openDatabase({ url: scratch.url, pool: 1 });
    try {
      const pids = procs.map((p) => p.pid);
      const rows: any[] = await db.knex('job_claim').select('name', 'slot', 'pid');
      const twice = await db.knex('job_claim').groupBy('name', 'slot').havingRaw('count(*) > 1').select('name');
      console.log(
        `jobs after ${JOB_SECONDS} s: ${rows.length} runs of ${new Set(rows.map((r) => r.name)).size} jobs, ` +
          `by A ${rows.filter((r) => r.pid === pids[0]).length}, ` +
          `by B ${rows.filter((r) => r.pid === pids[1]).length}; ` +
          `${twice.length ? `${twice.length} (job, period) run twice` : 'each (job, period) run once'}`,
      );
      recordFigures('two-processes', [
        {
          id: 'two-processes',
          value: numbers.length,
          unit: 'bills',
          goal: 'sessions shared, gap-free, each job run once',
          met: onA.status === 200 && onB.status === 200 && gapFree && !twice.length,
          detail: `${rows.length} job runs, ${twice.length} twice`,
        },
      ]);
    } finally {
      await db.close();
    }
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))));
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.close();
  }
}

await main();
