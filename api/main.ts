// Starts Bivouac: its own PostgreSQL server in DATA_DIR/pg (or DATABASE_URL's),
// migrates it, creates the establishment, the admin user and the demo data on an
// empty database, serves the API and the admin on PORT, and runs the housekeeping
// jobs (api/jobs/). SIGINT/SIGTERM stop the HTTP server, the pool, then PostgreSQL.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { formatMessage, type MessageCode } from '../common/messages';
import { readConfig } from './config';
import { openDatabase, SHORT_LANE_POOL } from './db/connect';
import {
  embeddedRuntimeUrl,
  embeddedUrl,
  RUNTIME_USER,
  runtimePassword,
  startEmbedded,
  type EmbeddedServer,
} from './db/embedded';
import { privilegeWarnings, setUpRuntimeRole, userOfUrl } from './db/roles';
import type { OwnerAccess } from './db/owner';
import { migrateLatest } from './db/migrate';
import { bootstrap } from './demo/bootstrap';
import { createApp } from './app';
import { startJobs } from './jobs/index';
import { recordSigningKey, recordTechnicalEvent } from './domain/ledger/jet';
import type { Scheduler } from './jobs/scheduler';
import { checkAnchor, ensureAnchor } from './domain/ledger/anchor';
import { flushConfirmations } from './domain/ledger/anchor-confirm';
import { establishmentId } from './domain/ledger/append';

const config = readConfig();
let stopping = false;
let embedded: EmbeddedServer | undefined;
// Filled once the database is ready; the stop path reads it whatever the moment of the signal.
const running: { jobs?: Scheduler } = {};
/** The jobs' start-up pass is over and its garbage collected (GET /rest/health). */
let startupDone = false;
// A PGlite database of an earlier version lies directly in DATA_DIR: it is not read any more.
if (!config.databaseUrl && existsSync(join(config.dataDir, 'PG_VERSION'))) {
  console.warn(
    `Attention : ${config.dataDir} contient une base PGlite d'une version précédente, qui n'est plus lue. ` +
      'Pour en reprendre les données : une sauvegarde faite avec la version précédente, puis « npm run restore ' +
      '<fichier> ».',
  );
}
// While the embedded server restarts after a crash, the API says so (503) instead of failing.
let databaseDown = false;
const startDatabase = async () => {
  embedded = await startEmbedded({
    dir: config.dataDir,
    log: console.log,
    onAvailability: (up) => {
      databaseDown = !up;
    },
  });
  return embedded.url;
};
// The embedded server's URL is known beforehand (a Unix socket in DATA_DIR/pg): listen
// first, start PostgreSQL behind the 503 (initdb on the first start takes a moment).
// Two roles (api/db/roles.ts): the owner migrates, restores and seeds; the pool logs in
// as the runtime role. Embedded: `bivouac` and `bivouac_app`, both the product's.
// External: DATABASE_OWNER_URL and DATABASE_URL, or DATABASE_URL alone for both.
const early = config.databaseUrl ?? embeddedUrl(config.dataDir);
const ownerUrl = config.databaseOwnerUrl ?? early ?? (await startDatabase());
const url = config.databaseUrl ?? (early ? embeddedRuntimeUrl(config.dataDir)! : embedded!.runtimeUrl);
// The owner's URL is not kept: read again (from DATA_DIR for the embedded server) at each use.
const owner: OwnerAccess | undefined = config.databaseUrl
  ? config.databaseOwnerUrl
    ? { url: () => config.databaseOwnerUrl! }
    : undefined
  : { url: () => embedded?.url ?? embeddedUrl(config.dataDir)! };

// Serve at once: static files (the log-in page) need no database, and the API answers
// 503 with a French message while the database is migrated and, on the first start,
// the demo campsite is seeded (its one transaction is undone whole if the process dies).
const db = await openDatabase({ url, statementTimeoutMs: config.statementTimeoutMs, shortLane: SHORT_LANE_POOL });
const app = createApp({
  db,
  owner,
  port: config.port,
  sessionCookie: config.sessionCookie,
  secureCookies: config.secureCookies,
  trustProxy: config.trustProxy,
  adminDist: fileURLToPath(new URL('../admin/dist', import.meta.url)),
  startup: () => (startupDone ? 'done' : 'running'),
});
let preparing: MessageCode | null = 'SERVER_STARTING';
const handle = app.callback();
const server = createServer((req, res) => {
  const waitFor = preparing ?? (databaseDown ? 'SERVER_STARTING' : null);
  if (waitFor && req.url?.startsWith('/rest/')) {
    res.writeHead(503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Retry-After': '5',
      'Cache-Control': 'no-store',
    });
    res.end(JSON.stringify({ code: waitFor, message: formatMessage(waitFor) }));
    return;
  }
  void handle(req, res);
});
// Idle keep-alive connections outlive those of clients and proxies, so a request
// never races the server closing its connection.
server.keepAliveTimeout = 65_000;
await new Promise<void>((resolve) => server.listen(config.port, resolve));
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PostgreSQL intégré (${config.dataDir}/pg)`;
console.log(`Bivouac écoute sur http://localhost:${config.port} — base : ${where}`);

