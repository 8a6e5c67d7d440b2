// npm start: builds the admin and the server (scripts/server-build.mjs) when their
// sources changed since the last build, then runs the server — the bundle, in a process
// of its own with the server's Node options; this one passes it Ctrl-C / SIGTERM and
// ends with its code. `--build-only`: the build steps alone (prepare, npm run build:admin,
// the benchmarks).
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { adminBuildFresh, root } from './admin-build.mjs';
import { serverArgs, serverBuildFresh } from './server-build.mjs';

const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!adminBuildFresh()) {
  console.log("Construction de l'interface…");
  run([join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn']);
}
if (!serverBuildFresh()) {
  console.log('Construction du serveur…');
  run([join(root, 'scripts/server-build.mjs')]);
}

if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, serverArgs(), { cwd: root, stdio: 'inherit' });
// A terminal's Ctrl-C reaches both processes; the server stops once however often told.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
