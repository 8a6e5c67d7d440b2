// Reading and writing one record of any entity: defaults, input cleaning,
// validation, read-only conditions, hooks. Used by both API shapes.
import type { Knex } from 'knex';
import type { EntityMeta } from '../../common/entity-meta';
import { formatMessage, isMessageCode } from '../../common/messages';
import { badRequest, notFound } from '../http/errors';
import { mapDbError } from '../db/errors';
import { entityMeta, hooksFor, validatorFor, type WriteContext } from './entities';
import { readableColumns } from './query';
import { recordHistory } from './history';

export function parseId(raw: unknown, allowZero = false): number {
  const s = String(raw);
  if (!/^\d{1,9}$/.test(s)) throw badRequest('INVALID_ID');
  const id = Number(s);
  if (id === 0 && !allowZero) throw notFound();
  return id;
}

/** A new record with its defaults, as `GET {base}/edit/0` answers it. */
export async function newRecord(knex: Knex, meta: EntityMeta): Promise<Record<string, unknown>> {
  const rec: Record<string, unknown> = { id: 0 };
  for (const f of meta.fields) {
    if (f.system || f.kind === 'password') continue;
    if (f.defaultFrom) {
      const src = entityMeta(f.defaultFrom.entity);
      const rows = await knex(src.table).where(f.defaultFrom.where).select(f.defaultFrom.field ?? 'id').limit(2);
      // Only an unambiguous default row counts ("exactly one rate flagged default").
      rec[f.name] = rows.length === 1 ? rows[0][f.defaultFrom.field ?? 'id'] : f.default ?? null;
    } else {
      rec[f.name] = f.default ?? null;
    }
  }
  return rec;
}

export async function loadRecord(knex: Knex, meta: EntityMeta, id: number): Promise<Record<string, any>> {
  const row = await knex(meta.table).select(readableColumns(meta)).where(`${meta.table}.id`, id).first();
  if (!row) throw notFound();
  return row;
}

/** Keeps the writable fields of a request body; unknown fields are refused. */
export function cleanInput(meta: EntityMeta, body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('INCORRECT_FORM');
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  const out: Record<string, unknown> = {};
  const unknown: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const f = byName.get(k);
    if (!f) { unknown[k] = formatMessage('UNKNOWN_FIELD'); continue; }
    if (f.system || f.readOnly) continue;
    // An emptied text input means "no value".
    out[k] = v === '' && f.nullable ? null : v;
  }
  if (Object.keys(unknown).length) throw badRequest('VALIDATION_FAILED', unknown);
  return out;
}

function checkReadOnly(meta: EntityMeta, existing: Record<string, any>): void {
  const rule = meta.readOnlyWhen;
  if (rule && existing[rule.field] === rule.equals) {
    throw badRequest(isMessageCode(rule.message) ? rule.message : 'NOT_AUTHORISED');
  }
}

// Stored records never carry passwords (they are write-only), so a password is
// written only when the request gives one.
function writable(meta: EntityMeta, rec: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
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

/**
 * Creates (id absent, null or 0) or updates a record from a full or partial body.
 * Updates merge the body over the stored record, so the whole record is validated.
 */
export async function saveRecord(
  knex: Knex, meta: EntityMeta, body: unknown, userId: number | null, idOverride?: number,
): Promise<Record<string, any>> {
  const rawId = idOverride ?? (body as any)?.id;
  const id = rawId === undefined || rawId === null || rawId === 0 ? 0 : parseId(rawId);
  const input = cleanInput(meta, body);
  return withDbErrors(() => knex.transaction(async (trx) => {
    const ctx: WriteContext = { trx, userId };
    let existing: Record<string, any> | null = null;
    let record: Record<string, any>;
    if (id) {
      existing = await trx(meta.table).select(readableColumns(meta)).where('id', id).forUpdate().first();
      if (!existing) throw notFound();
      checkReadOnly(meta, existing);
      record = { ...writable(meta, existing), ...input };
    } else {
      const defaults = await newRecord(trx, meta);
      delete defaults.id;
      record = { ...defaults };
      for (const [k, v] of Object.entries(input)) if (v !== undefined) record[k] = v;
    }
    const errors = validatorFor(meta)(record);
    if (errors) throw badRequest('VALIDATION_FAILED', errors);
    for (const h of hooksFor(meta.name)) await h.beforeSave?.(record, existing, ctx);
    const values = writable(meta, record);
    for (const f of meta.fields) if (f.kind === 'json' && values[f.name] !== undefined && values[f.name] !== null) values[f.name] = JSON.stringify(values[f.name]);
    let saved: Record<string, any>;
    if (existing) {
      [saved] = await trx(meta.table).where('id', id).update({ ...values, ...(meta.timestamps ? { updatedAt: trx.fn.now() } : {}) }).returning(readableColumns(meta));
    } else {
      [saved] = await trx(meta.table).insert(values).returning(readableColumns(meta));
    }
    for (const h of hooksFor(meta.name)) await h.afterSave?.(saved, existing, ctx);
    await recordHistory(trx, { userId, entity: meta, recordId: saved.id, action: existing ? 'update' : 'create', before: existing, after: { ...saved, password: values.password } });
    return saved;
  }), meta, 'write');
}

export async function deleteRecord(knex: Knex, meta: EntityMeta, id: number, userId: number | null): Promise<Record<string, any>> {
  return withDbErrors(() => knex.transaction(async (trx) => {
    const existing = await trx(meta.table).select(readableColumns(meta)).where('id', id).forUpdate().first();
    if (!existing) throw notFound();
    checkReadOnly(meta, existing);
    for (const h of hooksFor(meta.name)) await h.beforeDelete?.(existing, { trx, userId });
    await trx(meta.table).where('id', id).delete();
    for (const h of hooksFor(meta.name)) await h.afterDelete?.(existing, { trx, userId });
    await recordHistory(trx, { userId, entity: meta, recordId: id, action: 'delete', before: existing });
    return existing;
  }), meta, 'delete');
}
