// Browser tests run against ONE built server: the admin is built with Vite, the
// API runs on PostgreSQL (DATABASE_URL's server, or one embedded in .tmp/pg-e2e) in a
// database `<db>_e2e` with the demo data, and every test file drives it in Chromium.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { openDatabase } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { createApp } from '../../api/app';
import { regenerateAll } from '../../api/domain/statistics/regenerate';
import { setUpRuntimeRole } from '../../api/db/roles';
import {
  createDatabase,
  dropAnchors,
  dropDatabase,
  RUNTIME_PASSWORD,
  runtimeRoleOf,
  startPgServer,
  urlAs,
  urlFor,
} from '../pg';
import { E2E_ADMIN_PASSWORD, E2E_SYSTEM_PASSWORD } from './password';
import { seedFutureYears } from '../future-years';
import { adminBuildFresh, adminDist } from '../../scripts/admin-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // The admin as `npm ci` / `npm start` built it when no source changed since; else a build of our own.
  const fresh = adminBuildFresh();
  const outDir = fresh ? adminDist : `${root}.tmp/e2e-admin`;
  const pgServer = await startPgServer('pg-e2e', { throwaway: true });
  const name = `${pgServer.prefix}_e2e`;
  const url = urlFor(pgServer.url, name);
  // The build (CPU) and the seeding (mostly the database) side by side.
  await Promise.all([
    fresh
      ? Promise.resolve()
      : build({ configFile: `${root}admin/vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true } }),
    (async () => {
      await dropDatabase(pgServer.url, name);
      dropAnchors(name);
      await createDatabase(pgServer.url, name);
      const setup = await openDatabase({ url, pool: 1, statementTimeoutMs: 0 });
      await migrateLatest(setup.knex);
      await bootstrap(setup.knex, {
        adminPassword: E2E_ADMIN_PASSWORD,
        systemPassword: E2E_SYSTEM_PASSWORD,
        demo: true,
      });
      // What the server's first start does: the statistics regenerated (api/jobs).
      await regenerateAll(setup.knex);
      // The years the tests book in (after the statistics: the demo's figures stay those of its seasons).
      await seedFutureYears(setup.knex);
      await setUpRuntimeRole(setup.knex, runtimeRoleOf(pgServer.prefix), RUNTIME_PASSWORD);
      await setup.close();
    })(),
  ]);
  // As in production: the pool logs in as the runtime role, the owner only for restores.
  const db = await openDatabase({ url: urlAs(url, runtimeRoleOf(pgServer.prefix), RUNTIME_PASSWORD) });
  const server = createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  server.on('request', createApp({ db, owner: { url: () => url }, port, adminDist: outDir }).callback());
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  return async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
    await dropDatabase(pgServer.url, name);
    await pgServer.stop();
  };
}
