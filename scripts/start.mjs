// npm start: builds the admin when its sources changed since the last build,
// then runs the server (TypeScript through tsx). `--build-only`: the build step alone
// (npm run build:admin, the benchmarks).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'admin/dist/index.html');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(
  ...['admin', 'common', 'custom-screens', 'package.json'].map((d) => {
    const p = join(root, d);
    return existsSync(p) && statSync(p).isFile() ? statSync(p).mtimeMs : newest(p);
  }),
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log("Construction de l'interface…");
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv.includes('--build-only')) process.exit(0);

const { register } = await import('tsx/esm/api');
register();
await import('../api/main.ts');
