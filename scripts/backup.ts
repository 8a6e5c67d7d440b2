// npm run backup [file]: a backup of the configured database (DATA_DIR's embedded
// one or DATABASE_URL) into `file`, by default DATA_DIR/backups/bivouac-sauvegarde-<date>.json.gz.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { openConfigured, parseArgs } from '../api/backup/cli';
import { backupsDir, backupToFile, manualFileName } from '../api/backup/files';

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.files.length > 1) throw new Error('Usage : npm run backup [fichier]');
  const target = await openConfigured(args.schema);
  try {
    let file = args.files[0] ? resolve(args.files[0]) : undefined;
    if (!file) {
      await mkdir(backupsDir(target.dataDir), { recursive: true });
      file = resolve(backupsDir(target.dataDir), manualFileName());
    }
    const t0 = Date.now();
    const s = await backupToFile(target.db.knex, file, 'manual');
    console.log(
      `Sauvegarde écrite : ${file} (${s.tables} tables, ${s.rows} lignes, schéma ${s.schemaVersion}, ` +
        `${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
    return 0;
  } finally {
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`Sauvegarde impossible : ${(e as Error).message}`);
    process.exit(1);
  },
);
