// Backups that restore: the demo campsite backed up, restored into another schema,
// compared table by table (every row, timestamps to the microsecond, sequences past
// the restored ids, append-only triggers and foreign keys in force afterwards); a
// non-empty target, a newer backup and a damaged file refused; an older backup
// migrated; `npm run restore` killed with -9 half-way leaves the target empty or whole.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../api/db/connect';
import { writeBackup } from '../../api/backup/dump';
import { restoreBackup, RestoreRefused } from '../../api/backup/restore';
import { MIGRATIONS } from '../../migrations/index';
import { startTestServer, type TestServer } from './harness';
import { openTestDatabase } from './db';

let t: TestServer;
let dir: string;
let file: string;
/** the table with the most rows in the demo backup */
let biggest: string;
const opened: (Database & { url: string })[] = [];

/** An empty database of its own (no schema at all), dropped at the end. */
async function newDatabase(): Promise<Database & { url: string }> {
  const db = await openTestDatabase({ empty: true, pool: 2, statementTimeoutMs: 0 });
  opened.push(db);
  return db;
}

async function tablesOf(knex: Knex): Promise<string[]> {
  const { rows } =
    await knex.raw(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`);
  return rows.map((r: any) => r.name);
}

/**
 * Row count and a digest of every row's JSON (PostgreSQL's own text of each value).
 * `fiscalOnly`: the ledger's technical event journal (and a key that signed only it)
 * left out — `npm run backup` and `npm run restore` journal themselves there after the
 * data is copied (NF525).
 */
async function fingerprint(knex: Knex, table: string, fiscalOnly = false): Promise<{ n: number; md5: string | null }> {
  const where = !fiscalOnly
    ? ''
    : table === 'ledger_entry' || table === 'ledger_head'
      ? `WHERE chain <> 'jet'`
      : table === 'ledger_key'
        ? `WHERE id IN (SELECT key_id FROM ledger_entry WHERE chain <> 'jet')`
        : '';
  const {
    rows: [r],
  } = await knex.raw(`SELECT count(*) AS n, md5(string_agg(j, E'\\n' ORDER BY j)) AS md5
    FROM (SELECT row_to_json(x)::text AS j FROM "${table}" x ${where}) y`);
  return { n: Number(r.n), md5: r.md5 };
}

async function sameTables(a: Knex, b: Knex, fiscalOnly = false): Promise<number> {
  const tables = await tablesOf(a);
  expect(await tablesOf(b)).toEqual(tables);
  let rows = 0;
  for (const table of tables) {
    const fa = await fingerprint(a, table, fiscalOnly);
    expect(await fingerprint(b, table, fiscalOnly), table).toEqual(fa);
    rows += fa.n;
  }
  return rows;
}

async function sequencesOf(knex: Knex): Promise<Record<string, string>> {
  const { rows } = await knex.raw(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ` +
      `'public' AND c.relkind = 'S'`,
  );
  const out: Record<string, string> = {};
  for (const { name } of rows) {
    const {
      rows: [v],
    } = await knex.raw(`SELECT last_value::text || '/' || is_called AS v FROM "${name}"`);
    out[name] = v.v;
  }
  return out;
}

async function expectRefused(p: Promise<unknown>, code: string): Promise<RestoreRefused> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(RestoreRefused);
  expect(err.code).toBe(code);
  return err;
}

/** a restore creates a whole schema in one transaction: slow on a loaded machine */
const RESTORE_TIMEOUT = 300_000;

beforeAll(async () => {
  t = await startTestServer({ demo: true });
  // A value a lossy backup would spoil: microseconds.
  await t.knex.raw(
    `INSERT INTO login_attempt (at, login, ip, success, reason) VALUES ('2026-03-04 05:06:07.123456+00', 'x', ` +
      `'127.0.0.9', false, 'password')`,
  );
  dir = mkdtempSync(join(tmpdir(), 'bivouac-backup-'));
  file = join(dir, 'demo.json.gz');
  await writeBackup(t.knex, createWriteStream(file), { appVersion: 'test' });
  const header = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n', 1)[0]);
  biggest = [...header.tables].sort((a: any, b: any) => b.rows - a.rows)[0].name;
}, 600_000);

