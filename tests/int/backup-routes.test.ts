// The technical user's backups over HTTP (download, on the server, files, retention,
// restore in place), refused to everyone else; the daily job (once a day, retention)
// and the home tile « Dernière sauvegarde » that warns past 2 days.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSystemUser } from '../../api/auth/system';
import { dailyBackup, pruneBackups } from '../../api/backup/files';
import { restoreBackup } from '../../api/backup/restore';
import { startTestServer, type Client, type TestServer } from './harness';
import { openTestDatabase } from './db';

let t: TestServer;
let sys: Client;
let dataDir: string;
const previousDataDir = process.env.DATA_DIR;

/** a restore creates a whole schema in one transaction: slow on a loaded machine */
const RESTORE_TIMEOUT = 300_000;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bivouac-data-'));
  process.env.DATA_DIR = dataDir; // the routes and the job write into DATA_DIR/backups
  t = await startTestServer();
  await ensureSystemUser(t.knex, 'mot-de-passe-systeme');
  sys = t.client();
  expect((await sys.login('systeme', 'mot-de-passe-systeme')).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

async function download(c: Client, path: string): Promise<{ status: number; body: Buffer; type: string | null }> {
  const res = await fetch(`${t.url}${path}`, { headers: c.cookie ? { Cookie: c.cookie } : {} });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

const tile = async () => (await t.admin.get('/rest/home/tiles')).body.tiles.find((x: any) => x.key === 'last-backup');

describe('rights', () => {
  it(
    'serves backups to the technical user only',
    async () => {
      for (const path of ['/rest/establishment/establishment/backup', '/rest/backup/status']) {
        const r = await t.admin.get(path);
        expect(r.status).toBe(401);
        expect(r.body.code).toBe('SYSTEM_USER_ONLY');
        expect((await t.client().get(path)).status).toBe(403);
      }
      expect((await t.admin.post('/rest/backup/run')).status).toBe(401);
      expect(
        (await t.admin.post('/rest/backup/restore?confirm=1', 'x', { 'Content-Type': 'application/gzip' })).status,
      ).toBe(401);
      expect((await t.admin.post('/rest/backup/settings', { retentionDays: 3 })).status).toBe(401);
    },
    RESTORE_TIMEOUT,
  );
});

describe('home tile and daily job', () => {
  it(
    'warns when there is no backup, shows the last one, warns again past 2 days',
    async () => {
      expect(await tile()).toMatchObject({
        label: 'Dernière sauvegarde',
        detail: 'Aucune sauvegarde',
        warning: expect.stringContaining('Aucune sauvegarde'),
      });
      const file = await dailyBackup(t.knex, dataDir);
      expect(file).toMatch(/backups\/bivouac-auto-\d{4}-\d{2}-\d{2}\.json\.gz$/);
      expect(existsSync(file!)).toBe(true);
      // Once a day: a second run (or another process) does not write another.
      expect(await dailyBackup(t.knex, dataDir)).toBeNull();
      const fresh = await tile();
      expect(fresh.detail).toMatch(/^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/);
      expect(fresh.warning).toBeNull();
      await t.knex('backup_run').update({ finishedAt: t.knex.raw(`now() - interval '2 days 1 hour'`) });
      expect((await tile()).warning).toBe('Plus de 2 jours sans sauvegarde : vérifiez la sauvegarde automatique');
    },
    RESTORE_TIMEOUT,
  );

  it(
    'deletes the automatic files past the retention, always keeping the newest',
    async () => {
      const dir = join(dataDir, 'backups');
      for (const day of ['2020-01-01', '2020-01-02', '2020-01-03'])
        writeFileSync(join(dir, `bivouac-auto-${day}.json.gz`), 'x');
      writeFileSync(join(dir, 'bivouac-sauvegarde-2020-01-01-000000.json.gz'), 'x');
      expect((await sys.post('/rest/backup/settings', { retentionDays: 0 })).status).toBe(400);
      expect((await sys.post('/rest/backup/settings', { retentionDays: 3 })).body).toMatchObject({
        status: 'SAVED',
        retentionDays: 3,
      });
      const removed = await pruneBackups(t.knex, dir, '2020-01-04');
      expect(removed.sort()).toEqual(['bivouac-auto-2020-01-01.json.gz']);
      // Much later, only the newest automatic file is left; manual ones are never removed.
      await pruneBackups(t.knex, dir, '2030-01-01');
      const left = readdirSync(dir).filter((f) => f.startsWith('bivouac-auto-'));
      expect(left).toHaveLength(1);
      expect(left[0]).not.toMatch(/2020/);
      expect(existsSync(join(dir, 'bivouac-sauvegarde-2020-01-01-000000.json.gz'))).toBe(true);
    },
    RESTORE_TIMEOUT,
  );
});

describe('the technical user', () => {
  it(
    'downloads a backup that restores into an empty database',
    async () => {
      const r = await download(sys, '/rest/establishment/establishment/backup');
      expect(r.status).toBe(200);
      expect(r.type).toBe('application/gzip');
      const lines = gunzipSync(r.body).toString('utf8').trim().split('\n');
      expect(JSON.parse(lines[0])).toMatchObject({ application: 'bivouac', format: 2 });
      expect(JSON.parse(lines[lines.length - 1])).toMatchObject({ end: true });
      const target = await openTestDatabase({ empty: true, pool: 2, statementTimeoutMs: 0 });
      try {
        await restoreBackup(target.knex, 'public', Readable.from([r.body]));
        expect(await target.knex('app_user').orderBy('id').pluck('login')).toEqual(
          await t.knex('app_user').orderBy('id').pluck('login'),
        );
      } finally {
        await target.close();
      }
      await expect
        .poll(async () => (await t.knex('backup_run').where({ kind: 'download' }).first())?.status)
        .toBe('done');
    },
    RESTORE_TIMEOUT,
  );

  it(
    'backs up on the server, lists and serves the files, never another path',
    async () => {
      const r = await sys.post('/rest/backup/run');
      expect(r.status).toBe(200);
      expect(r.body.file).toMatch(/^bivouac-sauvegarde-\d{4}-\d{2}-\d{2}-\d{6}\.json\.gz$/);
      const status = await sys.get('/rest/backup/status');
      expect(status.body.files.map((f: any) => f.name)).toContain(r.body.file);
      expect(status.body).toMatchObject({ stale: false, retentionDays: 3 });
      expect((await download(sys, `/rest/backup/file/${r.body.file}`)).status).toBe(200);
      expect((await download(sys, '/rest/backup/file/..%2F..%2Fpg-password')).status).toBe(404);
      expect((await download(sys, '/rest/backup/file/bivouac-absent.json.gz')).status).toBe(404);
    },
    RESTORE_TIMEOUT,
  );

  it(
    'restores an uploaded backup in place, all or nothing, after confirmation',
    async () => {
      const backup = (await download(sys, '/rest/establishment/establishment/backup')).body;
      await t.knex('login_attempt').insert({ login: 'après-la-sauvegarde', ip: '127.0.0.1', success: true });
      const post = (path: string, body: BodyInit) =>
        fetch(`${t.url}${path}`, {
          method: 'POST',
          body,
          headers: { Cookie: sys.cookie!, 'Content-Type': 'application/gzip', Accept: 'application/json' },
        });
      expect((await post('/rest/backup/restore', new Uint8Array(backup))).status).toBe(400); // no confirmation
      // A damaged file changes nothing.
      const bad = await post('/rest/backup/restore?confirm=1', new Uint8Array(backup.subarray(0, backup.length / 2)));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        code: 'BACKUP_INVALID',
        message: "Ce fichier n'est pas une sauvegarde Bivouac complète",
      });
      expect(await t.knex('login_attempt').where('login', 'après-la-sauvegarde').first()).toBeTruthy();
      const ok = await post('/rest/backup/restore?confirm=1', new Uint8Array(backup));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ status: 'SAVED', message: 'Restauration terminée : reconnectez-vous' });
      expect(await t.knex('login_attempt').where('login', 'après-la-sauvegarde').first()).toBeUndefined();
      // The server goes on with the restored data.
      expect((await t.client().login()).status).toBe(200);
    },
    RESTORE_TIMEOUT,
  );
});

