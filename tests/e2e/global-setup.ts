// Browser tests run against ONE built server: the admin is built with Vite, the
// API runs on an in-memory PGlite with the demo data, and every test file drives
// it in Chromium.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { openDatabase } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { createApp } from '../../api/app';
import { E2E_ADMIN_PASSWORD, E2E_SYSTEM_PASSWORD } from './password';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string }
}

export default async function setup(project: TestProject) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const outDir = `${root}.tmp/e2e-admin`;
  await build({ configFile: `${root}admin/vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const db = await openDatabase({});
  await migrateLatest(db.knex);
  await bootstrap(db.knex, { adminPassword: E2E_ADMIN_PASSWORD, systemPassword: E2E_SYSTEM_PASSWORD, demo: true });
  const server = createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  server.on('request', createApp({ db, port, adminDist: outDir }).callback());
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  };
}
