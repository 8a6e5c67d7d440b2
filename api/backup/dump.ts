// The product's own backup (no pg_dump: the embedded PostgreSQL has none). Plain SQL
// through the client, so it works on any PostgreSQL: every table of the schema, read
// in one REPEATABLE READ snapshot, each row as PostgreSQL's own JSON of it
// (row_to_json: timestamps to the microsecond with their offset, exact numbers,
// bytea in hex), and the state of every sequence. The file is gzipped JSON lines:
//   {"application":"bivouac","format":2,"schemaVersion":…,"tables":[…],"sequences":[…]}
//   {"table":"app_user","rows":3}   then exactly 3 lines, one row each
//   …
//   {"end":true,"tables":N}          (a file cut short has no end line: refused)
// The schema version is the last migration applied; restore.ts reads it.
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Knex } from 'knex';

export const BACKUP_FORMAT = 2;
const FETCH = 500;

export interface BackupHeader {
  application: 'bivouac';
  format: number;
  appVersion: string;
  schemaVersion: string;
  createdAt: string;
  tables: { name: string; rows: number }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

export interface BackupSummary {
  schemaVersion: string;
  tables: number;
  rows: number;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of the current schema (partitions are read through their parent). */
export async function schemaTables(knex: Knex | Knex.Transaction): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(`SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND c.relkind IN ('r', 'p')
      AND NOT c.relispartition
    ORDER BY c.relname`);
  return rows.map((r) => r.name);
}

/** The last migration applied: the schema version a backup carries. */
export async function schemaVersion(knex: Knex | Knex.Transaction): Promise<string> {
  const {
    rows: [t],
  } = await knex.raw(`SELECT to_regclass('knex_migrations') IS NOT NULL AS present`);
  const row = t.present ? await knex('knex_migrations').orderBy('id', 'desc').first('name') : undefined;
  if (!row) throw new Error("la base n'a jamais été initialisée par Bivouac : rien à sauvegarder");
  return row.name;
}

/** Writes with back-pressure; rejects when the output goes away (a download cut short). */
async function write(out: Writable, text: string): Promise<void> {
  if (out.destroyed) throw new Error('backup output closed');
  if (out.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const finish = (err?: Error) => {
      out.off('drain', drained);
      out.off('close', closed);
      if (err) reject(err);
      else resolve();
    };
    const drained = () => finish();
    const closed = () => finish(new Error('backup output closed'));
    out.once('drain', drained);
    out.once('close', closed);
  });
}

/**
 * Writes a gzipped backup of the database to `out` (ended when done). `appVersion`
 * is informative; the schema version decides what a restore accepts.
 */
export async function writeBackup(
  knex: Knex,
  out: Writable,
  opts: { appVersion?: string } = {},
): Promise<BackupSummary> {
  const gz = createGzip();
  // The gzip stream is destroyed if `out` fails or closes early: write() then rejects
  // and the snapshot's transaction ends instead of waiting for ever.
  const done = pipeline(gz, out);
  done.catch(() => {});
  let summary: BackupSummary;
  try {
    summary = await knex.transaction(async (trx) => {
      // One snapshot for every table and sequence read below.
      await trx.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const tables = await schemaTables(trx);
      const counts: { name: string; rows: number }[] = [];
      for (const name of tables)
        counts.push({ name, rows: Number((await trx.raw(`SELECT count(*) AS n FROM ${ident(name)}`)).rows[0].n) });
      const { rows: seqs } = await trx.raw(`SELECT c.relname AS name FROM pg_class c
        WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND c.relkind = 'S'
          ORDER BY c.relname`);
      const sequences: BackupHeader['sequences'] = [];
      for (const s of seqs) {
        const {
          rows: [v],
        } = await trx.raw(`SELECT last_value::text AS v, is_called AS c FROM ${ident(s.name)}`);
        sequences.push({ name: s.name, lastValue: v.v, isCalled: v.c });
      }
      const header: BackupHeader = {
        application: 'bivouac',
        format: BACKUP_FORMAT,
        appVersion: opts.appVersion ?? '',
        schemaVersion: await schemaVersion(trx),
        createdAt: new Date().toISOString(),
        tables: counts,
        sequences,
      };
      await write(gz, `${JSON.stringify(header)}\n`);
      let total = 0;
      for (const { name, rows } of counts) {
        await write(gz, `${JSON.stringify({ table: name, rows })}\n`);
        await trx.raw(`DECLARE bv_dump NO SCROLL CURSOR FOR SELECT row_to_json(x)::text AS j FROM ${ident(name)} x`);
        let n = 0;
        for (;;) {
          const { rows: batch } = await trx.raw<{ rows: { j: string }[] }>(`FETCH ${FETCH} FROM bv_dump`);
          if (!batch.length) break;
          n += batch.length;
          await write(gz, batch.map((r) => r.j).join('\n') + '\n');
        }
        await trx.raw('CLOSE bv_dump');
        // Same snapshot: a count that moved would be a bug, not a concurrent write.
        if (n !== rows) throw new Error(`table ${name}: ${n} rows read, ${rows} counted`);
        total += n;
      }
      await write(gz, `${JSON.stringify({ end: true, tables: counts.length })}\n`);
      return { schemaVersion: header.schemaVersion, tables: counts.length, rows: total };
    });
  } catch (err) {
    gz.destroy(err as Error);
    await done.catch(() => {});
    throw err;
  }
  gz.end();
  await done;
  return summary;
}
