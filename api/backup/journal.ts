// Backups and restores go to the technical event journal (JET, NF525): whoever reads
// the chain sees when the data was copied out or replaced. A journal that cannot be
// written (signing key unreadable, database gone) must not turn a backup that was
// written into a failure, nor hide a restore already committed: it is said on stderr.
import type { Knex } from 'knex';
import { recordTechnicalEvent } from '../domain/ledger/jet';

async function journal(knex: Knex, kind: 'backup' | 'restore', data: Record<string, string | number>): Promise<void> {
  await recordTechnicalEvent(knex, kind, data).catch((e) =>
    console.error(
      `Journal des événements techniques : ${kind === 'backup' ? 'sauvegarde' : 'restauration'} non enregistrée ` +
        `— ${(e as Error).message}`,
    ),
  );
}

/** A backup written (or failed): its kind (auto, manual, download), file, rows. */
export const journalBackup = (
  knex: Knex,
  data: { kind: string; file: string; status: 'done' | 'failed'; rows?: number },
) =>
  journal(
    knex,
    'backup',
    data.rows === undefined ? { kind: data.kind, file: data.file, status: data.status } : { ...data, rows: data.rows },
  );

/** A restore committed: the backup's schema version, rows loaded, how it was run. */
export const journalRestore = (
  knex: Knex,
  data: { via: 'api' | 'cli'; schemaVersion: string; rows: number; tables: number },
) => journal(knex, 'restore', data);

/**
 * A disaster recovery declared by the technical user: before the restore (in the data it
 * replaces, and in the anchor) and after it (in the restored journal), with the end of
 * the chain the anchor had and that of the restored one.
 */
export const journalRecovery = (
  knex: Knex,
  data: { status: 'started' | 'done'; via: 'api' | 'cli'; from?: number; to?: number; behind?: number },
) =>
  recordTechnicalEvent(knex, 'recovery', data as Record<string, string | number>).catch((e) =>
    console.error(
      `Journal des événements techniques : reprise après sinistre non enregistrée — ${(e as Error).message}`,
    ),
  );
