// Whether the built admin (admin/dist) is newer than every source it is built from:
// `npm start` rebuilds only when it is not, and the browser tests serve it as it is
// when it is (`npm ci` has just built it on a clean clone).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const adminDist = join(root, 'admin/dist');

/** The newest modification time under `dir` (node_modules and dist skipped), 0 when absent. */
export function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function adminBuildFresh() {
  const built = join(adminDist, 'index.html');
  if (!existsSync(built)) return false;
  const sources = Math.max(
    ...['admin', 'common', 'custom-screens', 'package.json'].map((d) => {
      const p = join(root, d);
      return existsSync(p) && statSync(p).isFile() ? statSync(p).mtimeMs : newest(p);
    }),
  );
  return statSync(built).mtimeMs >= sources;
}
