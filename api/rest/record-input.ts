// A record as it comes in: its id from the path, its defaults when new, the writable
// fields of the request body. Used by the write path (write.ts) and both API shapes
// (through records.ts).
import type { Knex } from 'knex';
import type { EntityMeta } from '../../common/entity-meta';
import { formatMessage } from '../../common/messages';
import { badRequest, notFound } from '../http/errors';
import { entityMeta } from './entities';

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
      const rows = await knex(src.table)
        .where(f.defaultFrom.where)
        .select(f.defaultFrom.field ?? 'id')
        .limit(2);
      // Only an unambiguous default row counts ("exactly one rate flagged default").
      rec[f.name] = rows.length === 1 ? rows[0][f.defaultFrom.field ?? 'id'] : (f.default ?? null);
    } else {
      rec[f.name] = f.default ?? null;
    }
  }
  return rec;
}

/** Keeps the writable fields of a request body; unknown fields are refused. */
export function cleanInput(meta: EntityMeta, body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('INCORRECT_FORM');
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  const out: Record<string, unknown> = {};
  const unknown: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const f = byName.get(k);
    if (!f) {
      unknown[k] = formatMessage('UNKNOWN_FIELD');
      continue;
    }
    if (f.system || f.readOnly) continue;
    // An emptied text input means "no value".
    out[k] = v === '' && f.nullable ? null : v;
  }
  if (Object.keys(unknown).length) throw badRequest('VALIDATION_FAILED', unknown);
  return out;
}
