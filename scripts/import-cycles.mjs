// Import cycles and two-way module dependencies of the hand-written code (issue 23 §4, docs/history.md#issue-23):
// every relative import counts — static, `export … from`, type-only and lazy
// `import('…')` — since each one ties the two files' meaning together. Prints each
// cycle (a strongly connected group of files, with one loop through it) and each pair of
// api/domain modules importing each other.
// As a gate: `--max-cycles N` and `--max-pairs N` exit 1 above those counts (`--check`:
// both 0); `--scope api/` counts only the cycles with a file under that folder; `--json`
// prints the result as JSON; `--root DIR` reads another tree (the tests' fixtures).
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const args = process.argv.slice(2);
/** The value after a flag, or undefined. */
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const limit = (name) => {
  const v = option(name);
  if (v === undefined) return args.includes('--check') ? 0 : Infinity;
  if (!/^\d+$/.test(v)) {
    console.error(`${name} needs a count`);
    process.exit(2);
  }
  return Number(v);
};
const ROOT = option('--root') ? resolve(option('--root')) : resolve(dirname(new URL(import.meta.url).pathname), '..');
const SCOPE = option('--scope');
const maxCycles = limit('--max-cycles');
const maxPairs = limit('--max-pairs');
const DIRS = ['api', 'admin/src', 'custom-screens', 'common', 'generator', 'scripts'];
const SKIP = /(^|\/)(node_modules|dist|generated)(\/|$)/;
const SOURCE = /\.(ts|tsx|mjs)$/;

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (SKIP.test(relative(ROOT, p))) continue;
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

// import … from / export … from; lazy import('…'); import for its effects
const IMPORT = new RegExp(
  [
    String.raw`(?:^|[\s;])(?:import|export)\s[^'"\x60;]*?from\s*['"]([^'"]+)['"]`,
    String.raw`import\s*\(\s*['"]([^'"]+)['"]\s*\)`,
    String.raw`^import\s+['"]([^'"]+)['"]`,
  ].join('|'),
  'gm',
);

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const tries = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (/\.js$/.test(base)) tries.push(base.replace(/\.js$/, '.ts'));
  return tries.find((p) => existsSync(p) && statSync(p).isFile() && SOURCE.test(p));
}

const all = DIRS.filter((d) => existsSync(join(ROOT, d))).flatMap((d) => files(join(ROOT, d)));
const edges = new Map();
for (const f of all) {
  const text = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const to = new Set();
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveImport(f, m[1] ?? m[2] ?? m[3]);
    if (target && !SKIP.test(relative(ROOT, target))) to.add(target);
  }
  edges.set(f, [...to]);
}

// Tarjan's strongly connected components: a group of two or more files is a cycle.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const groups = [];
function connect(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!idx.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (edges.get(v) ?? []).includes(v)) groups.push(group);
  }
}
for (const f of all) if (!idx.has(f)) connect(f);

/** One loop through a group: the shortest way back from its first file to itself. */
function loopOf(group) {
  const inGroup = new Set(group);
  const start = [...group].sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = prev.get(v); p; p = prev.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

const rel = (p) => relative(ROOT, p);
const moduleOf = (p) => /^api\/domain\/([^/]+)\//.exec(rel(p))?.[1];
const pairs = new Set();
for (const [f, tos] of edges) {
  const a = moduleOf(f);
  if (!a) continue;
  for (const t of tos) {
    const b = moduleOf(t);
    if (b && b !== a) pairs.add(`${a}→${b}`);
  }
}
const twoWay = [...pairs].filter((p) => {
  const [a, b] = p.split('→');
  return a < b && pairs.has(`${b}→${a}`);
});

const inScope = (g) => !SCOPE || g.some((f) => rel(f).startsWith(SCOPE));
const cycles = groups
  .filter(inScope)
  .sort((a, b) => b.length - a.length)
  .map((g) => ({ files: g.length, loop: loopOf(g).map(rel) }));
const modulePairs = twoWay.sort().map((p) => p.split('→'));

if (args.includes('--json')) console.log(JSON.stringify({ files: all.length, cycles, pairs: modulePairs }));
else {
  console.log(`${all.length} files, ${[...edges.values()].reduce((s, e) => s + e.length, 0)} imports`);
  console.log(`${cycles.length} import cycles${SCOPE ? ` touching ${SCOPE}` : ''}`);
  for (const c of cycles) console.log(`  ${c.files} files: ${c.loop.join(' → ')}`);
  console.log(`${modulePairs.length} pairs of api/domain modules importing each other`);
  for (const [a, b] of modulePairs) console.log(`  ${a} ↔ ${b}`);
}
if (cycles.length > maxCycles || modulePairs.length > maxPairs) {
  const counts = `${cycles.length} cycles (at most ${maxCycles})`;
  console.error(`import-cycles: ${counts}, ${modulePairs.length} module pairs (at most ${maxPairs})`);
  process.exit(1);
}
