// The site plan image (§9 (docs/constants.md#formats-and-files): .jpg .jpeg .png .gif): type checked by extension AND
// by content, size in pixels read from the header (places are positioned in the image's
// own pixels), 8 MiB at most ("Image trop volumineuse").
import { badRequest } from '../../http/errors';

export const PLAN_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export interface ImageInfo {
  mime: string;
  width: number;
  height: number;
}

const isPng = (b: Uint8Array) =>
  b.length > 24 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x);
const isGif = (b: Uint8Array) =>
  b.length > 10 && ['GIF87a', 'GIF89a'].includes(String.fromCharCode(...b.subarray(0, 6)));
const isJpeg = (b: Uint8Array) => b.length > 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = b[i + 1];
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = (b[i + 2] << 8) | b[i + 3];
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    }
    if (len < 2) return null;
    i += 2 + len;
  }
  return null;
}

/** Type and size of an image, or null when the bytes are not a PNG, GIF or JPEG. */
export function imageInfo(b: Uint8Array): ImageInfo | null {
  if (isPng(b)) {
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { mime: 'image/png', width: v.getUint32(16), height: v.getUint32(20) };
  }
  if (isGif(b)) return { mime: 'image/gif', width: b[6] | (b[7] << 8), height: b[8] | (b[9] << 8) };
  if (isJpeg(b)) {
    const s = jpegSize(b);
    return s ? { mime: 'image/jpeg', ...s } : null;
  }
  return null;
}

const EXT_MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Checks an uploaded plan: extension, content matching it, size; answers its type and pixel size. */
export function checkPlanImage(fileName: string, data: Uint8Array): ImageInfo {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const expected = ext ? EXT_MIME[ext] : undefined;
  if (!expected) throw badRequest('IMAGE_TYPE');
  if (data.length > PLAN_IMAGE_MAX_BYTES) throw badRequest('IMAGE_TOO_LARGE');
  const info = imageInfo(data);
  if (!info || info.mime !== expected || info.width < 1 || info.height < 1) throw badRequest('IMAGE_TYPE');
  return info;
}
