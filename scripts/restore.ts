// npm run restore <file> [--force]: restores a backup into the configured database
// (DATA_DIR's embedded one or DATABASE_URL), all or nothing. A database holding
// data is replaced only with --force; a backup from a newer Bivouac is refused; an
// older one is migrated after the restore.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { openConfigured, parseArgs } from '../api/backup/cli';
import { restoreBackup, RestoreRefused } from '../api/backup/restore';
import { journalRecovery, journalRestore } from '../api/backup/journal';

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.files.length !== 1) throw new Error('Usage : npm run restore <fichier> [--force] [--disaster-recovery]');
  const file = resolve(args.files[0]);
  try {
    await access(file);
  } catch {
    throw new Error(`Fichier introuvable : ${file}`);
  }
  const target = await openConfigured(args.schema);
  try {
    const t0 = Date.now();
    if (args.disasterRecovery) await journalRecovery(target.db.knex, { status: 'started', via: 'cli' });
    const r = await restoreBackup(target.db.knex, target.db.schema, createReadStream(file), {
      force: args.force,
      disasterRecovery: args.disasterRecovery,
      log: (m) => console.log(m),
    });
    await target.grantRuntime();
    if (r.recovery)
      await journalRecovery(target.db.knex, {
        status: 'done',
        via: 'cli',
        from: r.recovery.from,
        to: r.recovery.to,
        behind: r.recovery.behind.length,
      });
    await journalRestore(target.db.knex, {
      via: 'cli',
      schemaVersion: r.schemaVersion,
      rows: r.rows,
      tables: r.tables,
    });
    console.log(
      `Restauration terminée : ${r.tables} tables, ${r.rows} lignes (schéma ${r.schemaVersion}` +
        `${r.migrated.length ? `, puis ${r.migrated.length} migration(s)` : ''}), ` +
        `${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (e) {
    if (e instanceof RestoreRefused) {
      console.error(`Restauration refusée : ${e.message}`);
      return 2;
    }
    throw e;
  } finally {
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`Restauration impossible : ${(e as Error).message}`);
    process.exit(1);
  },
);
