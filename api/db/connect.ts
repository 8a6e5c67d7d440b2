// Opens the PostgreSQL database (the embedded server's, or DATABASE_URL's) with the
// product's type parsers: DATE as 'YYYY-MM-DD', timestamps as ISO strings, bigint and
// counts as numbers. Every pooled connection carries a statement timeout, so one
// runaway query cannot hold a connection (and the requests queued behind it) for ever.
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { knexSnakeCaseMappers } from 'objection';

const DATE = 1082,
  INT8 = 20,
  NUMERIC = 1700,
  TIMESTAMPTZ = 1184,
  TIMESTAMP = 1114;

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

/** Defaults of the per-connection timeouts (STATEMENT_TIMEOUT_MS overrides the first). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
export const DEFAULT_POOL = 10;
/** Connections of the short lane (see shortLane and api/db/README.md). */
export const SHORT_LANE_POOL = 2;

/** Per main knex, its short lane. */
const lanes = new WeakMap<Knex, Knex>();

/**
 * The reserved lane of a database for short indexed reads (a session check, a stay's
 * balance): a small pool of its own, so that they never queue behind the main pool's
 * lists and searches. `knex` itself when it has none (a transaction, a test's knex).
 */
export const shortLane = (knex: Knex): Knex => lanes.get(knex) ?? knex;

export interface Database {
  knex: Knex;
  /** schema holding our tables (public unless a test asked for another) */
  schema: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… (a Unix socket directory goes in `?host=`) */
  url: string;
  /** schema to use (created if missing); default public */
  schema?: string;
  pool?: number;
  /** per statement, in ms; 0 = none (migrations, bulk seeding). Default 15 s. */
  statementTimeoutMs?: number;
  /** connections of the short lane (shortLane); default none */
  shortLane?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const schema = opts.schema ?? 'public';
  setPgParsers();
  const statementTimeout = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const make = (max: number) =>
    knexFactory({
      client: 'pg',
      // Sent in the start-up packet: no extra round trip per connection.
      connection: {
        connectionString: opts.url,
        statement_timeout: statementTimeout,
        idle_in_transaction_session_timeout: statementTimeout
          ? Math.max(IDLE_IN_TRANSACTION_TIMEOUT_MS, statementTimeout)
          : 0,
      } as Knex.PgConnectionConfig,
      searchPath: schema === 'public' ? ['public'] : [schema, 'public'],
      pool: { min: 0, max },
      ...knexSnakeCaseMappers(),
    });
  const knex = make(opts.pool ?? DEFAULT_POOL);
  const lane = opts.shortLane ? make(opts.shortLane) : undefined;
  if (lane) lanes.set(knex, lane);
  if (schema !== 'public') await knex.raw(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  return {
    knex,
    schema,
    close: async () => {
      await Promise.all([knex.destroy(), lane?.destroy()]);
    },
  };
}
