// The rights map of a non-admin user: the union of the rights of the active groups
// the user belongs to and of the user's specific rights. Every functionality of
// §6 (docs/rights.md) is present in the map (none granted by default), so that the admin's guard —
// "a functionality missing from the map means allowed" — never opens by omission.
import type { Knex } from 'knex';
import { FUNCTIONALITY_KEYS } from '../../common/functionalities';
import { NO_RIGHT, normalise, union, type RightFlags } from '../../common/rights';
import { clearSessionCache } from './session';

const FLAGS = ['functionality', 'canRead', 'canWrite', 'canDelete', 'canExport'] as const;

export function rightsFromRows(rows: Partial<RightFlags & { functionality: string }>[]): Map<string, RightFlags> {
  const map = new Map<string, RightFlags>(FUNCTIONALITY_KEYS.map((k) => [k, { ...NO_RIGHT }]));
  for (const r of rows) {
    if (!r.functionality || !map.has(r.functionality)) continue;
    map.set(r.functionality, union(map.get(r.functionality)!, normalise(r)));
  }
  return map;
}

export async function loadRights(knex: Knex | Knex.Transaction, userId: number): Promise<Map<string, RightFlags>> {
  const fromGroups = knex('group_right as r')
    .join('user_group as ug', 'ug.group_id', 'r.group_id')
    .join('rights_group as g', 'g.id', 'r.group_id')
    .where('ug.user_id', userId)
    .where('g.is_active', true)
    .select(FLAGS.map((f) => `r.${f}`));
  const rows = await knex('user_right')
    .where('userId', userId)
    .select([...FLAGS])
    .unionAll(fromGroups);
  return rightsFromRows(rows);
}

export async function loadSpecificRights(
  knex: Knex | Knex.Transaction,
  userId: number,
): Promise<Map<string, RightFlags>> {
  return rightsFromRows(
    await knex('user_right')
      .where('userId', userId)
      .select([...FLAGS]),
  );
}

export async function loadGroupRights(
  knex: Knex | Knex.Transaction,
  groupId: number,
): Promise<Map<string, RightFlags>> {
  return rightsFromRows(
    await knex('group_right')
      .where('groupId', groupId)
      .select([...FLAGS]),
  );
}

/** Replaces the rows of a group's or a user's rights (only granted functionalities are stored). */
export async function writeRights(
  trx: Knex.Transaction,
  table: 'group_right' | 'user_right',
  owner: { groupId: number } | { userId: number },
  rights: Map<string, RightFlags>,
): Promise<void> {
  await trx(table).where(owner).delete();
  clearSessionCache(trx);
  const rows = [...rights]
    .filter(([, f]) => f.canRead)
    .map(([functionality, f]) => ({ ...owner, functionality, ...normalise(f) }));
  if (rows.length) await trx(table).insert(rows);
}
