// Rules on the generic write path of the rights entities (group-right, user-right,
// user-group): flags closed upward (delete ⇒ write ⇒ read, export ⇒ read), the
// technical user and administrators protected, no grant beyond the manager's own.
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { normalise, type RightFlags } from '../../../common/rights';
import { loadGroupRights, loadRights } from '../../auth/rights';
import { actorOf } from '../../auth/users';
import { assertCanGrant, assertCanManage, newlyGranted, type Manager } from './rights';

async function managerFor(trx: Knex.Transaction, userId: number | null): Promise<Manager | null> {
  const a = await actorOf(trx, userId);
  if (!a) return null;
  return { ...a, rights: a.isAdmin ? new Map() : await loadRights(trx, a.id) };
}

const flags = (r: Record<string, any>): RightFlags => normalise({ ...r, canRead: r.canRead || r.canExport });

export function registerSecurityRules(): void {
  registerConstraintMessage('uq_rights_group__label', 'VALUE_ALREADY_ASSIGNED');
  for (const entity of ['group-right', 'user-right'] as const) {
    registerHooks(entity, {
      async beforeSave(rec, existing, { trx, userId }) {
        Object.assign(rec, flags(rec));
        const manager = await managerFor(trx, userId);
        if (!manager) return;
        if (entity === 'user-right') {
          const target = await trx('app_user').where('id', rec.userId).first('isAdmin', 'isSystem');
          if (target) assertCanManage(manager, target);
        }
        const before = new Map<string, RightFlags>();
        if (existing && existing.functionality === rec.functionality) before.set(existing.functionality, flags(existing));
        assertCanGrant(manager, newlyGranted(before, new Map([[rec.functionality, flags(rec)]])));
      },
      async beforeDelete(existing, { trx, userId }) {
        if (entity !== 'user-right') return;
        const manager = await managerFor(trx, userId);
        const target = await trx('app_user').where('id', existing.userId).first('isAdmin', 'isSystem');
        if (manager && target) assertCanManage(manager, target);
      },
    });
  }
  registerHooks('user-group', {
    async beforeSave(rec, _existing, { trx, userId }) {
      const manager = await managerFor(trx, userId);
      if (!manager) return;
      const target = await trx('app_user').where('id', rec.userId).first('isAdmin', 'isSystem');
      if (target) assertCanManage(manager, target);
      assertCanGrant(manager, await loadGroupRights(trx, rec.groupId));
    },
    async beforeDelete(existing, { trx, userId }) {
      const manager = await managerFor(trx, userId);
      const target = await trx('app_user').where('id', existing.userId).first('isAdmin', 'isSystem');
      if (manager && target) assertCanManage(manager, target);
    },
  });
}
