// The server as `npm start` runs it: api/main.ts and every module of the product it
// imports, bundled by esbuild into .tmp/server/ (the packages stay in node_modules), run
// by plain Node with SERVER_NODE_OPTIONS. Some 900 modules compiled by tsx at each start
// held ~60 MiB more (issue 31, docs/history.md#issue-31). Rebuilt when a source is newer than the bundle;
// `node scripts/server-build.mjs` builds (npm start runs it in a child process: esbuild
// never loads into the server). `npm run dev` and the tests still run the sources.
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newest, root } from './admin-build.mjs';

export const serverDir = join(root, '.tmp/server');
export const serverEntry = join(serverDir, 'main.mjs');
/**
 * Node's options for the server process. New space capped at 2 × 4 MiB instead of
 * 2 × 16 MiB: start-up fills it once and V8 never gives it back, some 24 MiB of an idle
 * server; requests allocate little enough that the load bench sees no loss.
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4'];
/** The server's command line after `node` (npm start, the load bench). */
export const serverArgs = () => [...SERVER_NODE_OPTIONS, serverEntry];

const SOURCES = ['api', 'common', 'migrations', 'package.json', 'scripts/server-build.mjs'];

export function serverBuildFresh() {
  if (!existsSync(serverEntry)) return false;
  const sources = Math.max(
    ...SOURCES.map((d) => {
      const p = join(root, d);
      return existsSync(p) && statSync(p).isFile() ? statSync(p).mtimeMs : newest(p);
    }),
  );
  return statSync(serverEntry).mtimeMs >= sources;
}

/** A bare import whose path Node cannot resolve as written (`ajv/dist/2020`): with `.js`, as tsx would. */
function nodePath(spec) {
  try {
    if (existsSync(fileURLToPath(import.meta.resolve(spec)))) return spec;
  } catch {
    /* a package's own entry: left to Node */
    return spec;
  }
  return `${spec}.js`;
}

// A module's `import.meta.url` stays its source file's URL (files read beside it, the
// workers), whatever the bundle's place. Non-ASCII characters are escaped: one of them
// (in a comment, a regular expression) makes V8 hold the whole script as two bytes a character.
const plugin = (outDir) => ({
  name: 'bivouac-server',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') ? { external: true } : { path: nodePath(args.path), external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8');
      const url = `new URL(${JSON.stringify(relative(outDir, args.path))}, import.meta.url).href`;
      return { contents: src.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
});

/** Builds kept beside the newest: a server started from one still loads its lazy chunks and PDF workers from it. */
const KEPT_BUILDS = 3;

export async function buildServer() {
  const { build } = await import('esbuild');
  // Each build has a directory of its own beside .tmp/server (the same depth, so the
  // sources' relative URLs hold), and .tmp/server is a symbolic link swapped to the new
  // one by a rename, which is atomic: two starts racing on a stale build each finish
  // their own, a start reading the bundle never sees half of one, and a running server
  // (Node runs the link's target) keeps its files.
  const id = `${Date.now().toString(36)}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const out = `${serverDir}-${id}`;
  await build({
    // The PDF worker is an entry of its own: the pool starts it as plain JS (api/pdf/pool.ts).
    entryPoints: [join(root, 'api/main.ts'), join(root, 'api/pdf/pdf-worker.ts')],
    define: { BIVOUAC_BUNDLE: 'true' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Code splitting keeps the imports of modules loaded at first use (PDF, Factur-X…) lazy.
    splitting: true,
    outdir: out,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    charset: 'ascii',
    logLevel: 'warning',
    plugins: [plugin(serverDir)],
  });
  for (const f of readdirSync(out)) {
    const p = join(out, f);
    const text = readFileSync(p, 'utf8');
    writeFileSync(
      p,
      text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    );
  }
  const link = `${serverDir}.${id}.link`;
  symlinkSync(basename(out), link, 'dir');
  // A .tmp/server directory of an earlier layout is removed once (a rename cannot replace it).
  if (existsSync(serverDir) && !lstatSync(serverDir).isSymbolicLink())
    rmSync(serverDir, { recursive: true, force: true });
  renameSync(link, serverDir);
  pruneBuilds(basename(out));
}

/** Removes the builds older than the KEPT_BUILDS newest (never `current`), and the old layout's leftovers. */
function pruneBuilds(current) {
  const dir = dirname(serverDir);
  const name = basename(serverDir);
  const builds = readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f !== current)
    .map((f) => ({ f, at: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of builds.slice(KEPT_BUILDS - 1)) rmSync(join(dir, f), { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
