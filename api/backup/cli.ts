// Shared by `npm run backup` and `npm run restore`: the configured database (the
// embedded one of DATA_DIR, or DATABASE_URL), without statement timeout, and the
// command-line options. `--schema` (default public) serves tests and databases
// shared between several schemas.
import { readConfig } from '../config';
import { openDatabase, type Database } from '../db/connect';
import { RUNTIME_USER, runtimePassword, startEmbedded, type EmbeddedServer } from '../db/embedded';
import { setUpRuntimeRole, userOfUrl } from '../db/roles';

export interface CliArgs {
  files: string[];
  force: boolean;
  /** --disaster-recovery: restore a backup older than the ledger's anchor (journaled) */
  disasterRecovery: boolean;
  schema?: string;
}

export function parseArgs(argv: string[]): CliArgs {
  const out: CliArgs = { files: [], force: false, disasterRecovery: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--force') out.force = true;
    else if (a === '--disaster-recovery') out.disasterRecovery = true;
    else if (a === '--schema') out.schema = argv[++i];
    else if (a.startsWith('--schema=')) out.schema = a.slice('--schema='.length);
    else if (a.startsWith('--')) throw new Error(`Option inconnue : ${a}`);
    else out.files.push(a);
  }
  if (out.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(out.schema))
    throw new Error(`Nom de schéma invalide : ${out.schema}`);
  return out;
}

export async function openConfigured(
  schema?: string,
): Promise<{ db: Database; dataDir: string; grantRuntime(): Promise<void>; close(): Promise<void> }> {
  const config = readConfig();
  let embedded: EmbeddedServer | undefined;
  if (!config.databaseUrl) {
    try {
      embedded = await startEmbedded({ dir: config.dataDir });
    } catch (e) {
      throw new Error(
        `${(e as Error).message} Arrêtez le serveur Bivouac avant de lancer cette commande (pendant qu'il ` +
          `tourne, la sauvegarde se fait depuis l'écran de l'utilisateur technique).`,
      );
    }
  }
  // As the owner role (DATABASE_OWNER_URL, or the embedded cluster's `bivouac`).
  const url = config.databaseOwnerUrl ?? config.databaseUrl ?? embedded!.url;
  const db = await openDatabase({ url, schema, pool: 2, statementTimeoutMs: 0 });
  return {
    db,
    dataDir: config.dataDir,
    /** after a restore: the runtime role's grants on the recreated schema */
    async grantRuntime() {
      if (config.databaseUrl) await setUpRuntimeRole(db.knex, userOfUrl(config.databaseUrl), undefined, db.schema);
      else await setUpRuntimeRole(db.knex, RUNTIME_USER, runtimePassword(config.dataDir), db.schema);
    },
    async close() {
      await db.close();
      await embedded?.stop();
    },
  };
}
