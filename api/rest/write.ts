// The one write path of every entity: generic operations (save, delete, order) and
// domain actions all lock the row here and check the version the client read
// (optimistic concurrency: a stale save is a 409 with the current record, never a
// silent overwrite). The database trigger of migrations/0025 bumps `version` on
// every change, whoever writes.
import { restoreMasked } from './secrets';
import type { Knex } from 'knex';
import type { EntityMeta } from '../../common/entity-meta';
import { formatMessage, isMessageCode } from '../../common/messages';
import { changedDateErrors } from '../../common/date-sanity';
import { badRequest, HttpError, notFound } from '../http/errors';
import { mapDbError } from '../db/errors';
import { hooksFor, validatorFor, type MetaOf, type RecordOf, type WriteContext } from './entities';
import { readableColumns } from './query';
import { recordHistory } from './history';
import { cleanInput, newRecord, parseId } from './record-input';

/** A record of an entity the generic path only knows by its metadata: fields by name. */
type Values = Record<string, unknown>;

/** Whether the entity carries a version (every entity but append-only ones). */
export const isVersioned = (meta: EntityMeta) => meta.fields.some((f) => f.system && f.name === 'version');

/**
 * The version a client read, from the body's `version` or an `If-Match` header
 * (`"3"`, `W/"3"` or `3`; `*` means any). Absent: undefined — see README, « Versions ».
 */
export function expectedVersion(body: unknown, ifMatch?: string | null): number | undefined {
  const fromBody =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { version?: unknown }).version : undefined;
  if (fromBody !== undefined && fromBody !== null) {
    if (typeof fromBody !== 'number' || !Number.isInteger(fromBody) || fromBody < 1)
      throw badRequest('INVALID_VERSION');
    return fromBody;
  }
  const h = ifMatch?.trim();
  if (!h || h === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,9})"?$/.exec(h);
  if (!m) throw badRequest('INVALID_VERSION');
  return Number(m[1]);
}

/** The ETag of a record: its version (weak: the edit shape may add derived data). */
export const etagOf = (rec: { version?: unknown } | null | undefined): string | undefined =>
  rec && Number.isInteger(rec.version) ? `W/"${rec.version}"` : undefined;

/** 409 « Cet enregistrement a été modifié par un autre utilisateur », with the record as it is now. */
export const staleRecord = (current: object) => new HttpError(409, 'RECORD_CHANGED', undefined, undefined, { current });

/** Throws the 409 when the client's version is not the stored one. */
export function checkVersion(current: { version?: unknown }, expected: number | undefined): void {
  if (expected !== undefined && current.version !== undefined && current.version !== expected)
    throw staleRecord(current);
}

/**
 * Locks one row for a write (SELECT … FOR UPDATE) and checks the version: 404 when
 * it is gone, 409 when it changed since the client read it. Concurrent writers of
 * the same row queue on the lock, so exactly one of them saves a given version.
 */
export async function lockRecord<E extends string>(
  trx: Knex | Knex.Transaction,
  meta: MetaOf<E>,
  id: number,
  expected?: number,
): Promise<RecordOf<E>> {
  const row = await trx(meta.table).select(readableColumns(meta)).where('id', id).forUpdate().first();
  if (!row) throw notFound();
  checkVersion(row, expected);
  return row;
}

function checkReadOnly(meta: EntityMeta, existing: Values): void {
  const rule = meta.readOnlyWhen;
  if (rule && existing[rule.field] === rule.equals) {
    throw badRequest(isMessageCode(rule.message) ? rule.message : 'NOT_AUTHORISED');
  }
}

// Stored records never carry passwords (they are write-only), so a password is
// written only when the request gives one.
function writable(meta: EntityMeta, rec: Values): Values {
  const out: Values = {};
  for (const f of meta.fields) if (!f.system && !f.readOnly && f.name in rec) out[f.name] = rec[f.name];
  return out;
}

async function withDbErrors<T>(fn: () => Promise<T>, meta: EntityMeta, op: 'write' | 'delete'): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const inUse = meta.deleteBlocked && isMessageCode(meta.deleteBlocked) ? meta.deleteBlocked : undefined;
    throw mapDbError(err, { op, inUseMessage: inUse }) ?? err;
  }
}

export interface WriteOptions {
  /** the version the client read when the body does not carry one (If-Match) */
  ifMatch?: string | null;
  /** what the user confirmed (`X-Confirm`), handed to the hooks */
  confirm?: ReadonlySet<string>;
}

