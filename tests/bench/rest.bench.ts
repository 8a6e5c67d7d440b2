// /rest/ list and search on a 50 000-row table against a fair in-process baseline:
// a bare node:http handler in the same server process that does what the router
// must do — look the session up (and a non-admin's rights), then run the same
// count and page queries, in parallel — and answers the same JSON. The client runs
// in its own process and interleaves the calls (router, baseline, baseline, router…),
// as an administrator and as a user with the read right only. Prints latency,
// throughput and the ratios router ÷ baseline; and the admin's initial JavaScript
// size. Never fails.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

const ROWS = 50_000;
const ROUNDS = 300;
/** Throughput: CALLERS concurrent callers per side, both sides at once, CALLS calls each side. */
const CALLERS = 4;
const CALLS = 400;
const root = fileURLToPath(new URL('../..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const PASSWORD = 'bench-password';
const Q = 'lefèvre 12';

interface Plan {
  router: string;
  baseline: string;
  cookie: string;
  users: { login: string; label: string }[];
}

// ---------------------------------------------------------------- client process
async function client(plan: Plan) {
  const stats = (ms: number[]) => {
    const s = [...ms].sort((a, b) => a - b);
    const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
    return { p50: at(0.5), p95: at(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length };
  };
  const f = (n: number) => n.toFixed(2);
  const login = async (user: string) => {
    const res = await fetch(`${plan.router}/rest/security/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: user, password: PASSWORD }),
    });
    const m = /^([^=]+=[^;]+)/.exec(res.headers.get('set-cookie') ?? '');
    if (res.status !== 200 || !m) throw new Error(`log-in of ${user} failed: ${res.status}`);
    return m[1];
  };
  const paths = {
    list: { router: `/rest/security/user?range=[1000,1019]&sort=["name","ASC"]`, baseline: '/list' },
    search: {
      router:
        `/rest/security/user?range=[0,19]&sort=["name","ASC"]&filter=` +
        `${encodeURIComponent(JSON.stringify({ q: Q }))}`,
      baseline: '/search',
    },
  };
  for (const u of plan.users) {
    const cookie = await login(u.login);
    const call = async (url: string) => {
      const res = await fetch(url, { headers: { Cookie: cookie, Accept: 'application/json' } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
      return res.headers.get('content-range');
    };
    const ranges = await Promise.all([
      call(`${plan.router}${paths.search.router}`),
      call(`${plan.baseline}${paths.search.baseline}`),
    ]);
    console.log(`\n${u.label}: search « ${Q} » finds ${ranges[0]} (baseline ${ranges[1]})`);
    console.log(`latency (ms, ${ROUNDS} interleaved pairs)  router p50    p95  baseline p50    p95   ratio p50  mean`);
    for (const k of ['list', 'search'] as const) {
      const r: number[] = [];
      const b: number[] = [];
      const one = async (url: string, into: number[] | null) => {
        const t0 = performance.now();
        await call(url);
        into?.push(performance.now() - t0);
      };
      for (let i = 0; i < 20; i++) {
        await one(`${plan.router}${paths[k].router}`, null);
        await one(`${plan.baseline}${paths[k].baseline}`, null);
      }
      for (let i = 0; i < ROUNDS; i++) {
        // Alternate who goes first: neither side always finds the caches warmed by the other.
        if (i % 2) {
          await one(`${plan.router}${paths[k].router}`, r);
          await one(`${plan.baseline}${paths[k].baseline}`, b);
        } else {
          await one(`${plan.baseline}${paths[k].baseline}`, b);
          await one(`${plan.router}${paths[k].router}`, r);
        }
      }
      const sr = stats(r);
      const sb = stats(b);
      const ratio = sr.p50 / sb.p50;
      console.log(
        `  ${k.padEnd(36)} ${f(sr.p50).padStart(8)} ${f(sr.p95).padStart(6)} ${f(sb.p50).padStart(12)} ` +
          `${f(sb.p95).padStart(6)}   ${f(ratio).padStart(6)}× ${f(sr.mean / sb.mean).padStart(5)}×  ` +
          `${ratio <= 1.3 ? '(goal ≤ 1.3× met)' : '(OVER the 1.3× goal)'}`,
      );
    }
    console.log(
      `throughput (calls/s, ${CALLERS}+${CALLERS} callers at once)     router baseline   ratio router ÷ baseline`,
    );
    for (const k of ['list', 'search'] as const) {
      const side = async (url: string) => {
        const t0 = performance.now();
        let started = 0;
        await Promise.all(
          Array.from({ length: CALLERS }, async () => {
            while (started < CALLS) {
              started++;
              await call(url);
            }
          }),
        );
        return started / ((performance.now() - t0) / 1000);
      };
      const [r, b] = await Promise.all([
        side(`${plan.router}${paths[k].router}`),
        side(`${plan.baseline}${paths[k].baseline}`),
      ]);
      console.log(
        `  ${k.padEnd(36)} ${r.toFixed(0).padStart(8)} ${b.toFixed(0).padStart(8)}   ${f(r / b).padStart(6)}`,
      );
    }
  }
}

// ---------------------------------------------------------------- server process
async function server() {
  const { openScratchDatabase } = await import('../pg');
  const { migrateLatest } = await import('../../api/db/migrate');
  const { bootstrap } = await import('../../api/demo/bootstrap');
  const { createApp } = await import('../../api/app');
  const { entityMeta } = await import('../../api/rest/entities');
  const { readableColumns } = await import('../../api/rest/query');
  const { loadRights } = await import('../../api/auth/rights');
  const { hashPassword } = await import('../../api/auth/password');
  const { DEFAULT_SESSION_COOKIE } = await import('../../api/config');

  const scratch = await openScratchDatabase('rest', { pool: 10 });
  const db = scratch.db;
  try {
    await migrateLatest(db.knex);
    await bootstrap(db.knex, { adminPassword: PASSWORD, demo: false });
    // The users table: text search fields, a unique login — a plain generated entity.
    const meta = entityMeta('user');
    const first = ['Camille', 'Léa', 'Hugo', 'Chloé', 'Lucas', 'Manon', 'Théo', 'Inès', 'Jules', 'Zoé'];
    const last = [
      'Martin',
      'Bernard',
      'Dubois',
      'Thomas',
      'Robert',
      'Richard',
      'Petit',
      'Durand',
      'Leroy',
      'Moreau',
      'Lefèvre',
      'Girard',
    ];
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      login: `u${i}`,
      name: `${first[i % first.length]} ${last[(i * 7) % last.length]} ${i}`,
      email: `u${i}@exemple.fr`,
      isActive: true,
    }));
    for (let i = 0; i < rows.length; i += 2000) await db.knex(meta.table).insert(rows.slice(i, i + 2000));
    // A user who may only read the users: the router loads (and caches) the rights of a non-admin.
    const [reader] = await db
      .knex('app_user')
      .insert({
        login: 'lecteur',
        name: 'Lecteur des utilisateurs',
        password: await hashPassword(PASSWORD),
        isActive: true,
      })
      .returning('id');
    await db.knex('user_right').insert({ userId: reader.id, functionality: meta.functionality, canRead: true });
    await db.knex.raw('ANALYZE');

    const app = createServer({ keepAliveTimeout: 65_000 });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    const port = (app.address() as AddressInfo).port;
    app.on('request', createApp({ db, port, adminDist: null }).callback());

    // The baseline: what any handler of this list must do, written by hand.
    const cookie = DEFAULT_SESSION_COOKIE;
    const cols = readableColumns(meta);
    const search = (qb: any) =>
      qb
        .whereRaw('bv_fold(name) LIKE bv_fold(?)', [`%${Q}%`])
        .orWhereRaw('bv_fold(login) LIKE bv_fold(?)', [`%${Q}%`])
        .orWhereRaw('bv_fold(email) LIKE bv_fold(?)', [`%${Q}%`]);
    const baseline = createServer({ keepAliveTimeout: 65_000 }, (req: IncomingMessage, res: ServerResponse) => {
      (async () => {
        const sid = new RegExp(`${cookie}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1];
        const session =
          sid &&
          (await db
            .knex('user_session as s')
            .join('app_user as u', 'u.id', 's.user_id')
            .where('s.id_hash', createHash('sha256').update(sid).digest('hex'))
            .where('u.is_active', true)
            .whereRaw(`s.last_seen_at > now() - make_interval(mins => ?)`, [30])
            .whereRaw(`s.created_at > now() - make_interval(hours => ?)`, [12])
            .first('u.id', 'u.is_admin'));
        if (!session) {
          res.statusCode = 403;
          res.end('{}');
          return;
        }
        if (!session.isAdmin && !(await loadRights(db.knex, session.id)).get(meta.functionality)?.canRead) {
          res.statusCode = 401;
          res.end('{}');
          return;
        }
        const isSearch = req.url === '/search';
        const where = (qb: any) => (isSearch ? qb.where(search) : qb);
        const [[{ n }], page] = await Promise.all([
          where(db.knex(meta.table)).count({ n: '*' }),
          where(db.knex(meta.table).select(cols))
            .orderBy('name')
            .orderBy('id')
            .offset(isSearch ? 0 : 1000)
            .limit(20),
        ]);
        const start = isSearch ? 0 : 1000;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Range', `${meta.base} ${start}-${start + page.length - 1}/${n}`);
        res.end(JSON.stringify(page));
      })().catch((e) => {
        res.statusCode = 500;
        res.end(String(e?.message));
      });
    });
    await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));

    console.log(`${scratch.where}: ${ROWS} users; client in its own process`);
    const plan: Plan = {
      router: `http://127.0.0.1:${port}`,
      baseline: `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`,
      cookie,
      users: [
        { login: 'admin', label: 'administrator' },
        { login: 'lecteur', label: 'user with the read right only' },
      ],
    };
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--client', JSON.stringify(plan)], {
      stdio: 'inherit',
    });
    await new Promise((r) => child.on('exit', r));
    await new Promise((r) => app.close(r));
    await new Promise((r) => baseline.close(r));
  } finally {
    await scratch.close();
  }

  // The admin's initial JavaScript: the entry chunk and what it preloads, gzipped.
  const index = `${root}admin/dist/index.html`;
  if (!existsSync(index))
    spawnSync(
      process.execPath,
      [`${root}node_modules/vite/bin/vite.js`, 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
  const html = readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = files.map((file) => gzipSync(readFileSync(`${root}admin/dist/${file}`)).length);
  const total = sizes.reduce((a, b) => a + b, 0);
  console.log(
    `admin initial JavaScript: ${files.length} file(s), ${(total / 1024).toFixed(1)} KiB gzip (` +
      `${files.map((x, i) => `${x.split('/').pop()} ${(sizes[i] / 1024).toFixed(1)} KiB`).join(', ')})`,
  );
}

if (process.argv[2] === '--client') await client(JSON.parse(process.argv[3]));
else await server();
