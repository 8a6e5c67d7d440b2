// Small real PNG images drawn in code (no download, no image library): a truecolour
// PNG is a signature, an IHDR chunk, the zlib-compressed scanlines and an IEND
// chunk, each chunk with its CRC-32. The demo draws its rental pictures with it.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = [number, number, number];

/** A width × height RGB picture: `pixel(x, y)` gives each colour. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // filter byte 0 (none) then the pixels
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A holiday rental in the pines: sky, hills, grass, a cabin of `wall` colour with a
 * roof, a door and two windows (its size and place vary with `seed`).
 */
export function rentalPicture(wall: Rgb, roof: Rgb, seed: number, width = 240, height = 160): Buffer {
  const left = 40 + ((seed * 37) % 60);
  const right = left + 110 + ((seed * 13) % 30);
  const top = 70;
  const bottom = 128;
  const inside = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
    x >= x0 && x < x1 && y >= y0 && y < y1;
  return encodePng(width, height, (x, y) => {
    const ridge = top - 24 + Math.abs(x - (left + right) / 2) * 0.45;
    if (inside(x, y, left + 14, top + 20, left + 34, bottom)) return [110, 72, 40]; // door
    if (
      inside(x, y, left + 50, top + 14, left + 74, top + 34) ||
      inside(x, y, right - 34, top + 14, right - 10, top + 34)
    )
      return [190, 225, 245]; // windows
    if (inside(x, y, left, top, right, bottom)) return wall;
    if (x >= left - 8 && x < right + 8 && y >= ridge && y < top) return roof;
    const hill = 96 + 10 * Math.sin((x + seed * 17) / 23);
    if (y >= bottom - 4) return [86 + ((x * 7 + y * 3) % 12), 150 + ((x * 5) % 20), 70]; // grass
    if (y >= hill) return [60, 120, 70]; // pines on the hills
    const s = Math.round(y * 0.6);
    return [120 + s, 180 + s / 2, 235]; // sky
  });
}