/**
 * Creates (id absent, null or 0) or updates a record from a full or partial body.
 * Updates merge the body over the stored record, so the whole record is validated;
 * the body's `version` (or `opts.ifMatch`) must be the stored one.
 */
export async function saveRecord<E extends string>(
  knex: Knex,
  meta: MetaOf<E>,
  body: unknown,
  userId: number | null,
  idOverride?: number,
  opts: WriteOptions = {},
): Promise<RecordOf<E>> {
  const rawId = idOverride ?? (body as { id?: unknown } | null | undefined)?.id;
  const id = rawId === undefined || rawId === null || rawId === 0 ? 0 : parseId(rawId);
  const input = cleanInput(meta, body);
  const expected = id ? expectedVersion(body, opts.ifMatch) : undefined;
  return withDbErrors(
    () =>
      knex.transaction(async (trx) => {
        const ctx: WriteContext = { trx, userId, confirm: opts.confirm };
        let existing: Values | null = null;
        let record: Values;
        if (id) {
          existing = await lockRecord(trx, meta as EntityMeta, id, expected);
          checkReadOnly(meta, existing);
          record = { ...writable(meta, existing), ...input };
        } else {
          const defaults = await newRecord(trx, meta);
          delete defaults.id;
          record = { ...defaults };
          for (const [k, v] of Object.entries(input)) if (v !== undefined) record[k] = v;
        }
        restoreMasked(meta.name, record, existing);
        const errors = validatorFor(meta)(record);
        if (errors) throw badRequest('VALIDATION_FAILED', errors);
        // Business dates between 2000 and five years ahead (a year typed wrong), for every
        // entity; only dates this write sets or changes, so an old record stays editable.
        const dates = changedDateErrors(meta.fields, record, existing);
        if (Object.keys(dates).length) throw badRequest('INCORRECT_DATES', dates);
        for (const h of hooksFor(meta.name)) await h.beforeSave?.(record, existing, ctx);
        const values = writable(meta, record);
        for (const f of meta.fields)
          if (f.kind === 'json' && values[f.name] !== undefined && values[f.name] !== null)
            values[f.name] = JSON.stringify(values[f.name]);
        let saved: Values;
        if (existing) {
          [saved] = await trx(meta.table)
            .where('id', id)
            .update({ ...values, ...(meta.timestamps ? { updatedAt: trx.fn.now() } : {}) })
            .returning(readableColumns(meta));
        } else {
          [saved] = await trx(meta.table).insert(values).returning(readableColumns(meta));
        }
        for (const h of hooksFor(meta.name)) await h.afterSave?.(saved, existing, ctx);
        await recordHistory(trx, {
          userId,
          entity: meta,
          recordId: saved.id as number,
          action: existing ? 'update' : 'create',
          before: existing,
          after: { ...saved, password: values.password },
        });
        // afterSave hooks may have written the row again (derived fields): answer it as stored.
        if (hooksFor(meta.name).some((h) => h.afterSave))
          saved =
            (await trx(meta.table)
              .select(readableColumns(meta))
              .where('id', saved.id as number)
              .first()) ?? saved;
        // The row as the database answered it: the record of the metadata's entity.
        return saved as RecordOf<E>;
      }),
    meta,
    'write',
  );
}

/** Deletes a record; with a version (body or If-Match), only the version the client read. */
export async function deleteRecord<E extends string>(
  knex: Knex,
  meta: MetaOf<E>,
  id: number,
  userId: number | null,
  expected?: number,
  reason?: string,
): Promise<RecordOf<E>> {
  // §5 (docs/stays.md#cancellation) « deletion requires a reason » for the entities declared x-delete-reason.
  const why = (reason ?? '').trim().slice(0, 250);
  return withDbErrors(
    () =>
      knex.transaction(async (trx) => {
        const existing = await lockRecord(trx, meta as EntityMeta, id, expected);
        checkReadOnly(meta, existing);
        for (const h of hooksFor(meta.name)) await h.beforeDelete?.(existing, { trx, userId });
        // After the record's own refusals (in use, deposited…), which say more than a missing reason.
        if (meta.deleteReason && !why)
          throw badRequest('DELETE_REASON_REQUIRED', { reason: formatMessage('DELETE_REASON_REQUIRED') });
        await trx(meta.table).where('id', id).delete();
        for (const h of hooksFor(meta.name)) await h.afterDelete?.(existing, { trx, userId });
        await recordHistory(trx, {
          userId,
          entity: meta,
          recordId: id,
          action: 'delete',
          before: existing,
          ...(why ? { detail: `Motif : ${why}` } : {}),
        });
        return existing as RecordOf<E>;
      }),
    meta,
    'delete',
  );
}
