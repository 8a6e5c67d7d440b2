// npm run generate [-- --check] [-- --name <migration_name>]
// Validates every schema and (re)writes every generated file; --check writes nothing
// and exits 1 when any generated file would change or a migration is due.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSchemas } from './load';
import { buildSnapshot } from './snapshot';
import { planMigration } from './emit/migration';
import { emitMeta } from './emit/meta';
import { emitTypes } from './emit/types';
import { emitRoutes, routesFor } from './emit/routes';
import { emitOpenApi } from './emit/openapi';
import { emitAdmin } from './emit/admin';
import { emitScreenMenu } from './emit/screen-menu';
import { emitApiTypes } from './emit/api-types';
import { emitEntityMap } from './emit/entity-map';

const GENERATED_DIRS = ['common/generated', 'api/generated', 'admin/src/generated'];

function walk(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(root, join(dir, d.name)) : [join(dir, d.name)],
  );
}

export async function generate(
  root: string,
  opts: { check: boolean; name?: string },
): Promise<{ changed: string[]; summary: string[] }> {
  const metas = loadSchemas(root);
  const routes = metas.flatMap((m) => routesFor(m, metas));
  const outputs: Record<string, string> = {
    ...emitMeta(metas),
    ...(await emitTypes(metas)),
    ...emitRoutes(metas),
    ...emitEntityMap(metas, routes),
    ...emitOpenApi(metas, routes),
    ...emitAdmin(metas),
    ...(await emitScreenMenu(root)),
  };
  Object.assign(outputs, await emitApiTypes(root, outputs['api/generated/openapi.json']));
  const plan = planMigration(root, buildSnapshot(metas), opts.name);
  Object.assign(outputs, plan.files);
  const stale = GENERATED_DIRS.flatMap((d) => walk(root, d)).filter((f) => !(f in outputs));
  const remove = [...plan.remove, ...stale];
  const changed: string[] = [];
  for (const [file, content] of Object.entries(outputs)) {
    const abs = join(root, file);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === content) continue;
    changed.push(file);
    if (!opts.check) {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
  }
  for (const file of remove) {
    changed.push(`${file} (removed)`);
    if (!opts.check) rmSync(join(root, file), { force: true });
  }
  return { changed, summary: plan.summary };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const nameAt = args.indexOf('--name');
  const name = nameAt >= 0 ? args[nameAt + 1] : undefined;
  if (name !== undefined && !/^[a-z0-9_]+$/.test(name)) {
    console.error('--name: lower-case letters, digits and underscores');
    process.exit(2);
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const { changed, summary } = await generate(root, { check, name });
    if (check) {
      if (changed.length) {
        console.error(`Generated files are stale (run \`npm run generate\`):\n  ${changed.join('\n  ')}`);
        process.exit(1);
      }
      console.log('Generated files are up to date.');
    } else {
      for (const f of changed) console.log(`wrote ${relative(root, join(root, f))}`);
      if (summary.length) console.log(`migration: ${summary.join(', ')}`);
      if (!changed.length) console.log('Nothing to generate: everything is up to date.');
    }
  } catch (e) {
    console.error(`generate: ${(e as Error).message}`);
    process.exit(1);
  }
}
