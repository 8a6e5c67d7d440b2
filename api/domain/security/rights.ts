// Rights of users and groups (§6, docs/rights.md): reading the effective rights, replacing a
// group's rights, setting a user's specific rights ("changing specific rights
// removes the user from every group while keeping those rights") and the groups
// of a user. A non-admin manager never grants a right they do not hold.
import type { Knex } from 'knex';
import { FUNCTIONALITY_KEYS } from '../../../common/functionalities';
import { ALL_RIGHTS, includes, toGroups, NO_RIGHT, type RightFlags } from '../../../common/rights';
import { HttpError, notFound } from '../../http/errors';
import { loadGroupRights, loadRights, loadSpecificRights, writeRights } from '../../auth/rights';
import { clearSessionCache } from '../../auth/session';
import type { SessionUser } from '../../auth/access';
import { recordHistory } from '../../rest/history';
import { entityMeta } from '../../rest/entities';
import type { GroupRecord } from '../../../common/generated/types';

/** A rights group as these queries select it. */
type GroupRow = Pick<GroupRecord, 'id' | 'label' | 'isActive'>;

export interface Manager {
  id: number;
  isAdmin: boolean;
  isSystem: boolean;
  rights: Map<string, RightFlags>;
}

/** What `next` grants that `current` did not. */
export function newlyGranted(current: Map<string, RightFlags>, next: Map<string, RightFlags>): Map<string, RightFlags> {
  const out = new Map<string, RightFlags>();
  for (const [k, f] of next) {
    const c = current.get(k) ?? NO_RIGHT;
    const g = {
      canRead: f.canRead && !c.canRead,
      canWrite: f.canWrite && !c.canWrite,
      canDelete: f.canDelete && !c.canDelete,
      canExport: f.canExport && !c.canExport,
    };
    if (g.canRead || g.canWrite || g.canDelete || g.canExport) out.set(k, g);
  }
  return out;
}

/** Refuses a grant beyond the manager's own rights (administrators hold them all). */
export function assertCanGrant(manager: Manager, granted: Map<string, RightFlags>): void {
  if (manager.isAdmin) return;
  for (const [k, f] of granted) {
    if (!includes(manager.rights.get(k) ?? NO_RIGHT, f)) throw new HttpError(401, 'RIGHT_NOT_HELD');
  }
}

async function targetUser(knex: Knex | Knex.Transaction, userId: number) {
  const u = await knex('app_user').where('id', userId).first('id', 'login', 'name', 'isAdmin', 'isSystem');
  if (!u) throw notFound();
  return u;
}

/** Managing a user: the technical user only by itself, an administrator only by administrators. */
export function assertCanManage(manager: Manager, target: { isAdmin: boolean; isSystem: boolean }): void {
  if (target.isSystem && !manager.isSystem) throw new HttpError(401, 'SYSTEM_USER_PROTECTED');
  if (target.isAdmin && !manager.isAdmin) throw new HttpError(401, 'ADMIN_ONLY');
}

export async function userRightsView(knex: Knex, userId: number) {
  const u = await targetUser(knex, userId);
  const effective = u.isAdmin
    ? new Map(FUNCTIONALITY_KEYS.map((k) => [k, { ...ALL_RIGHTS }]))
    : await loadRights(knex, userId);
  const groups = await knex('user_group as ug')
    .join('rights_group as g', 'g.id', 'ug.group_id')
    .where('ug.user_id', userId)
    .distinct('g.id', 'g.label', 'g.is_active')
    .orderBy('g.label');
  const [{ n }] = await knex('user_right').where('userId', userId).count({ n: '*' });
  return {
    userId: u.id,
    login: u.login,
    name: u.name,
    admin: !!u.isAdmin,
    systeme: !!u.isSystem,
    groups: groups.map((g: GroupRow) => ({ id: g.id, label: g.label, isActive: g.isActive })),
    /** the user holds specific rights of their own */
    specific: Number(n) > 0,
    rights: Object.fromEntries(effective),
    functionalities: toGroups(Object.fromEntries(effective)),
  };
}

/**
 * The user's specific rights become their current effective rights (group rights
 * included) overlaid with the given entries; the user leaves every group.
 */
export async function setUserRights(
  knex: Knex,
  manager: Manager,
  userId: number,
  given: Map<string, RightFlags>,
): Promise<void> {
  await knex.transaction(async (trx) => {
    const u = await trx('app_user').where('id', userId).forUpdate().first('id', 'name', 'isAdmin', 'isSystem');
    if (!u) throw notFound();
    assertCanManage(manager, u);
    const current = await loadRights(trx, userId);
    const next = new Map(current);
    for (const [k, f] of given) next.set(k, f);
    assertCanGrant(manager, newlyGranted(current, next));
    const before = await loadSpecificRights(trx, userId);
    const groups = await trx('user_group as ug')
      .join('rights_group as g', 'g.id', 'ug.group_id')
      .where('ug.user_id', userId)
      .distinct('g.label');
    await writeRights(trx, 'user_right', { userId }, next);
    await trx('user_group').where('userId', userId).delete();
    const summary = [...next].filter(([k, f]) => JSON.stringify(before.get(k)) !== JSON.stringify(f)).map(([k]) => k);
    const left = groups.length
      ? ` ; retiré des groupes : ${groups.map((g: Pick<GroupRow, 'label'>) => g.label).join(', ')}`
      : '';
    await recordHistory(trx, {
      userId: manager.id,
      entity: entityMeta('user'),
      recordId: userId,
      action: 'action',
      detail: `Droits spécifiques modifiés (${summary.length ? summary.join(', ') : 'aucun changement'})${left}`,
    });
  });
}

