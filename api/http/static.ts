// Serves the built admin (admin/dist): hashed assets cached for a year, every
// other path falls back to index.html (never cached) so client-side routes load.
// The build writes a brotli and a gzip copy beside each text file
// (admin/vite.config.ts): the best one the browser accepts is sent as is.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Middleware } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.map': 'application/json',
};

/** Precompressed copies, best first, with their suffix. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** q=0 refuses an encoding (RFC 9110 §1 (docs/README.md#what-bivouac-does)2.5.3); a bare name or any other q accepts
 * it. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    out.add(name);
  }
  return out;
}

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

function send(ctx: Context, file: string, cache: string): void {
  ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
  ctx.set('Cache-Control', cache);
  ctx.vary('Accept-Encoding');
  const accepted = acceptedEncodings(ctx.get('Accept-Encoding'));
  let path = file;
  for (const [encoding, suffix] of ENCODINGS) {
    if ((accepted.has(encoding) || accepted.has('*')) && isFile(file + suffix)) {
      path = file + suffix;
      ctx.set('Content-Encoding', encoding);
      break;
    }
  }
  const stat = statSync(path);
  // Revalidation of index.html (no-cache) answers 304 while the build is the same.
  ctx.lastModified = stat.mtime;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.length = stat.size;
  ctx.body = createReadStream(path);
}

export function staticAdmin(dist: string): Middleware {
  const index = join(dist, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/rest/') || ctx.path === '/rest') return next();
    let rel: string;
    try {
      rel = normalize(decodeURIComponent(ctx.path)).replace(/^([/\\])+/, '');
    } catch {
      return next();
    }
    const file = join(dist, rel);
    const inside = file.startsWith(dist + sep);
    if (inside && isFile(file)) {
      // Hashed names change with their content: cached for good; anything else is revalidated.
      send(ctx, file, rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return;
    }
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = "L'interface n'est pas construite : lancez `npm run build`.";
      return;
    }
    send(ctx, index, 'no-cache');
  };
}
