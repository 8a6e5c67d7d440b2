// Files kept in the database (table stored_file, migration 0021): uploaded place
// images today, generated documents later. API processes stay stateless: any of them,
// on any host, reads what another stored. References are relative paths made by the
// modules that store them from fixed patterns; anything else is refused here too.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

const SAFE = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

function checkRef(ref: string): string {
  if (!SAFE.test(ref) || ref.length > 300) throw new Error(`unsafe file reference ${ref}`);
  return ref;
}

/**
 * Stores a file whole (replacing one of the same reference) with its SHA-256, which the
 * file check (/verif-file-page) compares with the bytes; a bill's file is never replaced
 * (trigger of migration 0500).
 */
export async function putFile(db: Db, ref: string, mime: string, data: Uint8Array): Promise<void> {
  const sha256 = createHash('sha256').update(data).digest();
  await db('stored_file')
    .insert({ ref: checkRef(ref), mime, size: data.length, data: Buffer.from(data), sha256 })
    .onConflict('ref')
    .merge();
}

export async function getFile(db: Db, ref: string): Promise<{ mime: string; data: Buffer } | null> {
  const row = await db('stored_file').where('ref', checkRef(ref)).first('mime', 'data');
  // pg answers a Buffer, PGlite a Uint8Array.
  return row ? { mime: row.mime, data: Buffer.from(row.data) } : null;
}

export async function fileExists(db: Db, ref: string): Promise<boolean> {
  return !!(await db('stored_file').where('ref', checkRef(ref)).first('ref'));
}

/** Removes the files among `refs` (unknown references are ignored). */
export async function removeFiles(db: Db, refs: string[]): Promise<void> {
  if (refs.length) await db('stored_file').whereIn('ref', refs.map(checkRef)).delete();
}

/** Removes every file under a folder (`place-12` → `place-12/…`). */
export async function removeFolder(db: Db, folder: string): Promise<void> {
  checkRef(`${folder}/x.x`);
  await db('stored_file').where('ref', 'like', `${folder}/%`).delete();
}
