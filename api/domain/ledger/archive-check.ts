// The offline check of a yearly archive (archive.ts): needs nothing but the file —
// no database, no server. The manifest's signature (Ed25519, the installation's
// public key carried in the manifest: compare its fingerprint with the one printed on
// the closures), the SHA-256 of each file against the manifest, then the chain inside:
// contiguous sequence numbers, each hash = SHA-256(previous hash ‖ body), each link to
// the previous hash, each entry's signature by the key that signed it, and the year
// closure as the last entry.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { canonicalJson, chainHash } from './canonical';
import { verifyText } from './keys';

export const ARCHIVE_FORMAT = 'bivouac-archive-1';
export const ENTRIES_FILE = 'entries.jsonl';

export interface ArchiveEntry {
  seq: number;
  kind: string;
  body: string;
  prevHash: string;
  hash: string;
  keyId: number;
  signature: string;
}
export interface ArchiveManifest {
  format: string;
  establishment: number;
  yearStart: string;
  yearEnd: string;
  closureSeq: number;
  firstSeq: number;
  lastSeq: number;
  count: number;
  createdAt: string;
  signedBy: { algorithm: 'Ed25519'; fingerprint: string; publicKey: string };
  keys: { id: number; fingerprint: string; publicKey: string }[];
  files: { name: string; sha256: string; bytes: number }[];
}
export interface ArchiveFile {
  manifest: ArchiveManifest;
  signature: string;
  files: Record<string, string>;
}
export interface ArchiveCheck {
  status: 'ok' | 'broken';
  count: number;
  problems: string[];
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** What the archive's signature covers. */
export const manifestText = (m: ArchiveManifest) => `archive|${canonicalJson(m)}`;

export function checkArchive(text: string): ArchiveCheck {
  const problems: string[] = [];
  let a: ArchiveFile;
  try {
    a = JSON.parse(text);
  } catch {
    return { status: 'broken', count: 0, problems: ['Archive illisible'] };
  }
  const m = a?.manifest;
  if (!m || m.format !== ARCHIVE_FORMAT || typeof a.signature !== 'string' || !a.files)
    return { status: 'broken', count: 0, problems: ['Ce fichier n’est pas une archive Bivouac'] };
  let signer: KeyObject | null = null;
  try {
    signer = createPublicKey(m.signedBy.publicKey);
  } catch {
    problems.push('Clé publique du manifeste illisible');
  }
  if (signer && !verifyText(manifestText(m), a.signature, signer)) problems.push('Signature du manifeste invalide');
  for (const f of m.files) {
    const content = a.files[f.name];
    if (content === undefined) problems.push(`Fichier ${f.name} absent`);
    else if (sha256(content) !== f.sha256 || Buffer.byteLength(content) !== f.bytes)
      problems.push(`Empreinte du fichier ${f.name} incorrecte`);
  }
  const keys = new Map<number, KeyObject>();
  for (const k of m.keys) {
    try {
      keys.set(k.id, createPublicKey(k.publicKey));
    } catch {
      problems.push(`Clé ${k.id} illisible`);
    }
  }
  const lines = (a.files[ENTRIES_FILE] ?? '').split('\n').filter(Boolean);
  let prev: ArchiveEntry | null = null;
  let count = 0;
  for (const line of lines) {
    let e: ArchiveEntry;
    try {
      e = JSON.parse(line);
    } catch {
      problems.push(`Ligne ${count + 1} illisible`);
      continue;
    }
    count++;
    if (prev && e.seq !== prev.seq + 1) problems.push(`Écriture ${e.seq} : la précédente (${prev.seq + 1}) manque`);
    if (prev && e.prevHash !== prev.hash) problems.push(`Écriture ${e.seq} : chaînage rompu`);
    if (chainHash(e.prevHash, e.body) !== e.hash)
      problems.push(`Écriture ${e.seq} : empreinte incorrecte, contenu modifié`);
    const key = keys.get(e.keyId);
    if (!key || !verifyText(e.hash, e.signature, key)) problems.push(`Écriture ${e.seq} : signature invalide`);
    prev = e;
  }
  if (count !== m.count || (prev?.seq ?? 0) !== m.lastSeq || (count && JSON.parse(lines[0]).seq !== m.firstSeq))
    problems.push('Les écritures ne correspondent pas au manifeste');
  if (prev && (prev.seq !== m.closureSeq || prev.kind !== 'closure-year'))
    problems.push("La dernière écriture n'est pas la clôture de l'exercice");
  return { status: problems.length ? 'broken' : 'ok', count, problems };
}