// Migrations and the first start's seeding may run long statements: no timeout there.
if (!config.databaseUrl && !embedded) {
  try {
    await startDatabase();
  } catch (e) {
    console.error((e as Error).message);
    await stop(1);
  }
}
const setup = await openDatabase({ url: ownerUrl, pool: 1, statementTimeoutMs: 0 });
try {
  const applied = await migrateLatest(setup.knex);
  if (applied.length) console.log(`Migrations appliquées : ${applied.length}`);
  const [{ n }] = await setup.knex('app_user').count({ n: '*' });
  if (Number(n) === 0) {
    preparing = 'DEMO_PREPARING';
    console.log('Préparation de la démonstration…');
  }
  const t0 = Date.now();
  await bootstrap(setup.knex, {
    adminPassword: config.adminPassword,
    systemPassword: config.systemPassword,
    log: console.log,
  });
  if (Number(n) === 0) console.log(`Démonstration prête (${((Date.now() - t0) / 1000).toFixed(1)} s).`);
  // The runtime role: created with its own password (embedded), granted every table.
  if (config.databaseUrl) await setUpRuntimeRole(setup.knex, userOfUrl(url));
  else await setUpRuntimeRole(setup.knex, RUNTIME_USER, runtimePassword(config.dataDir));
} catch (e) {
  console.error(e);
  await stop(1);
} finally {
  await setup.close();
}
preparing = null;
for (const w of await privilegeWarnings(db.knex).catch(() => [])) {
  console.warn(
    `Attention : ${w}. Le serveur devrait se connecter avec un rôle qui ne possède aucune table (DATABASE_URL) ` +
      'et migrer avec le propriétaire (DATABASE_OWNER_URL) : voir README « Sécurité des données fiscales ».',
  );
}
// The technical event journal (NF525): a signing key met for the first time, before
// the jobs can sign anything; then every start and stop of the server.
await recordSigningKey(db.knex).catch((e) =>
  console.error(`Journal des événements techniques : clé de signature non enregistrée — ${(e as Error).name}`),
);
// The ledger's anchor in DATA_DIR: written on the first start, checked at every start.
await (async () => {
  const est = await establishmentId(db.knex);
  for (const chain of ['fiscal', 'jet'] as const) {
    const state = await checkAnchor(db.knex, est, chain);
    for (const b of state.breaks)
      console.warn(`Attention : journal ${chain === 'jet' ? 'JET' : 'fiscal'} — ${b.reason}.`);
    if (!state.present) await ensureAnchor(db.knex, est, chain);
  }
})().catch((e) => console.error(`Ancre du journal non vérifiée — ${(e as Error).message}`));
// Options past their date and abandoned drafts let their places go (every few minutes).
running.jobs = startJobs(db.knex);
void recordTechnicalEvent(db.knex, 'start', { pid: process.pid }).catch((e) =>
  console.error(`Journal des événements techniques : démarrage non enregistré — ${(e as Error).name}`),
);
// Starting leaves some 30 MiB of garbage (modules compiled, migrations checked, the demo
// seeded) that V8 keeps until allocation pressure, which an idle server never has: one
// full collection, once the jobs' start-up pass is done, gives it back.
void running.jobs.idle().then(() => {
  collectStartupGarbage();
  startupDone = true;
});

function collectStartupGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const { jobs } = running;
  jobs?.stop();
  server.close();
  server.closeAllConnections();
  // A job half-way (a sweep at start-up) finishes its stay, within reason, before the pool closes.
  if (jobs) await Promise.race([jobs.idle(), new Promise((r) => setTimeout(r, 5_000))]);
  // At most 2 s: a database already gone must not hold the stop.
  await Promise.race([
    recordTechnicalEvent(db.knex, 'stop', { pid: process.pid, code }).catch(() => undefined),
    new Promise((r) => setTimeout(r, 2_000).unref()),
  ]);
  flushConfirmations(); // the anchors confirmed: not needed for safety, but the next start reads them settled
  await db.close();
  await embedded?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