describe('technical event journal (NF525)', () => {
  const jet = async () => (await sys.get('/rest/jet/list')).body.rows as { seq: number; kind: string; data: any }[];

  it(
    'journals the technical user log-ins (failed and successful), backups and the restore, in a chain that verifies',
    async () => {
      // The restore above replaced the data with a backup taken after the log-in of
      // beforeAll, then journaled itself on top of it.
      const before = await jet();
      // (The download's own entry may land before or after it: its stream ends on its own.)
      expect(before.find((e) => e.kind === 'restore')).toMatchObject({
        data: { via: 'api', tables: expect.any(Number), rows: expect.any(Number) },
      });
      expect(before.some((e) => e.kind === 'login' && e.data.outcome === 'success')).toBe(true);
      const top = before[0].seq;

      expect((await t.client().login('systeme', 'pas-le-bon')).status).toBe(400);
      const again = t.client();
      expect((await again.login('systeme', 'mot-de-passe-systeme')).status).toBe(200);
      expect((await t.client().login()).status).toBe(200); // the administrator: not the technical user, not journaled
      const run = await sys.post('/rest/backup/run');
      expect(run.status, run.text).toBe(200);

      const added = (await jet()).filter((e) => e.seq > top).reverse();
      expect(added.map((e) => [e.kind, e.data.outcome ?? e.data.status])).toEqual([
        ['login', 'password'],
        ['login', 'success'],
        ['backup', 'done'],
      ]);
      expect(added[0].data).toMatchObject({ userId: expect.any(Number), ip: expect.any(String) });
      expect(added[2].data).toMatchObject({ kind: 'manual', file: run.body.file, rows: run.body.rows });
      const v = (await sys.get('/rest/fiscal/verify?chain=jet&signatures=all')).body;
      expect(v).toMatchObject({ status: 'ok', breaks: [], last: top + 3 });
    },
    RESTORE_TIMEOUT,
  );
});

describe('technical event journal: setting changes', () => {
  it('journals a change of the general settings with the fields changed, in the same transaction', async () => {
    const setting = (await t.admin.get('/rest/establishment/setting?range=[0,0]')).body[0];
    const top = Number((await t.knex('ledger_head').where('chain', 'jet').first('lastSeq')).lastSeq);
    const idle = setting.idleMinutes === 45 ? 46 : 45;
    const r = await t.admin.put(`/rest/establishment/setting/${setting.id}`, { idleMinutes: idle });
    expect(r.status, r.text).toBe(200);
    const rows = await t
      .knex('ledger_entry')
      .where('chain', 'jet')
      .where('seq', '>', top)
      .orderBy('seq')
      .select('kind', 'body');
    expect(rows.map((e) => e.kind)).toEqual(['setting']);
    expect(JSON.parse(rows[0].body).data).toMatchObject({
      entity: 'setting',
      action: 'update',
      id: setting.id,
      fields: { idleMinutes: String(idle) },
    });
    expect(Object.keys(JSON.parse(rows[0].body).data.fields)).toEqual(['idleMinutes']);
    expect((await sys.get('/rest/fiscal/verify?chain=jet')).body).toMatchObject({ status: 'ok', last: top + 1 });
  });
});
