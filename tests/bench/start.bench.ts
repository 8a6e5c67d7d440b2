// First and second start of `npm start` (scripts/start.mjs, then the server's bundle) on an empty data
// directory with the embedded PostgreSQL: time to the first answer (the log-in page),
// to the API answering (migrated; on the first start the demo is still being seeded
// behind a 503 « Préparation de la démonstration… »), and to the demo being ready.
// The admin and server builds are done first and timed apart (they belong to the
// install or the first build); the server then runs from its bundle, as npm start runs it.
// Then a kill -9 of the node process and a restart. PRINTS, never fails.
// Run: npx tsx tests/bench/start.bench.ts
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { ROOT } from '../pg';
import { serverArgs } from '../../scripts/server-build.mjs';

const DIR = `${ROOT}.tmp/bench-start`;
const PASSWORD = 'bench-start-password';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function until(what: () => Promise<boolean>, limitMs = 300_000): Promise<void> {
  const end = Date.now() + limitMs;
  for (;;) {
    try {
      if (await what()) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Start {
  proc: ChildProcess;
  firstAnswer: number;
  api: number;
  ready: number;
}

async function start(port: number): Promise<Start> {
  const t0 = performance.now();
  // The server part of npm start, its bundle (built just before): while others edit the
  // admin's sources, start.mjs would rebuild it on every start.
  const proc = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: DIR, PORT: String(port), ADMIN_PASSWORD: PASSWORD },
  });
  const base = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${base}/`)).status === 200);
  const firstAnswer = performance.now() - t0;
  // The API answers (not 503) once migrated; the log-in works once the demo is seeded.
  let api = 0;
  await until(async () => {
    const r = await fetch(`${base}/rest/security/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: PASSWORD }),
    });
    const body = await r.json().catch(() => ({}));
    if (!api && (r.status !== 503 || body.code === 'DEMO_PREPARING')) api = performance.now() - t0;
    return r.status === 200;
  });
  return { proc, firstAnswer, api, ready: performance.now() - t0 };
}

async function stop(s: Start, signal: NodeJS.Signals = 'SIGTERM') {
  const exited = new Promise((r) => s.proc.once('exit', r));
  s.proc.kill(signal);
  await exited;
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  let t = performance.now();
  const build = spawnSync(process.execPath, [`${ROOT}scripts/start.mjs`, '--build-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  console.log(
    `admin and server builds (only when their sources changed): ${sec(performance.now() - t)}` +
      `${build.status ? ` (failed: ${build.status})` : ''}`,
  );
  rmSync(DIR, { recursive: true, force: true });
  const port = await freePort();
  const rows: [string, Start][] = [];
  const first = await start(port);
  rows.push(['first start (empty DATA_DIR)', first]);
  t = performance.now();
  await stop(first);
  console.log(`clean stop (SIGTERM, PostgreSQL shut down): ${sec(performance.now() - t)}`);
  const second = await start(port);
  rows.push(['second start', second]);
  await stop(second, 'SIGKILL'); // PostgreSQL is left running, orphaned
  const third = await start(port);
  rows.push(['start after kill -9 of node', third]);
  await stop(third);
  console.log(
    `\n${''.padEnd(30)} ${'first answer'.padStart(13)} ${'API answers'.padStart(12)} ${'demo ready'.padStart(11)}`,
  );
  for (const [name, s] of rows)
    console.log(
      `${name.padEnd(30)} ${sec(s.firstAnswer).padStart(13)} ${sec(s.api).padStart(12)} ${sec(s.ready).padStart(11)}`,
    );
  console.log('(goal: the first start answers in < 15 s)');
  rmSync(DIR, { recursive: true, force: true });
}

await main();
