// npm run bench: runs every tests/bench/*.bench.ts in its own process, one after
// the other, and prints their figures. Benchmarks print; they never fail a build.
// `npm run bench -- money` runs the benches of the table of issue 31 (docs/history.md#issue-31); the summary
// (summary.bench.ts: every figure beside its baseline, ratio and goal) always comes last.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const ALIASES: Record<string, string[]> = {
  money: ['billing', 'till', 'ledger', 'growth', 'load', 'two-processes', 'summary'],
};
const only = process.argv.slice(2).flatMap((o) => ALIASES[o] ?? [o]);
const SUMMARY = 'summary.bench.ts';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only.length || only.some((o) => f.includes(o))))
  .sort((a, b) => Number(a === SUMMARY) - Number(b === SUMMARY) || a.localeCompare(b));
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${f}`], { stdio: 'inherit' });
  if (r.status !== 0) console.log(`(${f} ended with code ${r.status})`);
}
