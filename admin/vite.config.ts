import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/**
 * Post-build step: every text asset gets a brotli (.br) and a gzip (.gz) copy beside
 * it, which api/http/static.ts serves by Accept-Encoding — compressed once, at the
 * strongest levels, instead of on each request. zlib's thread pool runs them in parallel.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  const MIN_BYTES = 512; // below this, headers cost more than compression saves
  const br = promisify(brotliCompress),
    gz = promisify(gzip);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
    );
  let outDir = '';
  return {
    name: 'bivouac-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await Promise.all(
          // A failed build leaves no output: let its own error show, not a missing folder.
          (existsSync(outDir) ? files(outDir) : [])
            .filter((f) => TEXT.test(f) && statSync(f).size >= MIN_BYTES)
            .map(async (f) => {
              const raw = await readFile(f);
              const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
              const [b, g] = await Promise.all([br(raw, { params }), gz(raw, { level: 9 })]);
              await Promise.all([writeFile(`${f}.br`, b), writeFile(`${f}.gz`, g)]);
            }),
        );
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    fs: { allow: [repo] },
    proxy: { '/rest': 'http://localhost:8080' },
  },
});
