// First start on an empty database: the admin user (password from ADMIN_PASSWORD,
// else generated and printed once), the technical user (no usable password), the
// establishment with its settings, financial years and modules, the usual rights
// groups, and the demo data.
// On every start: the technical user exists, and gets SYSTEM_PASSWORD when set.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword } from '../auth/password';
import { ensureSystemUser } from '../auth/system';
import { seedEstablishment } from '../domain/establishment/seed';
import { seedSecurity } from '../domain/security/seed';
import { seedDemo } from './index';

export interface BootstrapOptions {
  adminPassword?: string;
  /** the technical user's password (SYSTEM_PASSWORD); without it, it cannot log in */
  systemPassword?: string;
  /** false: reference data only, no demo campsite (tests) */
  demo?: boolean;
  log?: (msg: string) => void;
}

export async function bootstrap(
  knex: Knex,
  opts: BootstrapOptions = {},
): Promise<{ created: boolean; adminPassword?: string }> {
  const [{ n }] = await knex('app_user').count({ n: '*' });
  if (Number(n) > 0) {
    await ensureSystemUser(knex, opts.systemPassword);
    await seedEstablishment(knex);
    return { created: false };
  }
  const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
  await knex.transaction(async (trx) => {
    await trx('app_user').insert({
      login: 'admin',
      name: 'Administrateur',
      password: await hashPassword(password),
      isAdmin: true,
    });
    await ensureSystemUser(trx, opts.systemPassword);
    await seedEstablishment(trx);
    await seedSecurity(trx);
    await seedDemo(trx, { demo: opts.demo !== false });
  });
  if (!opts.adminPassword) {
    opts.log?.(`\n  Utilisateur « admin » créé. Mot de passe (affiché une seule fois) : ${password}\n`);
  } else {
    opts.log?.('Utilisateur « admin » créé avec le mot de passe de ADMIN_PASSWORD.');
  }
  return { created: true, adminPassword: password };
}
