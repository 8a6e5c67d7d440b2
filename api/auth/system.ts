// The technical (system) user: created with the first users, with no usable
// password. Its password is set only from the server's environment
// (SYSTEM_PASSWORD), never through the API: administrators cannot become it.
import type { Knex } from 'knex';
import { hashPassword } from './password';

export const SYSTEM_LOGIN = 'systeme';

export async function ensureSystemUser(knex: Knex | Knex.Transaction, password?: string): Promise<number> {
  let row = await knex('app_user').where({ isSystem: true }).orderBy('id').first('id');
  if (!row) {
    // A login already taken by a staff user is not hijacked: the technical user gets another.
    const taken = await knex('app_user').where('login', SYSTEM_LOGIN).first('id');
    [row] = await knex('app_user')
      .insert({
        login: taken ? `${SYSTEM_LOGIN}-technique` : SYSTEM_LOGIN,
        name: 'Utilisateur technique',
        password: null,
        isAdmin: true,
        isSystem: true,
        isActive: true,
      })
      .returning('id');
  }
  if (password)
    await knex('app_user')
      .where('id', row.id)
      .update({ password: await hashPassword(password), updatedAt: knex.fn.now() });
  return row.id;
}
