// Opens the database: embedded PGlite in DATA_DIR (or in memory) by default,
// PostgreSQL when a DATABASE_URL is given. Both return the same JS types:
// DATE as 'YYYY-MM-DD', timestamps as ISO strings, bigint and counts as numbers.
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import ClientPgLite from 'knex-pglite';
import { knexSnakeCaseMappers } from 'objection';

const DATE = 1082, INT8 = 20, NUMERIC = 1700, TIMESTAMPTZ = 1184, TIMESTAMP = 1114;

/** '2026-11-22 07:12:33.123456+00' → '2026-11-22T07:12:33.123Z' */
export function isoTimestamp(text: string): string {
  const s = text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(s).toISOString();
}

const PARSERS: Record<number, (v: string) => unknown> = {
  [DATE]: (v) => v,
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number(v),
  [TIMESTAMPTZ]: isoTimestamp,
  [TIMESTAMP]: (v) => v.replace(' ', 'T'),
};

let pgParsersSet = false;
function setPgParsers() {
  if (pgParsersSet) return;
  for (const [oid, fn] of Object.entries(PARSERS)) pg.types.setTypeParser(Number(oid), fn);
  pgParsersSet = true;
}

export interface Database {
  knex: Knex;
  kind: 'pglite' | 'postgres';
  /** schema holding our tables (PostgreSQL tests use one schema per test file) */
  schema: string;
  /** the embedded instance (PGlite only) */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… ; when absent PGlite is used */
  url?: string;
  /** PGlite data directory; undefined = in memory */
  dataDir?: string;
  /** PostgreSQL schema to use (created if missing); default public */
  schema?: string;
  pool?: number;
  /** PGlite: start from a dump (`dumpDataDir`) instead of an empty database */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const schema = opts.schema ?? 'public';
  const mappers = knexSnakeCaseMappers();
  if (opts.url) {
    setPgParsers();
    const knex = knexFactory({
      client: 'pg',
      connection: opts.url,
      searchPath: schema === 'public' ? ['public'] : [schema, 'public'],
      pool: { min: 0, max: opts.pool ?? 10 },
      ...mappers,
    });
    if (schema !== 'public') await knex.raw(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    return { knex, kind: 'postgres', schema, close: () => knex.destroy() };
  }
  const pglite = await PGlite.create(opts.dataDir, {
    extensions: { btree_gist, pg_trgm },
    parsers: PARSERS,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const knex = knexFactory({
    client: ClientPgLite as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    ...mappers,
  } as Knex.Config);
  return {
    knex,
    pglite,
    kind: 'pglite',
    schema,
    close: async () => {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
