// Restores a backup written by dump.ts into one schema of a database, all or
// nothing: one transaction creates the schema at the backup's version (the
// migrations up to it), loads every row with PostgreSQL's own JSON reading
// (json_populate_recordset: timestamps to the microsecond), puts every sequence back
// (and past the restored ids), then commits. A process killed half-way leaves the
// target as it was. While rows are loaded the tables' own triggers are disabled
// (append-only guards, computed columns: the rows are loaded as they were) and the
// foreign keys dropped, the way pg_dump orders a restore; both come back before the
// commit — the foreign keys re-checked on every row — so the protections are in force
// afterwards. No superuser needed: the owner of the database will do. After the
// commit, a backup from an older schema is migrated to the current one. A backup from
// a newer schema is refused.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Knex } from 'knex';
import { MIGRATIONS } from '../../migrations/index';
import { migrateLatest } from '../db/migrate';
import { AnchorRefusal, forgetCounters, rebaseAfterRestore, restoreAgainstAnchor } from '../domain/ledger/anchor';
import { BACKUP_FORMAT, type BackupHeader } from './dump';

/** A restore refused before anything changed, with the French message to show. */
export class RestoreRefused extends Error {
  constructor(
    message: string,
    readonly code: 'BACKUP_INVALID' | 'BACKUP_NEWER' | 'RESTORE_TARGET_NOT_EMPTY' | 'RESTORE_BEHIND_ANCHOR',
  ) {
    super(message);
  }
}

export interface RestoreResult {
  schemaVersion: string;
  migrated: string[];
  /** a disaster recovery: what the anchor had (`from`), where the restored chain ends (`to`) */
  recovery?: { behind: string[]; from: number; to: number };
  tables: number;
  rows: number;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const BATCH_ROWS = 500;
const BATCH_CHARS = 4_000_000;

/** The migration index of a backup's schema version, or a refusal. */
export function checkVersion(header: Pick<BackupHeader, 'schemaVersion'>): number {
  const names = MIGRATIONS.map(([n]) => n);
  const i = names.indexOf(header.schemaVersion);
  if (i >= 0) return i;
  const last = names[names.length - 1];
  if (String(header.schemaVersion) > last) {
    throw new RestoreRefused(
      `Cette sauvegarde vient d'une version plus récente de Bivouac (schéma « ${header.schemaVersion} », ` +
        `celui-ci s'arrête à « ${last} ») : mettez Bivouac à jour avant de la restaurer.`,
      'BACKUP_NEWER',
    );
  }
  throw new RestoreRefused(
    `Version de schéma inconnue dans la sauvegarde : « ${header.schemaVersion} ».`,
    'BACKUP_INVALID',
  );
}

function invalid(detail: string): RestoreRefused {
  return new RestoreRefused(`Ce fichier n'est pas une sauvegarde Bivouac complète (${detail}).`, 'BACKUP_INVALID');
}

/** Lines of a gzipped backup; a damaged or cut file rejects the iteration. */
function lines(input: Readable): AsyncIterator<string> {
  const gunzip = createGunzip();
  input.on('error', (e) => gunzip.destroy(e));
  input.pipe(gunzip);
  return createInterface({ input: gunzip, crlfDelay: Infinity })[Symbol.asyncIterator]();
}

async function next(it: AsyncIterator<string>, what: string): Promise<string> {
  let r: IteratorResult<string>;
  try {
    r = await it.next();
  } catch {
    throw invalid('fichier endommagé ou tronqué');
  }
  if (r.done) throw invalid(`fin de fichier avant ${what}`);
  return r.value;
}

/** A table's line before its rows: its name and row count. */
interface TableSection {
  table?: unknown;
  rows?: unknown;
}

function parse(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw invalid(`${what} illisible`);
  }
}

