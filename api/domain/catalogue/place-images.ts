// Images of a place (§3 (docs/entities.md#places-and-equipment) "images"): uploaded one by one (multipart field
// `uploadfile`, .jpg .jpeg .png .gif checked by extension and content, 2 MiB at most
// — the checks of the establishment logo), stored in the database (api/files/store.ts)
// under a random name, and listed in `place.images` as `place-{placeId}/{name}.{ext}`.
// The file and the list change in one transaction; an image taken off the list or a
// deleted place takes its files with it.
// They are served back by extension, path and name (§7 (docs/api.md) "image show":
// `GET /rest/image/show/{extension}/place-{placeId}/{name}`). `place.images` only
// ever names uploaded images of that place: any other string (a path, an address,
// "virus.exe") is refused.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { checkImage } from '../establishment/logo';
import { fileExists, getFile, putFile, removeFiles, removeFolder } from '../../files/store';

export const PLACE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const REF = /^place-(\d{1,9})\/([0-9a-f]{32})\.(jpg|jpeg|png|gif)$/;
const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

export interface ImageRef {
  placeId: number;
  name: string;
  extension: string;
  ref: string;
}

export function parseImageRef(ref: unknown): ImageRef | null {
  const m = typeof ref === 'string' ? REF.exec(ref) : null;
  return m ? { placeId: Number(m[1]), name: m[2], extension: m[3], ref: ref as string } : null;
}

/** The address an image is shown at (§7 (docs/api.md) "image show by extension, path and name"). */
export const imageUrl = (r: ImageRef) => `/rest/image/show/${r.extension}/place-${r.placeId}/${r.name}`;

/**
 * Every entry of `images` names an uploaded image of this place, once. Entries the
 * place already had are kept as they are (a file lost on disk must not block the
 * place's other changes); new ones must name a stored file.
 */
export async function checkPlaceImages(
  db: Knex.Transaction,
  images: unknown,
  existing: { id: number; images?: unknown } | null,
): Promise<void> {
  if (images === null || images === undefined) return;
  const before = new Set<unknown>(Array.isArray(existing?.images) ? (existing!.images as unknown[]) : []);
  const seen = new Set<string>();
  for (const [i, entry] of (images as unknown[]).entries()) {
    const field = `images.${i}`;
    if (seen.has(entry as string))
      throw badRequest('PLACE_IMAGE_UNKNOWN', { [field]: formatMessage('PLACE_IMAGE_UNKNOWN') });
    seen.add(entry as string);
    if (before.has(entry)) continue;
    const r = parseImageRef(entry);
    if (!r) throw badRequest('VALIDATION_FAILED', { [field]: formatMessage('IMAGE_TYPE') });
    if (r.placeId !== existing?.id || !(await fileExists(db, r.ref)))
      throw badRequest('PLACE_IMAGE_UNKNOWN', { [field]: formatMessage('PLACE_IMAGE_UNKNOWN') });
  }
}

async function placeImages(db: Knex | Knex.Transaction, placeId: number, lock = false): Promise<string[]> {
  const q = db('place').where('id', placeId);
  if (lock) q.forUpdate();
  const row = await q.first('images');
  if (!row) throw notFound();
  return Array.isArray(row.images) ? row.images : [];
}

/** Stores an uploaded image and adds it to the place's images; answers the new list. */
export async function addPlaceImage(
  knex: Knex,
  placeId: number,
  fileName: string,
  data: Buffer,
  userId: number | null,
): Promise<string[]> {
  checkImage(fileName, data, PLACE_IMAGE_MAX_BYTES);
  const ext = /\.([a-z]+)$/i.exec(fileName)![1].toLowerCase();
  return knex.transaction(async (trx) => {
    const current = await placeImages(trx, placeId, true);
    const ref = `place-${placeId}/${randomBytes(16).toString('hex')}.${ext}`;
    await putFile(trx, ref, MIME[ext], data);
    const saved = await saveRecord(trx, entityMeta('place'), { images: [...current, ref] }, userId, placeId);
    return saved.images as string[];
  });
}

/** Takes an image off the place (its file goes with it, see dropUnlistedImages). */
export async function removePlaceImage(
  knex: Knex,
  placeId: number,
  ref: unknown,
  userId: number | null,
): Promise<string[]> {
  const r = parseImageRef(ref);
  if (!r || r.placeId !== placeId)
    throw badRequest('VALIDATION_FAILED', { image: formatMessage('PLACE_IMAGE_UNKNOWN') });
  return knex.transaction(async (trx) => {
    const current = await placeImages(trx, placeId, true);
    if (!current.includes(r.ref)) throw notFound();
    const saved = await saveRecord(
      trx,
      entityMeta('place'),
      { images: current.filter((x) => x !== r.ref) },
      userId,
      placeId,
    );
    return saved.images as string[];
  });
}

/** After a place is saved: the files of images it no longer lists are removed. */
export async function dropUnlistedImages(
  trx: Knex.Transaction,
  saved: { images?: unknown },
  existing: { images?: unknown } | null,
): Promise<void> {
  const kept = new Set(Array.isArray(saved.images) ? saved.images : []);
  const before: unknown[] = Array.isArray(existing?.images) ? (existing!.images as unknown[]) : [];
  await removeFiles(
    trx,
    before.filter((x): x is string => !kept.has(x) && parseImageRef(x) !== null),
  );
}

/** After a place is deleted: its images go too. */
export const dropPlaceImages = (trx: Knex.Transaction, placeId: number) => removeFolder(trx, `place-${placeId}`);

/** An image of a place, when it is one of the place's images. */
export async function readPlaceImage(
  knex: Knex,
  extension: string,
  path: string,
  name: string,
): Promise<{ mime: string; data: Buffer }> {
  const r = parseImageRef(`${path}/${name}.${extension}`);
  if (!r) throw notFound();
  const current = await placeImages(knex, r.placeId);
  if (!current.includes(r.ref)) throw notFound();
  const file = await getFile(knex, r.ref);
  if (!file) throw notFound();
  return { mime: MIME[r.extension], data: file.data };
}
