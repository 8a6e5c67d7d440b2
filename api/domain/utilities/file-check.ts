// /verif-file-page: every stored file against the database. Files are kept in the
// database (stored_file: bills, e-mail attachments, place images) and, for the yearly
// fiscal archives, in DATA_DIR/archives. For each: missing (a record names a file that
// is not there), orphan (a file no record names), checksum (the bytes no longer match
// the SHA-256 recorded when the file was stored — the archive's manifest hash recorded
// in the fiscal journal for an archive) and size. A bill without its stored original is
// not missing: the original is rendered and stored at its first print.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { readConfig } from '../../config';
import { listArchives } from '../ledger/archive';
import { canonicalJson } from '../ledger/canonical';
import { sha256 } from '../ledger/archive-check';
import { KIND_RULES, kindOf, type FileKind } from './file-kinds';

export type Problem = 'missing' | 'orphan' | 'checksum' | 'size';

export interface FileProblem {
  ref: string;
  kind: FileKind;
  kindLabel: string;
  problem: Problem;
  detail: string;
  size: number | null;
  storedAt: string | null;
}

export interface FileCheck {
  checkedAt: string;
  counts: {
    files: number;
    ok: number;
    missing: number;
    orphan: number;
    checksum: number;
    size: number;
    purged: number;
  };
  problems: FileProblem[];
}

interface StoredRow {
  ref: string;
  size: number;
  actualSize: number;
  checksumOk: boolean;
  storedAt: Date;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** Every reference the database makes to a stored file, with who makes it. */
async function references(knex: Knex): Promise<Map<string, string>> {
  const refs = new Map<string, string>();
  const images: { ref: string; code: string }[] = (
    await knex.raw(`SELECT x.ref, p.code FROM place p, jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(p.images) = 'array' THEN p.images ELSE '[]'::jsonb END) AS x(ref)`)
  ).rows;
  for (const r of images) refs.set(r.ref, `Emplacement ${r.code}`);
  const mails: { ref: string; id: number }[] = (
    await knex.raw(`SELECT a->>'ref' AS ref, m.id FROM mail_message m, jsonb_array_elements(m.attachments) a
      WHERE jsonb_typeof(m.attachments) = 'array' AND a->>'ref' IS NOT NULL`)
  ).rows;
  for (const r of mails) refs.set(r.ref, `E-mail n° ${r.id}`);
  return refs;
}

export async function checkFiles(knex: Knex): Promise<FileCheck> {
  const stored: StoredRow[] = (
    await knex.raw(`SELECT ref, size, octet_length(data) AS "actualSize", sha256 = sha256(data) AS "checksumOk",
        created_at AS "storedAt" FROM stored_file ORDER BY ref`)
  ).rows;
  const refs = await references(knex);
  const purged = new Set<string>((await knex('purged_file').select('ref')).map((r: { ref: string }) => r.ref));
  const billIds = new Set<number>((await knex('bill').select('id')).map((r: { id: number }) => r.id));
  const problems: FileProblem[] = [];
  const add = (p: Omit<FileProblem, 'kindLabel'>) => problems.push({ ...p, kindLabel: KIND_RULES[p.kind].label });
  const present = new Set<string>();
  for (const f of stored) {
    present.add(f.ref);
    const kind = kindOf(f.ref);
    const base = { ref: f.ref, kind, size: Number(f.actualSize), storedAt: iso(f.storedAt) };
    if (!f.checksumOk)
      add({ ...base, problem: 'checksum', detail: 'Le contenu ne correspond plus à son empreinte SHA-256' });
    else if (Number(f.size) !== Number(f.actualSize))
      add({ ...base, problem: 'size', detail: `Taille enregistrée ${f.size} octets, taille réelle ${f.actualSize}` });
    if (kind === 'bill') {
      const id = Number(/^bills\/bill-(\d+)/.exec(f.ref)?.[1]);
      if (!billIds.has(id)) add({ ...base, problem: 'orphan', detail: 'Aucune facture ne correspond à ce fichier' });
    } else if (!refs.has(f.ref)) {
      add({ ...base, problem: 'orphan', detail: 'Aucun enregistrement ne désigne ce fichier' });
    }
  }
  let purgedCount = 0;
  for (const [ref, owner] of refs) {
    if (present.has(ref)) continue;
    if (purged.has(ref)) {
      purgedCount++;
      continue;
    }
    add({
      ref,
      kind: kindOf(ref),
      size: null,
      storedAt: null,
      problem: 'missing',
      detail: `${owner} : fichier absent`,
    });
  }
  const archives = await checkArchives(knex);
  problems.push(...archives.problems);
  const count = (p: Problem) => problems.filter((x) => x.problem === p).length;
  const files = stored.length + archives.files;
  const bad = new Set(problems.filter((p) => p.problem !== 'missing').map((p) => p.ref)).size;
  return {
    checkedAt: new Date().toISOString(),
    counts: {
      files,
      ok: files - bad,
      missing: count('missing'),
      orphan: count('orphan'),
      checksum: count('checksum'),
      size: count('size'),
      purged: purgedCount,
    },
    problems,
  };
}

/** The yearly archives of DATA_DIR/archives against the fiscal journal's archive entries. */
async function checkArchives(knex: Knex): Promise<{ files: number; problems: FileProblem[] }> {
  const dir = join(readConfig().dataDir, 'archives');
  const names = new Set((await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')));
  const files = names.size;
  const problems: FileProblem[] = [];
  const base = (ref: string) => ({ ref, kind: 'archive' as const, kindLabel: KIND_RULES.archive.label });
  for (const a of await listArchives(knex)) {
    const ref = `archives/${a.name}`;
    if (!names.delete(a.name)) {
      problems.push({
        ...base(ref),
        problem: 'missing',
        detail: `Journal fiscal n° ${a.seq} : archive absente`,
        size: null,
        storedAt: null,
      });
      continue;
    }
    const text = await readFile(join(dir, a.name), 'utf8');
    let hash = '';
    try {
      hash = sha256(canonicalJson((JSON.parse(text) as { manifest: unknown }).manifest));
    } catch {
      hash = '';
    }
    if (hash !== a.sha256)
      problems.push({
        ...base(ref),
        problem: 'checksum',
        detail: "L'empreinte du manifeste ne correspond plus à celle du journal fiscal",
        size: Buffer.byteLength(text),
        storedAt: a.at,
      });
  }
  for (const n of names)
    problems.push({
      ...base(`archives/${n}`),
      problem: 'orphan',
      detail: 'Aucune entrée du journal fiscal ne désigne cette archive',
      size: null,
      storedAt: null,
    });
  return { files, problems };
}