/**
 * The specific-rights rule on a single change of a user's specific rights (the
 * generic user-right routes): the user leaves every group, keeping what the groups
 * granted as specific rights — except on the functionalities in `skip`, which the
 * change itself is about to set. Answers the labels of the groups left.
 */
export async function leaveGroupsKeepingRights(
  trx: Knex.Transaction,
  userId: number,
  skip: (string | undefined)[],
  managerId: number | null,
): Promise<string[]> {
  const groups = await trx('user_group as ug')
    .join('rights_group as g', 'g.id', 'ug.group_id')
    .where('ug.user_id', userId)
    .distinct('g.label')
    .orderBy('g.label');
  if (!groups.length) return [];
  const effective = await loadRights(trx, userId);
  const rows = [...effective]
    .filter(([k, f]) => f.canRead && !skip.includes(k))
    .map(([functionality, f]) => ({ userId, functionality, ...f }));
  if (rows.length)
    await trx('user_right')
      .insert(rows)
      .onConflict(['user_id', 'functionality'])
      .merge(['can_read', 'can_write', 'can_delete', 'can_export', 'updated_at']);
  await trx('user_group').where('userId', userId).delete();
  clearSessionCache(trx); // the user's next request sees the new rights
  const labels = groups.map((g: Pick<GroupRow, 'label'>) => g.label);
  await recordHistory(trx, {
    userId: managerId,
    entity: entityMeta('user'),
    recordId: userId,
    action: 'action',
    detail: `Droits spécifiques modifiés ; retiré des groupes : ${labels.join(', ')}`.slice(0, 200),
  });
  return labels;
}

export async function groupRightsView(knex: Knex, groupId: number) {
  const g = await knex('rights_group').where('id', groupId).first('id', 'label', 'isActive');
  if (!g) throw notFound();
  const rights = Object.fromEntries(await loadGroupRights(knex, groupId));
  const members = await knex('user_group as ug')
    .join('app_user as u', 'u.id', 'ug.user_id')
    .where('ug.group_id', groupId)
    .distinct('u.id', 'u.login', 'u.name')
    .orderBy('u.name');
  return { groupId: g.id, label: g.label, isActive: g.isActive, members, rights, functionalities: toGroups(rights) };
}

export async function setGroupRights(
  knex: Knex,
  manager: Manager,
  groupId: number,
  given: Map<string, RightFlags>,
): Promise<void> {
  await knex.transaction(async (trx) => {
    const g = await trx('rights_group').where('id', groupId).forUpdate().first('id', 'label');
    if (!g) throw notFound();
    const current = await loadGroupRights(trx, groupId);
    const next = new Map(current);
    for (const [k, f] of given) next.set(k, f);
    const changed = new Map([...next].filter(([k, f]) => JSON.stringify(current.get(k)) !== JSON.stringify(f)));
    assertCanGrant(manager, newlyGranted(current, next));
    await writeRights(trx, 'group_right', { groupId }, next);
    if (changed.size) {
      await recordHistory(trx, {
        userId: manager.id,
        entity: entityMeta('group'),
        recordId: groupId,
        action: 'action',
        detail: `Droits du groupe modifiés (${[...changed.keys()].join(', ')})`,
      });
    }
  });
}

/** Replaces the groups of a user (duplicates and unknown ids refused). */
export async function setUserGroups(knex: Knex, manager: Manager, userId: number, groupIds: number[]): Promise<void> {
  await knex.transaction(async (trx) => {
    const u = await trx('app_user').where('id', userId).forUpdate().first('id', 'isAdmin', 'isSystem');
    if (!u) throw notFound();
    assertCanManage(manager, u);
    const ids = [...new Set(groupIds)];
    const found: Pick<GroupRow, 'id' | 'label'>[] = ids.length
      ? await trx('rights_group').whereIn('id', ids).select('id', 'label')
      : [];
    if (found.length !== ids.length) throw notFound();
    const current: number[] = (await trx('user_group').where('userId', userId).select('groupId')).map(
      (r: { groupId: number }) => r.groupId,
    );
    const added = ids.filter((id) => !current.includes(id));
    for (const id of added) assertCanGrant(manager, await loadGroupRights(trx, id));
    await trx('user_group').where('userId', userId).delete();
    if (ids.length) await trx('user_group').insert(ids.map((groupId) => ({ userId, groupId })));
    clearSessionCache(trx); // the user's next request sees the new rights
    const removed = current.filter((id) => !ids.includes(id));
    if (added.length || removed.length) {
      const label = (id: number) => found.find((g) => g.id === id)?.label ?? `#${id}`;
      await recordHistory(trx, {
        userId: manager.id,
        entity: entityMeta('user'),
        recordId: userId,
        action: 'action',
        detail:
          `Groupes : ${[...added.map((id) => `+ ${label(id)}`), ...removed.map((id) => `− #${id}`)].join(', ')}`.slice(
            0,
            200,
          ),
      });
    }
  });
}

export const managerOf = (u: SessionUser): Manager => ({
  id: u.id,
  isAdmin: u.isAdmin,
  isSystem: u.isSystem,
  rights: u.rights,
});
