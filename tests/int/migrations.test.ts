// Every migration runs up → down → up, on PGlite and (with DATABASE_URL) PostgreSQL,
// and the tables after the second up are those the schemas describe.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../api/db/connect';
import { migrateDownAll, migrateLatest } from '../../api/db/migrate';
import { MIGRATIONS } from '../../migrations/index';
import { ENTITY_METAS } from '../../common/generated/meta/index';

let db: Database;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  db = await openDatabase(url ? { url, schema: `t_${randomBytes(6).toString('hex')}`, pool: 2 } : {});
});
afterAll(async () => {
  if (db.kind === 'postgres') await db.knex.raw(`DROP SCHEMA "${db.schema}" CASCADE`);
  await db.close();
});

async function tables(): Promise<string[]> {
  const r = await db.knex.raw(`SELECT table_name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY 1`, [db.schema]);
  return r.rows.map((x: any) => x.table_name ?? x.tableName).filter((n: string) => !n.startsWith('knex_'));
}

it('runs every migration up, down and up again', async () => {
  const applied = await migrateLatest(db.knex);
  expect(applied).toEqual(MIGRATIONS.map(([n]) => n));
  const afterUp = await tables();
  for (const m of ENTITY_METAS) expect(afterUp).toContain(m.table);

  await migrateDownAll(db.knex);
  expect(await tables()).toEqual([]);

  const again = await migrateLatest(db.knex);
  expect(again).toEqual(applied);
  expect(await tables()).toEqual(afterUp);
});
