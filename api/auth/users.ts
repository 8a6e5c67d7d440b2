// Rules of the user entity that no schema expresses: passwords are hashed and
// long enough (settings), a new user needs one, at least one active user always
// remains, only administrators touch administrators or the admin flag, only the
// technical user touches the technical user, and a changed password or a
// deactivation ends the user's other sessions.
import type { Knex } from 'knex';
import { registerHooks } from '../rest/entities';
import { registerConstraintMessage } from '../db/errors';
import { HttpError, badRequest } from '../http/errors';
import { formatMessage } from '../../common/messages';
import { hashPassword } from './password';
import { PASSWORD_FLOOR, readSettings } from './settings';
import { destroyUserSessions } from './session';
import type { RightFlags, SessionUser } from './access';

export { PASSWORD_FLOOR };

export interface Actor {
  id: number;
  isAdmin: boolean;
  isSystem: boolean;
}

/** The user behind a write; null for the server itself (seeds, bootstrap). */
export async function actorOf(trx: Knex | Knex.Transaction, userId: number | null): Promise<Actor | null> {
  if (!userId) return null;
  const u = await trx('app_user').where('id', userId).first('id', 'isAdmin', 'isSystem');
  return u ? { id: u.id, isAdmin: !!u.isAdmin, isSystem: !!u.isSystem } : null;
}

export function registerUserRules(): void {
  registerConstraintMessage('uq_app_user__login', 'LOGIN_EXISTS');
  registerHooks('user', {
    async beforeSave(rec, existing, { trx, userId }) {
      const actor = await actorOf(trx, userId);
      if (actor && existing?.isSystem && !actor.isSystem) throw new HttpError(401, 'SYSTEM_USER_PROTECTED');
      if (actor && !actor.isAdmin && (rec.isAdmin || existing?.isAdmin)) throw new HttpError(401, 'ADMIN_ONLY');
      const { minPasswordLength } = await readSettings(trx);
      const min = Math.max(PASSWORD_FLOOR, minPasswordLength);
      if (typeof rec.password === 'string' && rec.password !== '') {
        if ([...rec.password].length < min)
          throw badRequest('VALIDATION_FAILED', { password: formatMessage('PASSWORD_TOO_SHORT', { limit: min }) });
        rec.password = await hashPassword(rec.password);
        // Another user's password changed: their sessions end (same transaction).
        if (existing && existing.id !== userId) await destroyUserSessions(trx, existing.id);
      } else {
        if (!existing) throw badRequest('VALIDATION_FAILED', { password: formatMessage('PASSWORD_REQUIRED') });
        delete rec.password;
      }
      if (existing && existing.isActive && rec.isActive === false) {
        await keepOneActive(trx, existing.id);
        await destroyUserSessions(trx, existing.id);
      }
    },
    async beforeDelete(existing, { trx, userId }) {
      const actor = await actorOf(trx, userId);
      if (actor && existing.isSystem && !actor.isSystem) throw new HttpError(401, 'SYSTEM_USER_PROTECTED');
      if (actor && !actor.isAdmin && existing.isAdmin) throw new HttpError(401, 'ADMIN_ONLY');
      await keepOneActive(trx, existing.id);
    },
  });
}

/** "At least one user must always exist": an active user who is not the technical user. */
async function keepOneActive(trx: Knex.Transaction, leavingId: number): Promise<void> {
  const [{ n }] = await trx('app_user')
    .where({ isActive: true, isSystem: false })
    .whereNot('id', leavingId)
    .count({ n: '*' });
  if (Number(n) === 0) throw badRequest('AT_LEAST_ONE_USER');
}

export type RightsSource = (knex: Knex, userId: number) => Promise<Map<string, RightFlags>>;

export async function loadSessionUser(knex: Knex, id: number, rights: RightsSource): Promise<SessionUser> {
  const u = await knex('app_user').where({ id }).first();
  return {
    id: u.id,
    login: u.login,
    name: u.name,
    isAdmin: u.isAdmin,
    isSystem: u.isSystem,
    rights: u.isAdmin ? new Map() : await rights(knex, id),
  };
}
