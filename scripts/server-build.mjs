// The server as `npm start` runs it: api/main.ts and every module of the product it
// imports, bundled by esbuild into .tmp/server/ (the packages stay in node_modules), run
// by plain Node with SERVER_NODE_OPTIONS. Some 900 modules compiled by tsx at each start
// held ~60 MiB more (issue 31, docs/history.md#issue-31). Rebuilt when a source is newer than the bundle;
// `node scripts/server-build.mjs` builds (npm start runs it in a child process: esbuild
// never loads into the server). `npm run dev` and the tests still run the sources.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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

export async function buildServer() {
  const { build } = await import('esbuild');
  // Built beside, then swapped in: a start reading the bundle never sees half of one.
  const tmp = `${serverDir}.${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'api/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Code splitting keeps the imports of modules loaded at first use (PDF, Factur-X…) lazy.
    splitting: true,
    outdir: tmp,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    charset: 'ascii',
    logLevel: 'warning',
    plugins: [plugin(serverDir)],
  });
  for (const f of readdirSync(tmp)) {
    const p = join(tmp, f);
    const text = readFileSync(p, 'utf8');
    writeFileSync(
      p,
      text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    );
  }
  rmSync(serverDir, { recursive: true, force: true });
  renameSync(tmp, serverDir);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
