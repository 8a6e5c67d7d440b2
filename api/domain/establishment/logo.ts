// Logos (establishment, and group beside it in group mode): .jpg .jpeg .png .gif
// only (§9, docs/constants.md), checked by extension AND by content, 512 KiB at most ("Image trop
// volumineuse"), stored as bytes in establishment_logo.
import type { Knex } from 'knex';
import type { Context, Middleware } from 'koa';
import { readFile, unlink } from 'node:fs/promises';
import { koaBody } from 'koa-body';
import { badRequest } from '../../http/errors';

export const LOGO_MAX_BYTES = 512 * 1024;
export type LogoKind = 'logo' | 'group';

const TYPES: Record<string, { mime: string; magic: (b: Buffer) => boolean }> = {
  jpg: { mime: 'image/jpeg', magic: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  png: {
    mime: 'image/png',
    magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  gif: { mime: 'image/gif', magic: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
};

export const logoKind = (raw: unknown): LogoKind => (raw === 'group' ? 'group' : 'logo');

/**
 * The MIME type of an accepted image (§9 (docs/constants.md#formats-and-files) .jpg .jpeg .png .gif, at most
 * `maxBytes`); refuses other extensions and contents that do not match. Place images use it too.
 */
export function checkImage(fileName: string, data: Buffer, maxBytes = LOGO_MAX_BYTES): string {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const type = ext === 'jpeg' ? TYPES.jpg : ext ? TYPES[ext] : undefined;
  if (!type) throw badRequest('IMAGE_TYPE');
  if (data.length > maxBytes) throw badRequest('IMAGE_TOO_LARGE');
  if (!type.magic(data)) throw badRequest('IMAGE_TYPE');
  return type.mime;
}

/** The multipart body of an image upload: one file, `maxBytes` at most ("Image trop volumineuse"). */
export function imageUpload(maxBytes: number): Middleware {
  return koaBody({
    multipart: true,
    formidable: {
      maxFiles: 1,
      maxFields: 5,
      maxFileSize: maxBytes,
      maxTotalFileSize: maxBytes,
      allowEmptyFiles: false,
      keepExtensions: false,
    },
    onError(thrown: unknown) {
      // formidable: 1009 = maxFileSize exceeded, 1016 = maxTotalFileSize exceeded
      const err = thrown as { code?: unknown; httpCode?: unknown } | null | undefined;
      if (err?.code === 1009 || err?.code === 1016 || err?.httpCode === 413) throw badRequest('IMAGE_TOO_LARGE');
      throw badRequest('INCORRECT_FORM');
    },
  });
}

/** The file of the multipart field `uploadfile` (§7, docs/api.md): its name and bytes; the temporary copy is
 * removed. */
/** What formidable (through koa-body) gives of an uploaded file. */
interface UploadedFile {
  originalFilename?: string | null;
  filepath: string;
}

export async function uploadedFile(ctx: Context): Promise<{ name: string; data: Buffer }> {
  const files = (ctx.request as { files?: Record<string, UploadedFile | UploadedFile[] | undefined> }).files ?? {};
  const f = Array.isArray(files.uploadfile) ? files.uploadfile[0] : files.uploadfile;
  if (!f) throw badRequest('IMAGE_REQUIRED');
  try {
    return { name: String(f.originalFilename ?? ''), data: await readFile(f.filepath) };
  } finally {
    await unlink(f.filepath).catch(() => undefined);
  }
}

export async function saveLogo(
  knex: Knex,
  establishmentId: number,
  kind: LogoKind,
  mime: string,
  data: Buffer,
): Promise<void> {
  await knex('establishment_logo')
    .insert({ establishmentId, kind, mime, data, updatedAt: knex.fn.now() })
    .onConflict(['establishment_id', 'kind'])
    .merge(['mime', 'data', 'updated_at']);
}

export async function readLogo(
  knex: Knex,
  establishmentId: number,
  kind: LogoKind,
): Promise<{ mime: string; data: Buffer; updatedAt: string } | undefined> {
  const row = await knex('establishment_logo').where({ establishmentId, kind }).first('mime', 'data', 'updatedAt');
  // PGlite answers bytea as a Uint8Array, pg as a Buffer.
  return row && { ...row, data: Buffer.from(row.data) };
}

export async function logoStamps(knex: Knex, establishmentId: number): Promise<Partial<Record<LogoKind, string>>> {
  const rows = await knex('establishment_logo').where({ establishmentId }).select('kind', 'updatedAt');
  return Object.fromEntries(rows.map((r: { kind: LogoKind; updatedAt: string }) => [r.kind, r.updatedAt]));
}
