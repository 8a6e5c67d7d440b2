// /rest/ list and search on a 50 000-row table, against the same queries issued
// directly with knex in the same process: latency and throughput of both, and their
// ratios, on PostgreSQL (embedded, or DATABASE_URL's server); and the admin's
// initial JavaScript size. Prints figures and ratios; never fails.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import type { Database } from '../../api/db/connect';
import { openScratchDatabase } from '../pg';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { createApp } from '../../api/app';
import { makeClient } from '../int/harness';
import { entityMeta } from '../../api/rest/entities';
import { readableColumns } from '../../api/rest/query';

const ROWS = 50_000;
const ROUNDS = 300;
/** Throughput: CLIENTS concurrent callers sharing REQUESTS calls. */
const CLIENTS = 8;
const REQUESTS = 400;
const root = fileURLToPath(new URL('../..', import.meta.url));

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: at(0.5), p95: at(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

async function time(fn: () => Promise<unknown>, rounds = ROUNDS): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Calls per second with CLIENTS callers in flight. */
async function throughput(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  let started = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => { while (started < REQUESTS) { started++; await fn(); } }));
  return started / ((performance.now() - t0) / 1000);
}

const f = (n: number) => n.toFixed(2);

/** Seeds 50 000 users, then times /rest/ against knex on the same database. */
async function benchDatabase(label: string, db: Database) {
  await migrateLatest(db.knex);
  await bootstrap(db.knex, { adminPassword: 'bench-password', demo: false });
  // The users table: text search fields, a unique login — a plain generated entity.
  const meta = entityMeta('user');
  const first = ['Camille', 'Léa', 'Hugo', 'Chloé', 'Lucas', 'Manon', 'Théo', 'Inès', 'Jules', 'Zoé'];
  const last = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Lefèvre', 'Girard'];
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    login: `u${i}`, name: `${first[i % first.length]} ${last[(i * 7) % last.length]} ${i}`, email: `u${i}@exemple.fr`, isActive: true,
  }));
  for (let i = 0; i < rows.length; i += 2000) await db.knex(meta.table).insert(rows.slice(i, i + 2000));
  await db.knex.raw('ANALYZE');

  const server = createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  server.on('request', createApp({ db, port, adminDist: null }).callback());
  const client = makeClient(`http://127.0.0.1:${port}`);
  await client.login('admin', 'bench-password');

  // The same two queries the generic router issues: the count and the page.
  const cols = readableColumns(meta);
  const direct = {
    list: () => Promise.all([
      db.knex(meta.table).count({ n: '*' }),
      db.knex(meta.table).select(cols).orderBy('name').orderBy('id').offset(1000).limit(20),
    ]),
    search: () => {
      const w = (qb: any) => qb.whereRaw('bv_fold(name) LIKE bv_fold(?)', ['%lefèvre 12%']).orWhereRaw('bv_fold(login) LIKE bv_fold(?)', ['%lefèvre 12%']).orWhereRaw('bv_fold(email) LIKE bv_fold(?)', ['%lefèvre 12%']);
      return Promise.all([
        db.knex(meta.table).where(w).count({ n: '*' }),
        db.knex(meta.table).select(cols).where(w).orderBy('name').orderBy('id').limit(20),
      ]);
    },
  };
  const viaRest = {
    list: () => client.get(`/rest/security/user?range=[1000,1019]&sort=["name","ASC"]`),
    search: () => client.get(`/rest/security/user?range=[0,19]&sort=["name","ASC"]&filter=${encodeURIComponent(JSON.stringify({ q: 'lefèvre 12' }))}`),
  };
  const check = await viaRest.search();
  console.log(`\n${label}: ${ROWS} users; search "lefèvre 12" finds ${check.headers.get('content-range')}`);
  console.log(`latency (ms, ${ROUNDS} calls one at a time)   /rest p50    p95   knex p50    p95   ratio p50`);
  for (const k of ['list', 'search'] as const) {
    const r = stats(await time(viaRest[k]));
    const d = stats(await time(direct[k]));
    console.log(`  ${k.padEnd(38)} ${f(r.p50).padStart(7)} ${f(r.p95).padStart(6)}   ${f(d.p50).padStart(7)} ${f(d.p95).padStart(6)}   ${f(r.p50 / d.p50).padStart(6)}×`);
  }
  console.log(`throughput (calls/s, ${CLIENTS} callers, ${REQUESTS} calls)     /rest     knex   ratio /rest ÷ knex`);
  for (const k of ['list', 'search'] as const) {
    const r = await throughput(viaRest[k]);
    const d = await throughput(direct[k]);
    console.log(`  ${k.padEnd(38)} ${r.toFixed(0).padStart(8)} ${d.toFixed(0).padStart(8)}   ${f(r / d).padStart(6)}`);
  }
  await new Promise((r) => server.close(r));
}

async function main() {
  // A database of its own (embedded PostgreSQL, or DATABASE_URL's server), dropped afterwards.
  const scratch = await openScratchDatabase('rest', { pool: 10 });
  try {
    await benchDatabase(scratch.where, scratch.db);
  } finally {
    await scratch.close();
  }

  // The admin's initial JavaScript: the entry chunk and what it preloads, gzipped.
  const index = `${root}admin/dist/index.html`;
  if (!existsSync(index)) spawnSync(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const html = readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = files.map((file) => gzipSync(readFileSync(`${root}admin/dist/${file}`)).length);
  const total = sizes.reduce((a, b) => a + b, 0);
  console.log(`admin initial JavaScript: ${files.length} file(s), ${(total / 1024).toFixed(1)} KiB gzip (${files.map((x, i) => `${x.split('/').pop()} ${(sizes[i] / 1024).toFixed(1)} KiB`).join(', ')})`);
}

await main();
