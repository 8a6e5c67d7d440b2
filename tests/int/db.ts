// Test databases: one per test file, cloned from the migrated template that
// global-setup built on the run's PostgreSQL server, and dropped at its end.
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { grantRuntime } from '../../api/db/roles';
import {
  createDatabase,
  dropAnchors,
  dropDatabase,
  RUNTIME_PASSWORD,
  runtimeRoleOf,
  uniqueName,
  urlAs,
  urlFor,
  withClient,
} from '../pg';

export const ADMIN_PASSWORD = 'admin-test-password';

export interface TestDatabaseOptions {
  /** the demo campsite (seeded in this database: slow) */
  demo?: boolean;
  /** an empty database: no migration, no bootstrap */
  empty?: boolean;
  /** per-statement timeout of the pool (default: the product's) */
  statementTimeoutMs?: number;
  pool?: number;
}

/**
 * A database of its own for the calling test file; `close()` drops it. Its `knex` and
 * `url` log in as the owner (fixtures, plain-SQL checks); `runtime` as the runtime role,
 * the one the server under test uses (api/db/roles.ts).
 */
export async function openTestDatabase(
  opts: TestDatabaseOptions = {},
): Promise<Database & { url: string; runtime: Database & { url: string } }> {
  const server = inject('databaseUrl');
  const name = uniqueName(inject('databasePrefix'), 't');
  const template = opts.empty
    ? undefined
    : opts.demo
      ? await demoTemplate(server, inject('databasePrefix'))
      : inject('templateDatabase');
  await createDatabase(server, name, template);
  const url = urlFor(server, name);
  const db = await openDatabase({ url, pool: opts.pool ?? 5, statementTimeoutMs: opts.statementTimeoutMs });
  const runtimeUrl = urlAs(url, runtimeRoleOf(inject('databasePrefix')), RUNTIME_PASSWORD);
  const runtime = await openDatabase({
    url: runtimeUrl,
    pool: opts.pool ?? 5,
    statementTimeoutMs: opts.statementTimeoutMs,
  });
  return {
    ...db,
    url,
    runtime: { ...runtime, url: runtimeUrl },
    close: async () => {
      await runtime.close();
      await db.close();
      await dropDatabase(server, name);
      dropAnchors(name);
    },
  };
}

/**
 * The demo campsite, seeded once per run by the first file that asks for it (the others
 * wait on an advisory lock), then cloned like the template: a seeding takes a minute, a
 * clone a second. Built under another name and renamed when whole, so a file killed
 * half-way leaves no half-seeded template; global-setup drops it with the run's databases.
 */
async function demoTemplate(server: string, prefix: string): Promise<string> {
  const name = `${prefix}_t_demo_tpl`;
  await withClient(server, async (c) => {
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return;
      const building = `${name}_new`;
      await dropDatabase(server, building);
      await createDatabase(server, building);
      const setup = await openDatabase({ url: urlFor(server, building), pool: 1, statementTimeoutMs: 0 });
      try {
        await migrateLatest(setup.knex);
        await bootstrap(setup.knex, { adminPassword: ADMIN_PASSWORD, demo: true });
        await grantRuntime(setup.knex, runtimeRoleOf(prefix));
        // A clone starts with no activity counted, so autovacuum would never analyze it:
        // the planner statistics are taken here, and each clone copies them.
        await setup.knex.raw('ANALYZE');
      } finally {
        await setup.close();
      }
      await c.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}
