// The append-only history of every create, update and delete (who, when, which
// record, what changed), written in the same transaction as the change.
import type { Knex } from 'knex';
import type { EntityMeta } from '../../common/entity-meta';
import { maskRow } from './secrets';

export interface HistoryEntry {
  userId: number | null;
  entity: EntityMeta;
  recordId: number;
  action: 'create' | 'update' | 'delete' | 'action';
  before?: object | null;
  after?: object | null;
  /** for business actions: what was done, in French (e.g. "Annulation : client malade") */
  detail?: string;
}

const SKIP = new Set(['createdAt', 'updatedAt', 'id', 'version']);

export function changesOf(
  meta: EntityMeta,
  stored: object | null | undefined,
  changed: object | null | undefined,
): Record<string, [unknown, unknown]> {
  // Any entity's record: its fields read by name.
  const before = stored as Record<string, unknown> | null | undefined;
  const after = changed as Record<string, unknown> | null | undefined;
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of meta.fields) {
    if (SKIP.has(f.name)) continue;
    if (f.kind === 'password') {
      // Never the value, only the fact.
      if (after && typeof after[f.name] === 'string' && after[f.name] !== '') out[f.name] = ['***', '*** (modifié)'];
      continue;
    }
    const a = before?.[f.name] ?? null;
    const b = after?.[f.name] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) out[f.name] = [a, b];
  }
  return out;
}

export async function recordHistory(trx: Knex | Knex.Transaction, e: HistoryEntry): Promise<void> {
  if (e.entity.name === 'post-history') return;
  const changes =
    e.action === 'action' && !e.before && !e.after
      ? null
      : changesOf(e.entity, maskRow(e.entity.name, e.before), maskRow(e.entity.name, e.after));
  if (e.action === 'update' && changes && !Object.keys(changes).length && !e.detail) return;
  const rec = (e.after ?? e.before ?? {}) as Record<string, unknown>;
  const label = rec[e.entity.representation];
  const user = e.userId ? await trx('app_user').where('id', e.userId).first('name') : null;
  await trx('post_history').insert({
    userId: e.userId,
    userName: user?.name ?? null,
    entity: e.entity.name,
    entityLabel: e.entity.label.one,
    recordId: e.recordId,
    recordLabel: label === undefined || label === null ? null : String(label).slice(0, 200),
    action: e.action,
    detail: e.detail?.slice(0, 200) ?? null,
    changes: changes ? JSON.stringify(changes) : null,
  });
}
