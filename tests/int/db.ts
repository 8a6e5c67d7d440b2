// Test databases: PGlite cloned from a migrated template (built once per run by
// global-setup), or a fresh PostgreSQL schema when DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';

export const TEMPLATE = '.tmp/test-template.tar';
export const ADMIN_PASSWORD = 'admin-test-password';

export async function openTestDatabase(opts: { demo?: boolean } = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const db = await openDatabase({ url, schema, pool: 5 });
    await migrateLatest(db.knex);
    await bootstrap(db.knex, { adminPassword: ADMIN_PASSWORD, demo: !!opts.demo });
    const close = db.close;
    return { ...db, close: async () => { await db.knex.raw(`DROP SCHEMA "${schema}" CASCADE`); await close(); } };
  }
  if (opts.demo) {
    const db = await openDatabase({});
    await migrateLatest(db.knex);
    await bootstrap(db.knex, { adminPassword: ADMIN_PASSWORD, demo: true });
    return db;
  }
  const blob = new Blob([readFileSync(TEMPLATE)]);
  const db = await openDatabase({ loadDataDir: blob });
  return db;
}

export type { PGlite };
