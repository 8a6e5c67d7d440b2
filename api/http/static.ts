// Serves the built admin (admin/dist): hashed assets cached for a year, every
// other path falls back to index.html so client-side routes load.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Middleware } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.gif': 'image/gif', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.pdf': 'application/pdf', '.map': 'application/json',
};

export function staticAdmin(dist: string): Middleware {
  const index = join(dist, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/rest/') || ctx.path === '/rest') return next();
    let rel: string;
    try { rel = normalize(decodeURIComponent(ctx.path)).replace(/^([/\\])+/, ''); } catch { return next(); }
    const file = join(dist, rel);
    const inside = file.startsWith(dist + sep);
    if (inside && existsSync(file) && statSync(file).isFile()) {
      ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
      ctx.set('Cache-Control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      ctx.body = createReadStream(file);
      return;
    }
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = "L'interface n'est pas construite : lancez `npm run build`.";
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = createReadStream(index);
  };
}
