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
  await createDatabase(server, name, opts.demo || opts.empty ? undefined : inject('templateDatabase'));
  const url = urlFor(server, name);
  if (opts.demo) {
    const setup = await openDatabase({ url, pool: 1, statementTimeoutMs: 0 });
    await migrateLatest(setup.knex);
    await bootstrap(setup.knex, { adminPassword: ADMIN_PASSWORD, demo: true });
    await grantRuntime(setup.knex, runtimeRoleOf(inject('databasePrefix')));
    await setup.close();
  }
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
