// The settings of a module kind as the code reads them (§2 (docs/screens.md#admin) Admin › Modules): the active
// record's settings (the first one when none is active: a campsite fills the form
// before ticking « actif »), over the catalogue's defaults (common/modules.ts).
import type { Knex } from 'knex';
import { defaultSettings } from '../../../common/modules';

type Db = Knex | Knex.Transaction;

export async function moduleSettings(db: Db, kind: string): Promise<Record<string, unknown>> {
  const rec = await db('module_config')
    .where('kind', kind)
    .orderBy([{ column: 'isActive', order: 'desc' }, { column: 'id' }])
    .first('settings');
  const stored = (rec?.settings ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...defaultSettings(kind) };
  // An emptied field of the form is stored as null or '': it means « not set ».
  for (const [k, v] of Object.entries(stored)) if (v !== null && v !== '') out[k] = v;
  return out;
}

/** A text setting, trimmed, or null when empty. */
export const textSetting = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
