// /rest/ list and search on a 50 000-row table, against the same queries issued
// directly with knex in the same process; and the admin's initial JavaScript size.
// Prints figures and ratios; never fails.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { openDatabase } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { createApp } from '../../api/app';
import { makeClient } from '../int/harness';
import { entityMeta } from '../../api/rest/entities';
import { readableColumns } from '../../api/rest/query';

const ROWS = 50_000;
const ROUNDS = 300;
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

const f = (n: number) => n.toFixed(2);

async function main() {
  const db = await openDatabase({});
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
  console.log(`table: ${ROWS} users; search "lefèvre 12" finds ${check.headers.get('content-range')}`);
  console.log('query                 /rest p50   p95    direct p50   p95    ratio p50   throughput /rest');
  for (const k of ['list', 'search'] as const) {
    const r = stats(await time(viaRest[k]));
    const d = stats(await time(direct[k]));
    const t0 = performance.now();
    let done = 0;
    await Promise.all(Array.from({ length: 8 }, async () => { while (done < 400) { done++; await viaRest[k](); } }));
    const rps = done / ((performance.now() - t0) / 1000);
    console.log(`${k.padEnd(20)}  ${f(r.p50).padStart(7)} ${f(r.p95).padStart(6)}    ${f(d.p50).padStart(7)} ${f(d.p95).padStart(6)}    ${f(r.p50 / d.p50).padStart(6)}×     ${rps.toFixed(0)} req/s (8 clients)`);
  }
  await new Promise((r) => server.close(r));
  await db.close();

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