/** Rows a schema holds that say it is in use: its users. */
async function usersIn(knex: Knex | Knex.Transaction, schema: string): Promise<number> {
  const {
    rows: [t],
  } = await knex.raw(`SELECT to_regclass(format('%I.%I', ?::text, 'app_user')) IS NOT NULL AS present`, [schema]);
  if (!t.present) return 0;
  const {
    rows: [c],
  } = await knex.raw(`SELECT count(*) AS n FROM ${ident(schema)}."app_user"`);
  return Number(c.n);
}

async function relationsIn(knex: Knex | Knex.Transaction, schema: string): Promise<number> {
  const {
    rows: [r],
  } = await knex.raw(
    `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    [schema],
  );
  return Number(r.n);
}

/**
 * Restores the gzipped backup read from `input` into `schema` (the schema `knex`
 * works in). A target holding data (users) is refused unless `force`: it is then
 * replaced, in the same transaction.
 */
export async function restoreBackup(
  knex: Knex,
  schema: string,
  input: Readable,
  opts: {
    force?: boolean;
    /** declared by the technical user: a backup older than the ledger's anchor is restored anyway */
    disasterRecovery?: boolean;
    log?: (m: string) => void;
  } = {},
): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const it = lines(input);
  const header = parse(await next(it, "l'en-tête"), "l'en-tête") as BackupHeader;
  if (header?.application !== 'bivouac' || !Array.isArray(header.tables) || !Array.isArray(header.sequences))
    throw invalid('en-tête inconnu');
  if (header.format !== BACKUP_FORMAT) throw invalid(`format ${header.format}, attendu ${BACKUP_FORMAT}`);
  const index = checkVersion(header);
  const users = await usersIn(knex, schema);
  if (users > 0 && !opts.force) {
    throw new RestoreRefused(
      `La base de destination n'est pas vide (${users} utilisateur${users > 1 ? 's' : ''}) : la restauration la ` +
        `remplacerait. Relancez avec --force pour la remplacer.`,
      'RESTORE_TARGET_NOT_EMPTY',
    );
  }

  let total = 0;
  let recovery: Awaited<ReturnType<typeof restoreAgainstAnchor>> = null;
  await knex.transaction(async (trx) => {
    // Nobody else restores into this schema meanwhile.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`bivouac-restore:${schema}`]);
    // The schema is recreated at the backup's version: the ledger asks again which counters it has.
    forgetCounters(knex);
    if (!opts.force && (await usersIn(trx, schema)) > 0)
      throw new RestoreRefused(
        "La base de destination n'est plus vide : restauration abandonnée.",
        'RESTORE_TARGET_NOT_EMPTY',
      );
    if (await relationsIn(trx, schema)) {
      await trx.raw(`DROP SCHEMA ${ident(schema)} CASCADE`);
      await trx.raw(`CREATE SCHEMA ${ident(schema)}`);
      if (schema === 'public') await trx.raw('GRANT USAGE ON SCHEMA public TO PUBLIC');
    } else {
      await trx.raw(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
    }
    await trx.raw(`SET LOCAL search_path = ${ident(schema)}, public`);

    // The schema as it was when the backup was made.
    log(`Schéma : migrations jusqu'à ${header.schemaVersion}`);
    for (const [, migration] of MIGRATIONS.slice(0, index + 1)) await migration.up(trx as unknown as Knex);
    await trx.schema.createTable('knex_migrations', (t) => {
      t.increments();
      t.string('name');
      t.integer('batch');
      t.timestamp('migration_time');
    });
    await trx.schema.createTable('knex_migrations_lock', (t) => {
      t.increments('index').primary();
      t.integer('is_locked');
    });

    // Empty every table (migrations seed some), then load the backup's rows.
    const { rows: rels } = await trx.raw<{ rows: { name: string }[] }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
      [schema],
    );
    const present = new Set(rels.map((r) => r.name));
    const { rows: fks } = await trx.raw(
      `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = ? AND c.contype = 'f'
        ORDER BY 1, 2`,
      [schema],
    );
    for (const fk of fks) await trx.raw(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${ident(fk.name)}`);
    for (const t of present) await trx.raw(`ALTER TABLE ${ident(t)} DISABLE TRIGGER USER`);
    if (present.size) await trx.raw(`TRUNCATE ${[...present].map(ident).join(', ')}`);
    for (const expected of header.tables) {
      const section = parse(await next(it, `la table ${expected.name}`), 'un en-tête de table') as TableSection | null;
      if (section?.table !== expected.name || section.rows !== expected.rows)
        throw invalid(`table ${expected.name} attendue`);
      if (!present.has(expected.name)) throw invalid(`table ${expected.name} inconnue à ce schéma`);
      log(`Table ${expected.name} : ${expected.rows} ligne(s)`);
      const { rows: cols } = await trx.raw<{ rows: { name: string }[] }>(
        `SELECT a.attname AS name FROM pg_attribute a
        WHERE a.attrelid = format('%I.%I', ?::text, ?::text)::regclass AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attgenerated = ''
        ORDER BY a.attnum`,
        [schema, expected.name],
      );
      const list = cols.map((c) => ident(c.name)).join(', ');
      const sql = `INSERT INTO ${ident(expected.name)} (${list}) OVERRIDING SYSTEM VALUE
        SELECT ${list} FROM json_populate_recordset(NULL::${ident(expected.name)}, ?::json)`;
      let batch: string[] = [];
      let chars = 0;
      const flush = async () => {
        if (!batch.length) return;
        await trx.raw(sql, [`[${batch.join(',')}]`]);
        batch = [];
        chars = 0;
      };
      for (let i = 0; i < expected.rows; i++) {
        const line = await next(it, `la ligne ${i + 1} de ${expected.name}`);
        batch.push(line);
        chars += line.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      }
      await flush();
      total += expected.rows;
    }
    const end = parse(await next(it, 'la fin'), 'la fin') as { end?: unknown; tables?: unknown } | null;
    if (end?.end !== true || end.tables !== header.tables.length) throw invalid('fin de fichier manquante');

    // Sequences as they were, then past every restored id (whatever the backup said).
    for (const s of header.sequences) {
      await trx.raw(`SELECT setval(format('%I.%I', ?::text, ?::text)::regclass, ?::bigint, ?)`, [
        schema,
        s.name,
        s.lastValue,
        s.isCalled,
      ]);
    }
    const { rows: owned } = await trx.raw<{ rows: { tbl: string; col: string; seq: string | null }[] }>(
      `SELECT c.relname AS tbl, a.attname AS col,
        pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS seq
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
      [schema],
    );
    for (const o of owned.filter((x) => x.seq)) {
      // seq comes from the catalogue, already quoted where needed.
      await trx.raw(
        `SELECT setval(?::regclass, m) FROM (SELECT max(${ident(o.col)}) AS m FROM ${ident(o.tbl)}) x
        WHERE m IS NOT NULL
          AND m >= (SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM ${o.seq})`,
        [o.seq],
      );
    }
    // Protections back before the commit: triggers enabled, foreign keys re-created (every row checked).
    for (const t of present) await trx.raw(`ALTER TABLE ${ident(t)} ENABLE TRIGGER USER`);
    for (const fk of fks) await trx.raw(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${ident(fk.name)} ${fk.def}`);
    // Not behind the ledger's anchor in DATA_DIR, unless a declared disaster recovery.
    try {
      recovery = await restoreAgainstAnchor(trx, !!opts.disasterRecovery);
    } catch (e) {
      if (e instanceof AnchorRefusal) throw new RestoreRefused(e.message, 'RESTORE_BEHIND_ANCHOR');
      throw e;
    }
  });
  await rebaseAfterRestore(knex, !!recovery);
  log(`Restauration validée : ${header.tables.length} tables, ${total} lignes`);
  const migrated = index < MIGRATIONS.length - 1 ? await migrateLatest(knex) : [];
  if (migrated.length) log(`Migrations appliquées après la restauration : ${migrated.join(', ')}`);
  return {
    schemaVersion: header.schemaVersion,
    migrated,
    tables: header.tables.length,
    rows: total,
    ...(recovery ? { recovery } : {}),
  };
}
