// The server's bundle (scripts/server-build.mjs), as npm start builds and runs it: modules
// loaded at first use keep their packages out of the start-up, the script is pure ASCII
// (V8 then holds it one byte a character), files read beside a module are found, the PDF
// worker is plain JS beside it, and two builds racing each finish with a whole bundle in place.
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildFresh, serverDir, serverEntry } from '../../../scripts/server-build.mjs';

describe('server bundle', () => {
  let main = '';
  beforeAll(async () => {
    // Two at once, as two `npm start` on a stale build.
    await Promise.all([buildServer(), buildServer()]);
    main = readFileSync(serverEntry, 'utf8');
  }, 240_000);

  it('is swapped in whole: .tmp/server links to one build, the older builds pruned', () => {
    expect(lstatSync(serverDir).isSymbolicLink()).toBe(true);
    const builds = readdirSync(dirname(serverDir)).filter((f) => f.startsWith(`${basename(serverDir)}-`));
    expect(builds.length).toBeGreaterThanOrEqual(2);
    expect(builds.length).toBeLessThanOrEqual(3);
    expect(readdirSync(dirname(serverDir)).filter((f) => f.endsWith('.link'))).toEqual([]);
  });

  it('runs the PDF worker as plain JS, without tsx', () => {
    const worker = readFileSync(join(serverDir, 'pdf-worker.mjs'), 'utf8');
    expect(worker).not.toContain('tsx');
    expect(main).not.toMatch(/worker\.mjs", import\.meta\.url/);
  });

  it('is fresh once built', () => {
    expect(serverBuildFresh()).toBe(true);
  });

  it('imports the rare routes’ heavy packages only at their first use', () => {
    const eager = [...main.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(eager).toContain('koa');
    for (const lazy of ['@e-invoice-eu/core', 'pdfmake', 'nodemailer', 'ssh2', 'basic-ftp'])
      expect(eager.filter((p) => p.startsWith(lazy))).toEqual([]);
    // The PDF renderers are a chunk of their own, imported on demand.
    const chunks = readdirSync(serverDir).filter((f) => f.startsWith('chunk-'));
    expect(chunks.some((f) => readFileSync(join(serverDir, f), 'utf8').includes('@e-invoice-eu/core'))).toBe(true);
  });

  it('is ASCII and resolves as Node does', () => {
    for (const f of readdirSync(serverDir))
      expect(readFileSync(join(serverDir, f), 'utf8')).not.toMatch(/[\u0080-\uffff]/);
    expect(main).toContain('"ajv/dist/2020.js"');
    // Files beside a module (the OpenAPI document, the admin, the workers) from its source's place.
    expect(main).toContain('new URL("../../api/http/route-parsing.ts", import.meta.url)');
    expect(main).toContain('new URL("../../api/domain/ledger/signature-checks.ts", import.meta.url)');
  });
});
