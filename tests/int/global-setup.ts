// Once per integration run: a migrated, bootstrapped PGlite template that every
// test file clones (fast), or — on PostgreSQL — the shared extensions and a clean
// slate of test schemas.
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../api/db/connect';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { ADMIN_PASSWORD, TEMPLATE } from './db';

export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public');
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    const { rows } = await client.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\\_%'`);
    for (const r of rows) await client.query(`DROP SCHEMA "${r.nspname}" CASCADE`);
    await client.end();
    return;
  }
  mkdirSync('.tmp', { recursive: true });
  const db = await openDatabase({});
  await migrateLatest(db.knex);
  await bootstrap(db.knex, { adminPassword: ADMIN_PASSWORD, demo: false });
  const dump = await db.pglite!.dumpDataDir('none');
  writeFileSync(TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
