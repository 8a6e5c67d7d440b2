// migrations/: the next migration from the difference with the last snapshot, and
// migrations/index.ts listing every migration (generated and hand-written) in order.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Snapshot } from '../snapshot';
import { diffSnapshots } from '../diff';
import { BANNER, JSON_BANNER } from './banner';

export const MIGRATION_DIR = 'migrations';
const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.ts$/;

export interface MigrationFile {
  number: number;
  name: string;
  file: string;
  snapshot?: string;
}

export function listMigrations(root: string): MigrationFile[] {
  const dir = join(root, MIGRATION_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => MIGRATION_FILE.exec(f))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => {
      const snap = `${m[1]}_${m[2]}.snapshot.json`;
      return {
        number: Number(m[1]),
        name: `${m[1]}_${m[2]}`,
        file: m[0],
        snapshot: existsSync(join(dir, snap)) ? snap : undefined,
      };
    })
    .sort((a, b) => a.number - b.number);
}

function isTracked(root: string, file: string): boolean {
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', file], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    // Untracked, or no git at all: only a file git does not know may be rewritten.
    try {
      execFileSync('git', ['rev-parse', '--git-dir'], { cwd: root, stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  }
}

const EMPTY: Snapshot = { tables: {} };

function readSnapshot(root: string, m: MigrationFile | undefined): Snapshot {
  if (!m?.snapshot) return EMPTY;
  const { $comment: _c, ...snap } = JSON.parse(readFileSync(join(root, MIGRATION_DIR, m.snapshot), 'utf8'));
  return snap as Snapshot;
}

function slug(summary: string[]): string {
  const first = summary[0]
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase()
    .replace(/^_|_$/g, '');
  const s = summary.length > 1 ? `${first}_and_${summary.length - 1}_more` : first;
  return s.slice(0, 60).replace(/_$/, '');
}

const tpl = (s: string) => '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';

function migrationSource(up: string[], down: string[], summary: string[]): string {
  const list = (xs: string[]) => xs.map((x) => `  ${tpl(x)},`).join('\n');
  return `${BANNER}
// Landed migrations are never rewritten: change the schemas and generate the next one.
// ${summary.join(', ').slice(0, 400)}
import type { Knex } from 'knex';

const UP = [
${list(up)}
];

const DOWN = [
${list(down)}
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of UP) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const sql of DOWN) await knex.raw(sql);
}
`;
}

export interface MigrationPlan {
  files: Record<string, string>;
  /** files to delete (an unlanded generated migration being rewritten) */
  remove: string[];
  summary: string[];
}

/** Plans the next migration; rewrites the last one instead when git does not track it yet. */
export function planMigration(root: string, next: Snapshot, name?: string): MigrationPlan {
  const all = listMigrations(root);
  const generated = all.filter((m) => m.snapshot);
  const last = generated.at(-1);
  const lastIsLatest = last && all.at(-1) === last;
  const amend = !!(last && lastIsLatest && !isTracked(root, join(MIGRATION_DIR, last.file)));
  const base = amend ? generated.at(-2) : last;
  const { up, down, summary } = diffSnapshots(readSnapshot(root, base), next);
  const remove: string[] = [];
  const files: Record<string, string> = {};
  let migrations = all;
  if (amend) {
    remove.push(join(MIGRATION_DIR, last!.file), join(MIGRATION_DIR, last!.snapshot!));
    migrations = all.filter((m) => m !== last);
  }
  if (up.length > 0) {
    // MIGRATION_FLOOR: the first number a branch may take, so that branches developed side
    // by side never take the same number (each its own range; the merge keeps them apart).
    const floor = Number(process.env.MIGRATION_FLOOR ?? 0) || 0;
    const number = Math.max((migrations.at(-1)?.number ?? 0) + 1, floor);
    // A rewritten migration keeps its name unless a new one is given.
    const keep = amend ? last!.name.replace(/^\d{4}_/, '') : undefined;
    const id = `${String(number).padStart(4, '0')}_${name ?? keep ?? slug(summary)}`;
    files[join(MIGRATION_DIR, `${id}.ts`)] = migrationSource(up, down, summary);
    files[join(MIGRATION_DIR, `${id}.snapshot.json`)] =
      `${JSON.stringify({ $comment: JSON_BANNER, ...next }, null, 2)}\n`;
    migrations = [...migrations, { number, name: id, file: `${id}.ts` }];
  }
  const imports = migrations.map((m, i) => `import * as m${i} from './${m.name}';`).join('\n');
  const entries = migrations.map((m, i) => `  ['${m.name}', m${i}],`).join('\n');
  files[join(MIGRATION_DIR, 'index.ts')] =
    `${BANNER}\nimport type { Knex } from 'knex';\n${imports}\n\nexport interface MigrationModule { up(knex: ` +
    `Knex): Promise<void>; down(knex: Knex): Promise<void> }\n\nexport const MIGRATIONS: [string, ` +
    `MigrationModule][] = [\n${entries}\n];\n`;
  return { files, remove: remove.filter((f) => !(f in files)), summary };
}
