// The server's bundle (scripts/server-build.mjs), as npm start builds and runs it: modules
// loaded at first use keep their packages out of the start-up, the script is pure ASCII
// (V8 then holds it one byte a character), and files read beside a module are found.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildFresh, serverDir, serverEntry } from '../../../scripts/server-build.mjs';

describe('server bundle', () => {
  let main = '';
  beforeAll(async () => {
    await buildServer();
    main = readFileSync(serverEntry, 'utf8');
  }, 120_000);

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
    expect(main).toContain('new URL("../../api/pdf/pool.ts", import.meta.url)');
  });
});
