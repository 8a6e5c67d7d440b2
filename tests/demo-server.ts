// One built admin and one API over a scratch database holding the demo campsite, for
// the scripts that drive the real UI outside the test runner: the user guide's
// screenshots (`npm run guide`) and the front-desk speed bench.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { openScratchDatabase } from './pg';
import { migrateLatest } from '../api/db/migrate';
import { bootstrap } from '../api/demo/bootstrap';
import { createApp } from '../api/app';
import { regenerateAll } from '../api/domain/statistics/regenerate';

const REPO = fileURLToPath(new URL('../', import.meta.url));

export interface DemoServer {
  base: string;
  where: string;
  close(): Promise<void>;
}

/** Builds the admin into `.tmp/<tag>-admin`, seeds the demo on a scratch database and serves both. */
export async function startDemoServer(tag: string, adminPassword: string): Promise<DemoServer> {
  const outDir = join(REPO, `.tmp/${tag}-admin`);
  const scratch = await openScratchDatabase(tag);
  await Promise.all([
    build({ configFile: join(REPO, 'admin/vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } }),
    (async () => {
      await migrateLatest(scratch.db.knex);
      await bootstrap(scratch.db.knex, { adminPassword, demo: true });
      // What the server's first start does, so the statistics screens show figures.
      await regenerateAll(scratch.db.knex);
    })(),
  ]);
  const server = createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  server.on('request', createApp({ db: scratch.db, port, adminDist: outDir }).callback());
  return {
    base: `http://127.0.0.1:${port}`,
    where: scratch.where,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await scratch.close();
    },
  };
}
