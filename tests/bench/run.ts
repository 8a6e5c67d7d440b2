// npm run bench: runs every tests/bench/*.bench.ts in its own process, one after
// the other, and prints their figures. Benchmarks print; they never fail a build.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only.length || only.some((o) => f.includes(o))))
  .sort();
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${f}`], { stdio: 'inherit' });
  if (r.status !== 0) console.log(`(${f} ended with code ${r.status})`);
}
