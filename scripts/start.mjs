// npm start: builds the admin when its sources changed since the last build,
// then runs the server (TypeScript through tsx). `--build-only`: the build step alone
// (npm run build:admin, the benchmarks).
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { adminBuildFresh, root } from './admin-build.mjs';

if (!adminBuildFresh()) {
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
