// Backups for the technical (system) user only: download one now (the spec's
// establishment/establishment/backup), see the last ones and the files of
// DATA_DIR/backups, make one on the server, download a server file, set the
// retention of the daily files, and restore an uploaded backup in place of the
// current data (after confirmation: everyone is logged out, the sessions being
// those of the backup).
import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Knex } from 'knex';
import { clearSettingsCache } from '../auth/settings';
import { clearSessionCache } from '../auth/session';
import { readConfig } from '../config';
import { badRequest, HttpError, notFound } from '../http/errors';
import { defineRoute } from '../http/define-route';
import { recordHistory } from '../rest/history';
import { entityMeta } from '../rest/entities';
import { formatMessage } from '../../common/messages';
import { todayParis } from '../../common/dates';
import { currentEstablishment } from '../domain/establishment/company';
import { APP_VERSION } from '../domain/establishment/user-guide';
import { writeBackup } from './dump';
import { backupsDir, backupToFile, lastBackup, manualFileName, retentionDays, STALE_DAYS } from './files';
import { restoreBackup, RestoreRefused } from './restore';
import { journalBackup, journalRecovery, journalRestore } from './journal';
import { ownerOf, withOwner } from '../db/owner';
import { BACKUP_DONE, BACKUP_STATUS, RESTORE_DONE } from './openapi';

const FILE_NAME = /^bivouac-[a-z0-9-]+\.json\.gz$/;
const dataDir = () => readConfig().dataDir;

async function serverFiles(): Promise<{ name: string; size: number; modifiedAt: string }[]> {
  const dir = backupsDir(dataDir());
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out = [];
  for (const name of names.filter((n) => FILE_NAME.test(n))) {
    const s = await stat(join(dir, name));
    out.push({ name, size: s.size, modifiedAt: s.mtime.toISOString() });
  }
  return out.sort((a, b) => (a.modifiedAt < b.modifiedAt ? 1 : -1));
}

/** What the home tile and the screen show of the last backup. */
export async function backupStatus(knex: Knex) {
  const last = await lastBackup(knex);
  const ageMs = last?.finishedAt ? Date.now() - Date.parse(last.finishedAt) : null;
  return {
    last: last ?? null,
    ageDays: ageMs === null ? null : Math.floor(ageMs / 86_400_000),
    stale: ageMs === null || ageMs > STALE_DAYS * 86_400_000,
  };
}

const right = { system: 'SYSTEM_USER_ONLY' } as const;
const tag = 'backup';
const gzip = (description: string) => ({
  description,
  content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
});

