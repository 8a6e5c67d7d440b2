// Changes of the general settings, of the bill numbering series, of the VAT rates, of the
// establishment (the company's identity), of users and rights groups go to the technical
// event journal (NF525: « sequence and setting changes »), in the transaction of the
// change itself: no change without its entry. Values are recorded as text (the chain's
// canonical JSON takes integers and strings only); neither entity holds a secret.
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { appendTechnicalEvent } from './jet';

/** A saved record of any of the journaled entities: its fields are compared by name. */
type Row = Record<string, unknown>;
const SKIP = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'password']);
const text = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));

/** The fields that differ, with their new value (all of them on a creation). */
function changed(saved: Row, existing: Row | null): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(saved)) {
    if (SKIP.has(k)) continue;
    if (!existing || text(v) !== text(existing[k])) out[k] = text(v);
  }
  return out;
}

async function journal(
  trx: Knex.Transaction,
  userId: number | null,
  entity: string,
  id: number,
  action: 'create' | 'update' | 'delete',
  fields: Record<string, string | null>,
) {
  await appendTechnicalEvent(trx, 'setting', { entity, id, action, userId, fields });
}

export function registerSettingJournal(): void {
  // Issue 25 point 11 (docs/history.md#issue-25): VAT rates and the company's identity (SIREN, capital, address…)
  // too; users and rights groups (an administrator made, a user deactivated).
  for (const entity of ['setting', 'bill-counter', 'tva', 'establishment', 'user', 'group']) {
    registerHooks(entity, {
      async afterSave(saved, existing, { trx, userId }) {
        const fields = changed(saved, existing);
        if (Object.keys(fields).length)
          await journal(trx, userId, entity, Number(saved.id), existing ? 'update' : 'create', fields);
      },
      async afterDelete(existing, { trx, userId }) {
        await journal(trx, userId, entity, Number(existing.id), 'delete', {});
      },
    });
  }
}
