// Starts Bivouac: opens the database (PGlite in DATA_DIR, or DATABASE_URL),
// migrates it, creates the establishment, the admin user and the demo data on an
// empty database, serves the API and the admin on PORT, and runs the housekeeping
// jobs (api/jobs/).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateLatest } from './db/migrate';
import { bootstrap } from './demo/bootstrap';
import { createApp } from './app';
import { startJobs } from './jobs/index';

const config = readConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
const applied = await migrateLatest(db.knex);
if (applied.length) console.log(`Migrations appliquées : ${applied.length}`);
await bootstrap(db.knex, { adminPassword: config.adminPassword, systemPassword: config.systemPassword, log: console.log });

const app = createApp({
  db,
  port: config.port,
  secureCookies: config.secureCookies,
  trustProxy: config.trustProxy,
  adminDist: fileURLToPath(new URL('../admin/dist', import.meta.url)),
});
// Idle keep-alive connections outlive those of clients and proxies, so a request
// never races the server closing its connection.
const server = app.listen(config.port, () => {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  console.log(`Bivouac écoute sur http://localhost:${config.port} — base : ${where}`);
});

server.keepAliveTimeout = 65_000;

// Options past their date and abandoned drafts let their places go (every few minutes).
const jobs = startJobs(db.knex);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  jobs.stop();
  server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