export const BACKUP_ROUTES = [
  /** The spec's route: a backup downloaded now (gzipped JSON lines, see dump.ts). */
  defineRoute({
    method: 'GET',
    path: '/rest/establishment/establishment/backup',
    right,
    tag,
    summary: 'Sauvegarde complète téléchargée maintenant (JSON lines gzippé)',
    response: gzip('Le fichier de sauvegarde'),
    handler: async ({ ctx, user, knex: k }) => {
      const name = `bivouac-sauvegarde-${todayParis()}.json.gz`;
      const [{ id }] = await k('backup_run')
        .insert({ kind: 'download', day: todayParis(), file: name })
        .returning('id');
      const est = await currentEstablishment(k);
      if (est)
        await recordHistory(k, {
          userId: user.id,
          entity: entityMeta('establishment'),
          recordId: est.id,
          action: 'action',
          detail: formatMessage('BACKUP_DONE'),
        });
      const body = new PassThrough();
      let size = 0;
      body.on('data', (c: Buffer) => {
        size += c.length;
      });
      // Streamed: the response starts before the last table is read; a failure cuts it
      // (the file then has no end line and a restore refuses it).
      writeBackup(k, body, { appVersion: APP_VERSION })
        .then(
          async (s) => {
            await k('backup_run')
              .where({ id })
              .update({ status: 'done', finishedAt: k.fn.now(), size, schemaVersion: s.schemaVersion });
            await journalBackup(k, { kind: 'download', file: name, status: 'done', rows: s.rows });
          },
          async (err) => {
            body.destroy(err);
            await k('backup_run')
              .where({ id })
              .update({ status: 'failed', finishedAt: k.fn.now(), error: String(err?.message ?? err).slice(0, 500) });
            await journalBackup(k, { kind: 'download', file: name, status: 'failed' });
          },
        )
        .catch(() => {});
      ctx.set('Content-Disposition', `attachment; filename="${name}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/gzip';
      ctx.body = body;
      return undefined;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/backup/status',
    right,
    tag,
    summary: 'Dernières sauvegardes, fichiers du serveur et durée de conservation',
    response: BACKUP_STATUS,
    handler: async ({ knex: k }) => {
      const runs = await k('backup_run').orderBy('id', 'desc').limit(20);
      return {
        ...(await backupStatus(k)),
        retentionDays: await retentionDays(k),
        runs,
        files: await serverFiles(),
        staleDays: STALE_DAYS,
      };
    },
  }),
  /** A backup written now into DATA_DIR/backups. */
  defineRoute({
    method: 'POST',
    path: '/rest/backup/run',
    example: {
      skipAllowed: 'it writes a file into DATA_DIR/backups: backup-routes.test.ts runs it with its own DATA_DIR',
    },
    right,
    tag,
    summary: 'Écrit une sauvegarde maintenant dans DATA_DIR/backups',
    response: BACKUP_DONE,
    handler: async ({ knex: k }) => {
      const dir = backupsDir(dataDir());
      await mkdir(dir, { recursive: true });
      const file = manualFileName();
      try {
        const s = await backupToFile(k, join(dir, file), 'manual');
        return { status: 'SAVED', message: formatMessage('BACKUP_DONE'), file, ...s };
      } catch {
        throw badRequest('BACKUP_FAILED');
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/backup/file/:name',
    example: {
      params: { name: { value: 'bivouac-absent.json.gz' } },
      skipAllowed: 'it serves a file of DATA_DIR/backups: backup-routes.test.ts runs it with its own DATA_DIR',
    },
    right,
    tag,
    summary: 'Télécharge une sauvegarde du serveur',
    params: { name: { type: 'string', maxLength: 200 } },
    response: gzip('Le fichier de sauvegarde'),
    responses: { 404: { description: 'Fichier inconnu' } },
    handler: async ({ ctx, params }) => {
      const name = String(params.name);
      if (!FILE_NAME.test(name) || !(await serverFiles()).some((f) => f.name === name)) throw notFound();
      ctx.set('Content-Disposition', `attachment; filename="${name}"`);
      ctx.type = 'application/gzip';
      ctx.body = createReadStream(join(backupsDir(dataDir()), name));
      return undefined;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/backup/settings',
    example: { body: { retentionDays: 14 }, unchanged: { table: 'backup_config' } },
    right,
    tag,
    summary: 'Durée de conservation des sauvegardes quotidiennes (jours)',
    body: {
      type: 'object',
      required: ['retentionDays'],
      properties: { retentionDays: { type: 'integer', minimum: 1, maximum: 3650 } },
    },
    response: {
      type: 'object',
      required: ['status', 'retentionDays'],
      properties: { status: { const: 'SAVED' }, retentionDays: { type: 'integer' } },
    },
    handler: async ({ body, knex: k }) => {
      const days = body.retentionDays as number;
      await k('backup_config').insert({ id: 1, retentionDays: days }).onConflict('id').merge();
      return { status: 'SAVED', retentionDays: days };
    },
  }),
  /**
   * Restores the uploaded backup (body: the .json.gz file, Content-Type
   * application/gzip) in place of the current data, with `?confirm=1`. All or nothing.
   */
  defineRoute({
    method: 'POST',
    path: '/rest/backup/restore',
    example: { query: { confirm: 1 }, skipAllowed: 'it replaces the whole database: backup-routes.test.ts runs it' },
    right,
    tag,
    summary: 'Restaure la sauvegarde envoyée (application/gzip) à la place des données, avec confirm=1',
    description:
      'Une sauvegarde antérieure à l’ancre du journal fiscal (DATA_DIR) est refusée (400 RESTORE_BEHIND_ANCHOR), ' +
      'sauf reprise après sinistre déclarée (disasterRecovery=1) : journalisée avant et après, la numérotation ' +
      'reprend après le plus grand numéro déjà émis.',
    query: {
      type: 'object',
      properties: { confirm: { type: 'string' }, disasterRecovery: { enum: ['0', '1'] } },
    },
    openapi: {
      requestBody: {
        required: true,
        content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
      },
    },
    response: RESTORE_DONE,
    handler: async ({ ctx, query, knex: k }) => {
      if (query.confirm !== '1') throw badRequest('INCORRECT_FORM', { confirm: 'Confirmation requise' });
      if (!ctx.is('application/gzip', 'application/octet-stream'))
        throw badRequest('INCORRECT_FORM', { file: 'Fichier de sauvegarde (.json.gz) attendu' });
      const disasterRecovery = query.disasterRecovery === '1';
      if (disasterRecovery) await journalRecovery(k, { status: 'started', via: 'api' });
      try {
        // As the owner role: the restore drops and recreates the schema, then grants anew.
        const r = await withOwner(ownerOf(ctx), k, async (owner) => {
          const schema = (await owner.raw('SELECT current_schema() AS s')).rows[0].s as string;
          return restoreBackup(owner, schema, ctx.req, { force: true, disasterRecovery });
        });
        if (r.recovery)
          await journalRecovery(k, {
            status: 'done',
            via: 'api',
            from: r.recovery.from,
            to: r.recovery.to,
            behind: r.recovery.behind.length,
          });
        await journalRestore(k, { via: 'api', schemaVersion: r.schemaVersion, rows: r.rows, tables: r.tables });
        // What this process keeps in memory belongs to the data just replaced.
        clearSettingsCache();
        clearSessionCache();
        return { status: 'SAVED', message: formatMessage('RESTORE_DONE'), ...r };
      } catch (e) {
        if (e instanceof RestoreRefused) throw new HttpError(400, e.code, undefined, undefined, { detail: e.message });
        throw e;
      }
    },
  }),
];
