// Every migration runs up → down → up, on an empty database of its own.
// The whole schema after the second up is the one after the first: tables, columns
// with their types, nullability and defaults, constraints, indexes, triggers and
// functions, as PostgreSQL's catalogue describes them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../api/db/connect';
import { openTestDatabase } from './db';
import { migrateDownAll, migrateLatest } from '../../api/db/migrate';
import { MIGRATIONS } from '../../migrations/index';
import { ENTITY_METAS } from '../../common/generated/meta/index';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase({ empty: true, pool: 2, statementTimeoutMs: 0 });
});
afterAll(async () => {
  await db.close();
});

type Row = Record<string, string | boolean | null>;

async function rows(sql: string): Promise<string[]> {
  const r = await db.knex.raw(sql, { schema: db.schema });
  // One line per object, so that a difference names it.
  return r.rows.map((x: Row) =>
    Object.values(x)
      .map((v) => String(v))
      .join(' | '),
  );
}

/** Our objects in the schema (knex's own bookkeeping tables left out). */
async function schemaOf(): Promise<Record<string, string[]>> {
  const ours = `n.nspname = :schema AND c.relname NOT LIKE 'knex\\_%'`;
  return {
    tables: await rows(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${ours} AND c.relkind IN ('r', 'p') ORDER BY 1`),
    columns: await rows(`SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull,
        a.attidentity, pg_get_expr(d.adbin, d.adrelid) AS dflt
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE ${ours} AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1, 2`),
    constraints: await rows(`SELECT c.relname, k.conname, k.contype, pg_get_constraintdef(k.oid) AS def
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${ours} ORDER BY 1, 2`),
    indexes: await rows(`SELECT c.relname AS tbl, i.relname, pg_get_indexdef(i.oid) AS def
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid JOIN pg_namespace n
        ON n.oid = c.relnamespace
      WHERE ${ours} ORDER BY 1, 2`),
    triggers: await rows(`SELECT c.relname, t.tgname, pg_get_triggerdef(t.oid) AS def
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${ours} AND NOT t.tgisinternal ORDER BY 1, 2`),
    functions: await rows(`SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args, md5(p.prosrc) AS body
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = :schema AND p.prokind = 'f'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') ORDER BY 1, 2`),
  };
}

it('runs every migration up, down and up again to the very same schema', async () => {
  const applied = await migrateLatest(db.knex);
  expect(applied).toEqual(MIGRATIONS.map(([n]) => n));
  const first = await schemaOf();
  for (const m of ENTITY_METAS) expect(first.tables).toContain(m.table);
  // The catalogue is really read: a few objects every kind must hold.
  expect(first.columns).toContain('meter_reading | quantity | double precision | true |  | null');
  expect(first.columns).toContain('meter_reading | id | integer | true | d | null');
  expect(
    first.constraints.some((c) =>
      c.startsWith('meter_reading | uq_meter_reading__meter_id__reading_date | u | UNIQUE (meter_id, reading_date)'),
    ),
  ).toBe(true);
  expect(first.constraints.some((c) => /\| x \| EXCLUDE USING gist/.test(c))).toBe(true);
  expect(first.indexes.some((i) => /ix_meter__number_trgm .*gin/.test(i))).toBe(true);
  expect(first.triggers.some((t) => t.startsWith('post_history | tg_post_history__no_change'))).toBe(true);
  expect(first.functions.some((f) => f.startsWith('bv_fold'))).toBe(true);

  await migrateDownAll(db.knex);
  const down = await schemaOf();
  expect(down.tables).toEqual([]);
  expect(down.triggers).toEqual([]);

  const again = await migrateLatest(db.knex);
  expect(again).toEqual(applied);
  const second = await schemaOf();
  for (const kind of Object.keys(first)) expect(second[kind], kind).toEqual(first[kind]);
});
