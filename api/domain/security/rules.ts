// Rules on the generic write path of the rights entities (group-right, user-right,
// user-group): flags closed upward (delete ⇒ write ⇒ read, export ⇒ read), the
// technical user and administrators protected, no grant beyond the manager's own,
// and the specific-rights rule of §6 (docs/rights.md) (a change of specific rights removes the user
// from every group while keeping those rights) as on POST …/set_right.
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { normalise, type RightFlags } from '../../../common/rights';
import { loadGroupRights, loadRights } from '../../auth/rights';
import { actorOf } from '../../auth/users';
import { assertCanGrant, assertCanManage, leaveGroupsKeepingRights, newlyGranted, type Manager } from './rights';

async function managerFor(trx: Knex.Transaction, userId: number | null): Promise<Manager | null> {
  const a = await actorOf(trx, userId);
  if (!a) return null;
  return { ...a, rights: a.isAdmin ? new Map() : await loadRights(trx, a.id) };
}

async function assertManages(trx: Knex.Transaction, manager: Manager, userId: number): Promise<void> {
  const target = await trx('app_user').where('id', userId).first('isAdmin', 'isSystem');
  if (target) assertCanManage(manager, target);
}

/** What these rules read of a group's or a user's right (a user right always names its user). */
type RightRow = Partial<RightFlags> & { functionality: string; userId?: number };

const flags = (r: Partial<RightFlags>): RightFlags => normalise({ ...r, canRead: r.canRead || r.canExport });

export function registerSecurityRules(): void {
  registerConstraintMessage('uq_rights_group__label', 'VALUE_ALREADY_ASSIGNED');
  for (const entity of ['group-right', 'user-right'] as const) {
    registerHooks(entity, {
      async beforeSave(rec: RightRow, existing: RightRow | null, { trx, userId }) {
        Object.assign(rec, flags(rec));
        const manager = await managerFor(trx, userId);
        if (manager && entity === 'user-right') {
          await assertManages(trx, manager, rec.userId!);
          if (existing && existing.userId !== rec.userId) await assertManages(trx, manager, existing.userId!);
        }
        if (manager) {
          const before = new Map<string, RightFlags>();
          if (existing && existing.userId === rec.userId && existing.functionality === rec.functionality)
            before.set(existing.functionality, flags(existing));
          assertCanGrant(manager, newlyGranted(before, new Map([[rec.functionality, flags(rec)]])));
        }
        if (entity === 'user-right') {
          // The row being written (and the one it replaces) carry the change itself.
          const sameUser = existing?.userId === rec.userId;
          await leaveGroupsKeepingRights(
            trx,
            rec.userId!,
            [rec.functionality, sameUser ? existing?.functionality : undefined],
            userId,
          );
          if (existing && !sameUser)
            await leaveGroupsKeepingRights(trx, existing.userId!, [existing.functionality], userId);
        }
      },
      async beforeDelete(existing: RightRow, { trx, userId }) {
        if (entity !== 'user-right') return;
        const manager = await managerFor(trx, userId);
        if (manager) await assertManages(trx, manager, existing.userId!);
        await leaveGroupsKeepingRights(trx, existing.userId!, [existing.functionality], userId);
      },
    });
  }
  registerHooks('user-group', {
    async beforeSave(rec, existing, { trx, userId }) {
      const manager = await managerFor(trx, userId);
      if (!manager) return;
      // Both ends of a changed membership: the user who joins and the one who leaves.
      await assertManages(trx, manager, rec.userId);
      if (existing && existing.userId !== rec.userId) await assertManages(trx, manager, existing.userId);
      assertCanGrant(manager, await loadGroupRights(trx, rec.groupId));
    },
    async beforeDelete(existing, { trx, userId }) {
      const manager = await managerFor(trx, userId);
      if (manager) await assertManages(trx, manager, existing.userId);
    },
  });
}
