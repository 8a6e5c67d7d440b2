// The technical event journal (JET): start and stop of the server, log-ins of the
// technical user, closures, archives, backups and restores, failed verifications,
// chained and signed like the fiscal chain (chain `jet` of ledger_entry).
import type { Knex } from 'knex';
import { appendEntry, type JetKind } from './append';
import type { Canonical } from './canonical';
import { insertKey, signingKey } from './keys';

export const JET_LABELS: Record<JetKind, string> = {
  start: 'Démarrage',
  stop: 'Arrêt',
  login: "Connexion de l'utilisateur technique",
  'login-failed': 'Échec de connexion',
  rights: 'Modification de droits ou de groupes',
  export: 'Export comptable',
  duplicate: 'Impression d’un duplicata',
  closure: 'Clôture',
  archive: 'Archivage',
  backup: 'Sauvegarde',
  restore: 'Restauration',
  recovery: 'Reprise après sinistre',
  'verify-failed': 'Échec de vérification du journal',
  setting: 'Modification de paramètre',
  key: 'Clé de signature',
};

/** One event in its own transaction (the caller's business write, if any, is separate). */
export async function recordTechnicalEvent(
  knex: Knex,
  kind: JetKind,
  data: Record<string, Canonical> = {},
): Promise<void> {
  await knex.transaction((trx) => appendEntry(trx, { chain: 'jet', kind, data }));
}

/** The same inside a transaction of the caller (e.g. a restore, a closure). */
export const appendTechnicalEvent = (trx: Knex.Transaction, kind: JetKind, data: Record<string, Canonical> = {}) =>
  appendEntry(trx, { chain: 'jet', kind, data });

/**
 * The installation's signing key enters the journal the first time it is met in this
 * database (a first start, a new installation, a lost DATA_DIR): the JET says when the
 * key changed and which one it follows. Run at start, before anything is signed, so
 * the event is not appended while another entry holds a head. Two processes at once:
 * the key row's unique fingerprint lets one of them insert it, and only that one
 * records the event. Answers whether the key was new.
 */
export async function recordSigningKey(knex: Knex, key = signingKey()): Promise<boolean> {
  return knex.transaction(async (trx) => {
    if (!(await insertKey(trx, key))) return false;
    const previous = await trx('ledger_key')
      .whereNot('fingerprint', key.fingerprint)
      .orderBy('id', 'desc')
      .first('fingerprint');
    await appendEntry(trx, {
      chain: 'jet',
      kind: 'key',
      data: { fingerprint: key.fingerprint, previous: previous?.fingerprint ?? null },
    });
    return true;
  });
}

export async function listJet(
  db: Knex,
  limit = 500,
): Promise<{ seq: number; kind: string; label: string; at: string; data: Record<string, Canonical>; hash: string }[]> {
  const rows = await db('ledger_entry')
    .where({ chain: 'jet' })
    .orderBy('seq', 'desc')
    .limit(limit)
    .select('seq', 'kind', 'body', 'hash');
  return rows.map((r) => {
    const b = JSON.parse(r.body);
    return {
      seq: Number(r.seq),
      kind: r.kind,
      label: JET_LABELS[r.kind as JetKind] ?? r.kind,
      at: b.at,
      data: b.data,
      hash: r.hash,
    };
  });
}