afterAll(async () => {
  for (const db of opened) await db.close();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('backup of the demo, restored into an empty database', () => {
  it(
    'gives identical data: every table, every row, timestamps to the microsecond, sequences',
    async () => {
      const target = await newDatabase();
      const r = await restoreBackup(target.knex, 'public', createReadStream(file));
      expect(r.migrated).toEqual([]);
      expect((await tablesOf(t.knex)).length).toBeGreaterThan(40);
      expect(await sameTables(t.knex, target.knex)).toBe(r.rows);
      expect(Number((await target.knex(biggest).count({ n: '*' }))[0].n)).toBeGreaterThan(1000);
      const {
        rows: [at],
      } = await target.knex.raw(
        `SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS v FROM login_attempt WHERE login = 'x'`,
      );
      expect(at.v).toBe('2026-03-04 05:06:07.123456');
      expect(await sequencesOf(target.knex)).toEqual(await sequencesOf(t.knex));
    },
    RESTORE_TIMEOUT,
  );

  it(
    'leaves sequences past the restored ids and the protections in force',
    async () => {
      const target = await newDatabase();
      await restoreBackup(target.knex, 'public', createReadStream(file));
      // Every id sequence gives a value above the restored ones.
      const { rows: owned } = await target.knex.raw(`SELECT c.relname AS tbl, a.attname AS col,
          pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS seq
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`);
      const withSeq = owned.filter((o: any) => o.seq);
      expect(withSeq.length).toBeGreaterThan(20);
      for (const o of withSeq) {
        const {
          rows: [m],
        } = await target.knex.raw(`SELECT coalesce(max("${o.col}"), 0) AS m FROM "${o.tbl}"`);
        const {
          rows: [v],
        } = await target.knex.raw(`SELECT nextval(?::regclass) AS v`, [o.seq]);
        expect(Number(v.v), o.tbl).toBeGreaterThan(Number(m.m));
      }
      // Append-only tables refuse UPDATE, DELETE and TRUNCATE again (plain SQL).
      const { rows: guarded } = await target.knex.raw(`SELECT c.relname AS tbl,
        bool_or(pg_get_triggerdef(g.oid) LIKE '%DELETE%') AS del,
          bool_or(pg_get_triggerdef(g.oid) LIKE '%TRUNCATE%') AS trunc
      FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_proc p ON p.oid = g.tgfoid
      WHERE n.nspname = 'public' AND p.proname = 'bv_refuse_change' GROUP BY 1 ORDER BY 1`);
      expect(guarded.length).toBeGreaterThan(0);
      let tried = 0;
      for (const { tbl, del, trunc } of guarded) {
        const {
          rows: [c],
        } = await target.knex.raw(`SELECT count(*) AS n FROM "${tbl}"`);
        if (Number(c.n) === 0) continue;
        tried++;
        await expect(target.knex.raw(`UPDATE "${tbl}" SET id = id`), tbl).rejects.toThrow(/NOT_AUTHORISED/);
        if (del) await expect(target.knex.raw(`DELETE FROM "${tbl}"`), tbl).rejects.toThrow(/NOT_AUTHORISED/);
        if (trunc) await expect(target.knex.raw(`TRUNCATE "${tbl}" CASCADE`), tbl).rejects.toThrow(/NOT_AUTHORISED/);
      }
      expect(tried).toBeGreaterThan(0);
      // Foreign keys too.
      await expect(
        target.knex.raw(`INSERT INTO user_session (id_hash, user_id) VALUES (repeat('a', 64), 999999999)`),
      ).rejects.toThrow(/foreign key/);
    },
    RESTORE_TIMEOUT,
  );

  it(
    'refuses a target holding data unless forced, and then replaces it whole',
    async () => {
      const target = await newDatabase();
      await restoreBackup(target.knex, 'public', createReadStream(file));
      await target.knex('login_attempt').insert({ login: 'après', ip: '127.0.0.1', success: true });
      const err = await expectRefused(
        restoreBackup(target.knex, 'public', createReadStream(file)),
        'RESTORE_TARGET_NOT_EMPTY',
      );
      expect(err.message).toMatch(/^La base de destination n'est pas vide \(\d+ utilisateurs\) : .*--force/);
      expect(await target.knex('login_attempt').where('login', 'après').first()).toBeTruthy();
      await restoreBackup(target.knex, 'public', createReadStream(file), { force: true });
      expect(await target.knex('login_attempt').where('login', 'après').first()).toBeUndefined();
      await sameTables(t.knex, target.knex);
    },
    RESTORE_TIMEOUT,
  );

  it(
    'refuses a backup from a newer schema with a clear message, and a damaged file, leaving the target empty',
    async () => {
      const text = gunzipSync(readFileSync(file)).toString('utf8');
      const nl = text.indexOf('\n');
      const header = JSON.parse(text.slice(0, nl));
      const newer = gzipSync(JSON.stringify({ ...header, schemaVersion: '9999_from_the_future' }) + text.slice(nl));
      const target = await newDatabase();
      const err = await expectRefused(restoreBackup(target.knex, 'public', Readable.from([newer])), 'BACKUP_NEWER');
      expect(err.message).toContain('version plus récente de Bivouac');
      // Cut in the middle of the rows: nothing is left behind.
      const cut = gzipSync(text.slice(0, Math.floor(text.length / 2)));
      await expectRefused(restoreBackup(target.knex, 'public', Readable.from([cut])), 'BACKUP_INVALID');
      expect(await tablesOf(target.knex)).toEqual([]);
      await expectRefused(
        restoreBackup(target.knex, 'public', Readable.from([Buffer.from('pas une sauvegarde')])),
        'BACKUP_INVALID',
      );
    },
    RESTORE_TIMEOUT,
  );

  it(
    'migrates a backup from an older schema after restoring it',
    async () => {
      const old = await newDatabase();
      const upTo = MIGRATIONS.findIndex(([n]) => n === '0022_setting_draft_idle_minutes');
      expect(upTo).toBeGreaterThan(0);
      const source = {
        getMigrations: async () => MIGRATIONS.slice(0, upTo + 1).map(([n]) => n),
        getMigrationName: (n: string) => n,
        getMigration: async (n: string) => MIGRATIONS.find(([m]) => m === n)![1],
      };
      await old.knex.migrate.latest({ migrationSource: source, tableName: 'knex_migrations' });
      await old
        .knex('app_user')
        .insert({ login: 'ancien', name: 'Ancien', isAdmin: true, isSystem: false, isActive: true });
      const oldFile = join(dir, 'old.json.gz');
      const s = await writeBackup(old.knex, createWriteStream(oldFile));
      expect(s.schemaVersion).toBe('0022_setting_draft_idle_minutes');
      const target = await newDatabase();
      const r = await restoreBackup(target.knex, 'public', createReadStream(oldFile));
      expect(r.migrated).toEqual(MIGRATIONS.slice(upTo + 1).map(([n]) => n));
      expect(await target.knex('app_user').pluck('login')).toEqual(['ancien']);
      expect(await target.knex('knex_migrations').count({ n: '*' })).toEqual([{ n: MIGRATIONS.length }]);
      expect(await target.knex('backup_config').first()).toMatchObject({ retentionDays: 14 });
    },
    RESTORE_TIMEOUT,
  );
});

function cli(
  script: string,
  url: string,
  args: string[],
  onLine?: (line: string, kill: () => void) => void,
): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, ...args], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      if (onLine) for (const line of b.toString().split('\n')) onLine(line, () => child.kill('SIGKILL'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

describe('npm run backup / npm run restore', () => {
  it(
    'restore killed with -9 half-way through leaves the target empty or whole; run again, it gives it whole',
    async () => {
      const target = await newDatabase();
      // Killed as soon as rows start loading (every table is then created, none committed).
      const killed = await cli('scripts/restore.ts', target.url, [file], (line, kill) => {
        if (line.startsWith('Table ')) kill();
      });
      expect(killed.signal).toBe('SIGKILL');
      expect(killed.out).toMatch(/^Table /m);
      expect(killed.out).not.toMatch(/Restauration terminée/);
      // Once PostgreSQL has seen the client go (its transaction ended one way or the other)…
      await expect
        .poll(
          async () =>
            Number(
              (
                await target.knex.raw(`SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`)
              ).rows[0].n,
            ),
          { timeout: 60_000, interval: 200 },
        )
        .toBe(0);
      // …the target is empty (a COMMIT already sent when the kill came would leave it whole instead).
      const left = await tablesOf(target.knex);
      if (left.length) await sameTables(t.knex, target.knex, true); // whole, never a part of it
      const again = await cli('scripts/restore.ts', target.url, left.length ? [file, '--force'] : [file]);
      expect(again.out).toMatch(/Restauration terminée : \d+ tables, \d+ lignes/);
      expect(again.code).toBe(0);
      await sameTables(t.knex, target.knex, true);
      expect(
        Number((await target.knex('ledger_entry').where({ chain: 'jet', kind: 'restore' }).count({ n: '*' }))[0].n),
      ).toBe(1);
      // Into a target holding data: refused with a French message, exit code 2.
      const refused = await cli('scripts/restore.ts', target.url, [file]);
      expect(refused.code).toBe(2);
      expect(refused.out).toMatch(/Restauration refusée : La base de destination n'est pas vide .*--force/);
    },
    RESTORE_TIMEOUT,
  );

  it(
    'backup writes a file that restores, and is recorded for the home tile',
    async () => {
      const out = join(dir, 'cli.json.gz');
      const r = await cli('scripts/backup.ts', t.dbUrl, [out]);
      expect(r.out).toMatch(/Sauvegarde écrite : /);
      expect(r.code).toBe(0);
      const target = await newDatabase();
      await restoreBackup(target.knex, 'public', createReadStream(out));
      expect(await fingerprint(target.knex, biggest, true)).toEqual(await fingerprint(t.knex, biggest, true));
      expect(
        await t.knex('ledger_entry').where({ chain: 'jet', kind: 'backup' }).orderBy('seq', 'desc').first('body'),
      ).toMatchObject({ body: expect.stringContaining('"file":"cli.json.gz"') });
      expect(await t.knex('backup_run').where({ kind: 'manual', status: 'done' }).first()).toMatchObject({
        file: 'cli.json.gz',
        schemaVersion: MIGRATIONS[MIGRATIONS.length - 1][0],
      });
    },
    RESTORE_TIMEOUT,
  );
});
