// The PostgreSQL server of a test or benchmark run: DATABASE_URL's when set, else one
// embedded server in `.tmp/<name>` started for the run. Databases a run creates are
// named after the URL's database (`<db>_tpl`, `<db>_t_<random>`…), so that cleaning
// up drops only this run's kind of databases on a server others use too.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { anchorDir } from '../api/domain/ledger/anchor';
import { startEmbedded, type EmbeddedServer } from '../api/db/embedded';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface PgServer {
  /** URL of the base database (DATABASE_URL's, or the embedded server's) */
  url: string;
  /** prefix of the databases this run creates */
  prefix: string;
  embedded?: EmbeddedServer;
  stop(): Promise<void>;
}

/**
 * What a test cluster may skip: its data is thrown away after the run, so a crash losing
 * it costs nothing, and on a slow CI disk each commit's fsync was most of a test's time.
 * Benchmarks keep the product's settings (their figures must be the product's).
 */
const THROWAWAY = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  // Two test files restoring a backup at once (one transaction locking every table) plus the
  // browser tests' database may pass the default lock table (64 per connection): SQLSTATE 53200.
  max_locks_per_transaction: '256',
};

export async function startPgServer(name: string, opts: { throwaway?: boolean } = {}): Promise<PgServer> {
  const given = process.env.DATABASE_URL;
  const embedded = given
    ? undefined
    : await startEmbedded({
        dir: `${ROOT}.tmp/${name}`,
        database: 'bivouac',
        settings: opts.throwaway ? THROWAWAY : undefined,
      });
  const url = given ?? embedded!.url;
  return {
    url,
    prefix: databaseOf(url),
    embedded,
    stop: async () => {
      await embedded?.stop();
    },
  };
}

export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
}

/** The same server, another database. */
export function urlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export function uniqueName(prefix: string, tag: string): string {
  return `${prefix}_${tag}_${randomBytes(5).toString('hex')}`;
}

/** Runs `fn` with a client on the server's base database. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** CREATE DATABASE, from a template when given (a clone: milliseconds for our schema). */
export async function createDatabase(url: string, name: string, template?: string): Promise<void> {
  await withClient(url, async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
        return;
      } catch (e) {
        // 55006: the template was still in use by a connection that is closing.
        if ((e as { code?: string }).code !== '55006' || attempt > 50) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
}

/** Drops the databases whose name starts with `prefix` (LIKE wildcards escaped). */
export async function dropDatabasesLike(url: string, prefix: string): Promise<string[]> {
  return withClient(url, async (c) => {
    const pattern = `${prefix.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const { rows } = await c.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [pattern]);
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${ident(r.datname)} WITH (FORCE)`);
    return rows.map((r) => r.datname as string);
  });
}

/**
 * A database of its own for a benchmark or a tool, on DATABASE_URL's server or an
 * embedded one (`.tmp/pg-bench`); `close()` drops it and stops the embedded server.
 */
export async function openScratchDatabase(tag: string, opts: { pool?: number; statementTimeoutMs?: number } = {}) {
  const { openDatabase } = await import('../api/db/connect');
  const server = await startPgServer('pg-bench');
  const name = uniqueName(server.prefix, `bench_${tag}`);
  await createDatabase(server.url, name);
  const url = urlFor(server.url, name);
  const db = await openDatabase({ url, pool: opts.pool, statementTimeoutMs: opts.statementTimeoutMs ?? 0 });
  const where = server.embedded ? 'PostgreSQL intégré' : `PostgreSQL (${new URL(server.url).host})`;
  return {
    db,
    url,
    server,
    where,
    async close() {
      await db.close();
      await dropDatabase(server.url, name);
      await server.stop();
    },
  };
}

/**
 * The runtime role of a test run (api/db/roles.ts): servers under test log in as it, so
 * every test exercises its grants; fixtures keep the owner's connection.
 */
export const RUNTIME_PASSWORD = 'runtime-test-password';
export const runtimeRoleOf = (prefix: string) => `${prefix}_app`;

/** The same URL, logged in as another role. */
export function urlAs(url: string, role: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/**
 * A test database is a new installation each time: the ledger anchors a previous run
 * left in DATA_DIR for a database of that name (api/domain/ledger/anchor.ts) go.
 */
export function dropAnchors(database: string): void {
  const dir = anchorDir();
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) if (n.startsWith(`${database}.`)) rmSync(join(dir, n), { force: true });
}
