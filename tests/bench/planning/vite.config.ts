// Builds the planning bench page into .tmp/bench-planning/ (used by
// tests/bench/planning.bench.ts; `npx vite tests/bench/planning` serves it live).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../../../', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: `${repo}.tmp/bench-planning`,
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { fs: { allow: [repo] } },
});
