// Backup files on the server: `DATA_DIR/backups`, written under a temporary name
// then renamed (a file that exists is complete), each one recorded in `backup_run`
// (the home tile « Dernière sauvegarde » reads it). The daily job makes at most one
// automatic backup a day — whatever the number of server processes, the day is
// claimed by a unique index — and deletes the automatic files older than the
// retention (backup_config), always keeping the newest.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Knex } from 'knex';
import { todayParis, addDays } from '../../common/dates';
import { APP_VERSION } from '../domain/establishment/user-guide';
import { schemaVersion, writeBackup, type BackupSummary } from './dump';
import { journalBackup } from './journal';

export type BackupKind = 'auto' | 'manual' | 'download';
export const AUTO_FILE = /^bivouac-auto-(\d{4}-\d{2}-\d{2})\.json\.gz$/;
/** A backup older than this is flagged on the home tile. */
export const STALE_DAYS = 2;

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

/** `bivouac-sauvegarde-2026-11-24-061502.json.gz` (Paris date, UTC time: unique enough, sortable). */
export function manualFileName(now = new Date()): string {
  return `bivouac-sauvegarde-${todayParis(now)}-${now.toISOString().slice(11, 19).replace(/:/g, '')}.json.gz`;
}

async function finish(knex: Knex, id: number, r: { file: string; summary: BackupSummary }): Promise<void> {
  const { size } = await stat(r.file);
  await knex('backup_run')
    .where({ id })
    .update({
      status: 'done',
      finishedAt: knex.fn.now(),
      size,
      schemaVersion: r.summary.schemaVersion,
      file: basename(r.file),
    });
}

async function fail(knex: Knex, id: number, err: unknown): Promise<void> {
  await knex('backup_run')
    .where({ id })
    .update({
      status: 'failed',
      finishedAt: knex.fn.now(),
      error: String((err as Error)?.message ?? err).slice(0, 500),
    });
}

/** Writes a backup to `file` (through `file.part`), recorded as a `kind` run. */
export async function backupToFile(
  knex: Knex,
  file: string,
  kind: BackupKind = 'manual',
  runId?: number,
): Promise<BackupSummary> {
  await schemaVersion(knex); // a database Bivouac never set up: said plainly, before anything is written
  const id =
    runId ??
    (
      await knex('backup_run')
        .insert({ kind, day: todayParis(), file: basename(file) })
        .returning('id')
    )[0].id;
  const part = `${file}.part`;
  try {
    const summary = await writeBackup(knex, createWriteStream(part), { appVersion: APP_VERSION });
    await rename(part, file);
    await finish(knex, id, { file, summary });
    await journalBackup(knex, { kind, file: basename(file), status: 'done', rows: summary.rows });
    return summary;
  } catch (err) {
    await unlink(part).catch(() => {});
    await fail(knex, id, err).catch(() => {});
    await journalBackup(knex, { kind, file: basename(file), status: 'failed' });
    throw err;
  }
}

export async function retentionDays(knex: Knex): Promise<number> {
  const row = await knex('backup_config').where('id', 1).first('retentionDays');
  return row?.retentionDays ?? 14;
}

/**
 * The daily backup: today's automatic file unless one is done or under way (in any
 * process), then the retention. Answers the file written, or null.
 */
export async function dailyBackup(knex: Knex, dataDir: string, now = new Date()): Promise<string | null> {
  const day = todayParis(now);
  const dir = backupsDir(dataDir);
  await mkdir(dir, { recursive: true });
  // A run left 'running' by a process that died no longer holds its day.
  await knex('backup_run')
    .where({ kind: 'auto', status: 'running' })
    .whereRaw(`started_at < now() - interval '6 hours'`)
    .update({ status: 'failed', finishedAt: knex.fn.now(), error: 'interrompue' });
  const { rows } = await knex.raw(
    `INSERT INTO backup_run (kind, day, file) VALUES ('auto', ?, ?)
    ON CONFLICT (day) WHERE kind = 'auto' AND status <> 'failed' DO NOTHING RETURNING id`,
    [day, `bivouac-auto-${day}.json.gz`],
  );
  let written: string | null = null;
  if (rows.length) {
    written = join(dir, `bivouac-auto-${day}.json.gz`);
    await backupToFile(knex, written, 'auto', rows[0].id);
  }
  await pruneBackups(knex, dir, day);
  return written;
}

/** Deletes the automatic files older than the retention; the newest one always stays. */
export async function pruneBackups(knex: Knex, dir: string, today = todayParis()): Promise<string[]> {
  const keepFrom = addDays(today, -(await retentionDays(knex)) + 1);
  const autos = (await readdir(dir))
    .map((f) => ({ f, day: AUTO_FILE.exec(f)?.[1] }))
    .filter((x) => x.day)
    .sort((a, b) => (a.day! < b.day! ? -1 : 1));
  const old = autos
    .slice(0, -1)
    .filter((x) => x.day! < keepFrom)
    .map((x) => x.f);
  for (const f of old) await unlink(join(dir, f)).catch(() => {});
  return old;
}

export interface BackupRunRow {
  id: number;
  kind: BackupKind;
  startedAt: string;
  finishedAt: string | null;
  status: string;
  file: string | null;
  size: number | null;
  schemaVersion: string | null;
  error: string | null;
}

/** The last backup that completed, of any kind. */
export async function lastBackup(knex: Knex): Promise<BackupRunRow | undefined> {
  return knex('backup_run').where('status', 'done').orderBy('finishedAt', 'desc').first();
}
