// The yearly archive (NF525 « conservation et archivage ») of a closed financial year:
// every fiscal entry from the first one dated in the year to the year closure (a
// contiguous piece of the chain, each with its previous hash and signature), a
// manifest (range, counts, SHA-256 of each file, the public keys) signed with the
// installation's key, in one JSON file that archive-check.ts verifies offline. Made
// once per year: stored in DATA_DIR/archives, recorded as a fiscal `archive` entry
// (the manifest's SHA-256) and a JET `archive` event in the same transaction.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { readConfig } from '../../config';
import { badRequest, notFound } from '../../http/errors';
import { appendEntry, establishmentId } from './append';
import { canonicalJson, utcSecond } from './canonical';
import { signText, signingKey } from './keys';
import { appendTechnicalEvent } from './jet';
import {
  ARCHIVE_FORMAT,
  ENTRIES_FILE,
  manifestText,
  sha256,
  type ArchiveFile,
  type ArchiveManifest,
} from './archive-check';

const archivesDir = () => join(readConfig().dataDir, 'archives');
export const archiveName = (est: number, yearStart: string) => `bivouac-archive-${est}-${yearStart.slice(0, 4)}.json`;

export interface ArchiveRecord {
  seq: number;
  closureSeq: number;
  name: string;
  sha256: string;
  count: number;
  at: string;
}

async function recorded(db: Knex | Knex.Transaction, est: number, closureSeq: number): Promise<ArchiveRecord | null> {
  const row = await db('ledger_entry')
    .where({
      establishmentId: est,
      chain: 'fiscal',
      kind: 'archive',
      sourceTable: 'ledger_entry',
      sourceId: closureSeq,
    })
    .first('seq', 'body');
  if (!row) return null;
  const b = JSON.parse(row.body);
  return {
    seq: Number(row.seq),
    closureSeq,
    name: b.data.name,
    sha256: b.data.manifestSha256,
    count: b.data.count,
    at: b.at,
  };
}

export async function listArchives(db: Knex): Promise<ArchiveRecord[]> {
  const est = await establishmentId(db);
  const rows = await db('ledger_entry')
    .where({ establishmentId: est, chain: 'fiscal', kind: 'archive' })
    .orderBy('seq', 'desc')
    .select('seq', 'body', 'sourceId');
  return rows.map((r) => {
    const b = JSON.parse(r.body);
    return {
      seq: Number(r.seq),
      closureSeq: Number(r.sourceId),
      name: b.data.name,
      sha256: b.data.manifestSha256,
      count: b.data.count,
      at: b.at,
    };
  });
}

/** Builds, stores and journals the archive of the year closed by `closureSeq`. */
export async function archiveYear(knex: Knex, closureSeq: number, userId: number | null): Promise<ArchiveRecord> {
  return knex.transaction(async (trx) => {
    const est = await establishmentId(trx);
    const closure = await trx('ledger_entry')
      .where({ establishmentId: est, chain: 'fiscal', kind: 'closure-year', seq: closureSeq })
      .first('seq', 'businessDate', 'periodEnd');
    if (!closure) throw notFound();
    // One archive per year: the ledger's head is locked by appendEntry below, the check is repeated under it.
    if (await recorded(trx, est, closureSeq)) throw badRequest('CLOSURE_DOCUMENTS_GENERATED');
    const yearStart = String(closure.businessDate),
      yearEnd = String(closure.periodEnd);
    const firstRow = await trx('ledger_entry')
      .where({ establishmentId: est, chain: 'fiscal' })
      .where('seq', '<=', closureSeq)
      .where((q) => q.whereBetween('businessDate', [yearStart, yearEnd]))
      .orderBy('seq')
      .first('seq');
    const firstSeq = Number(firstRow?.seq ?? closureSeq);
    const rows = await trx('ledger_entry')
      .where({ establishmentId: est, chain: 'fiscal' })
      .whereBetween('seq', [firstSeq, closureSeq])
      .orderBy('seq')
      .select('seq', 'kind', 'body', 'prevHash', 'hash', 'keyId', 'signature');
    const entries =
      rows
        .map((r) =>
          JSON.stringify({
            seq: Number(r.seq),
            kind: r.kind,
            body: r.body,
            prevHash: r.prevHash,
            hash: r.hash,
            keyId: r.keyId,
            signature: r.signature,
          }),
        )
        .join('\n') + '\n';
    const key = signingKey();
    const manifest: ArchiveManifest = {
      format: ARCHIVE_FORMAT,
      establishment: est,
      yearStart,
      yearEnd,
      closureSeq,
      firstSeq,
      lastSeq: closureSeq,
      count: rows.length,
      createdAt: utcSecond(),
      signedBy: { algorithm: 'Ed25519', fingerprint: key.fingerprint, publicKey: key.publicPem },
      keys: (await trx('ledger_key').orderBy('id').select('id', 'fingerprint', 'publicKey')).map((k) => ({
        id: k.id,
        fingerprint: k.fingerprint,
        publicKey: k.publicKey,
      })),
      files: [{ name: ENTRIES_FILE, sha256: sha256(entries), bytes: Buffer.byteLength(entries) }],
    };
    const file: ArchiveFile = {
      manifest,
      signature: signText(manifestText(manifest), key),
      files: { [ENTRIES_FILE]: entries },
    };
    const name = archiveName(est, yearStart);
    const manifestSha256 = sha256(canonicalJson(manifest));
    const data = { name, yearStart, yearEnd, firstSeq, lastSeq: closureSeq, count: rows.length, manifestSha256 };
    const entry = await appendEntry(trx, {
      kind: 'archive',
      source: { table: 'ledger_entry', id: closureSeq },
      data: { ...data, userId },
    });
    await appendTechnicalEvent(trx, 'archive', { ...data, fiscalSeq: entry.seq });
    // Written before the commit: a failed write rolls the entries back; a failed commit leaves a file no entry names.
    await mkdir(archivesDir(), { recursive: true });
    await writeFile(join(archivesDir(), name), JSON.stringify(file), { mode: 0o600 });
    return { seq: entry.seq, closureSeq, name, sha256: manifestSha256, count: rows.length, at: entry.at };
  });
}

/** The stored archive of the year closed by `closureSeq`, as written. */
export async function readArchive(knex: Knex, closureSeq: number): Promise<{ name: string; text: string }> {
  const rec = await recorded(knex, await establishmentId(knex), closureSeq);
  if (!rec) throw notFound();
  return { name: rec.name, text: await readFile(join(archivesDir(), rec.name), 'utf8') };
}
