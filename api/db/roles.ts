// Least privilege in the database (README « Sécurité des données fiscales »): the
// server's pool logs in as a runtime role that owns nothing and holds only
// SELECT/INSERT/UPDATE/DELETE on the tables, the use of the sequences and the
// execution of the functions — no TRUNCATE, REFERENCES or TRIGGER, no DDL, no
// superuser, so it can neither switch the law's triggers off (`ALTER TABLE … DISABLE
// TRIGGER`, `session_replication_role`) nor empty a table around them. Migrations,
// restores, the first start's seeding and the demo reset run as the owner role.
import type { Knex } from 'knex';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Name of the user a postgres:// URL logs in as. */
export function userOfUrl(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

/**
 * Creates the runtime role when missing (LOGIN, no superuser, no CREATEDB/CREATEROLE,
 * no replication, no RLS bypass), or resets its password and attributes. Needs an
 * owner with CREATEROLE (the embedded cluster's bootstrap user, the test server's).
 */
export async function ensureRuntimeRole(owner: Knex, role: string, password: string): Promise<void> {
  const attrs = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT';
  // A role is cluster-wide: two first starts on one server may race to create it.
  await owner.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`bivouac-role:${role}`]);
    const exists = await trx.raw('SELECT 1 FROM pg_roles WHERE rolname = ?', [role]);
    const verb = exists.rows.length ? 'ALTER' : 'CREATE';
    await trx.raw(`${verb} ROLE ${ident(role)} ${attrs} PASSWORD ${quoteLiteral(password)}`);
  });
}

function quoteLiteral(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** Tables the runtime role only appends to (besides their triggers): what it may not do. */
const APPEND_ONLY: [string, string][] = [
  ['knex_migrations', 'INSERT, UPDATE, DELETE'],
  ['knex_migrations_lock', 'INSERT, UPDATE, DELETE'],
  ['ledger_entry', 'UPDATE, DELETE'],
  ['ledger_key', 'UPDATE, DELETE'],
  ['ledger_head', 'DELETE'],
];

/**
 * The runtime role's grants on every table, sequence and function of `schema`, as
 * they are now (run after each migration and restore, so tables added by any module
 * are covered) and for those the owner creates later (default privileges). The
 * migrations' own bookkeeping is read-only to it.
 */
export async function grantRuntime(owner: Knex, role: string, schema = 'public'): Promise<void> {
  const r = ident(role);
  const s = ident(schema);
  const me = (await owner.raw('SELECT current_user AS u')).rows[0].u as string;
  if (me === role) return; // one-role installation: nothing to grant to oneself
  await owner.transaction(async (trx) => {
    await trx.raw(`GRANT USAGE ON SCHEMA ${s} TO ${r}`);
    await trx.raw(`REVOKE ALL ON ALL TABLES IN SCHEMA ${s} FROM ${r}`);
    await trx.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${r}`);
    await trx.raw(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${r}`);
    await trx.raw(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${r}`);
    for (const [t, what] of APPEND_ONLY) {
      const found = await trx.raw('SELECT to_regclass(?) AS c', [`${s}.${ident(t)}`]);
      if (found.rows[0].c) await trx.raw(`REVOKE ${what} ON ${s}.${ident(t)} FROM ${r}`);
    }
    await trx.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`);
    await trx.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${r}`);
    await trx.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT EXECUTE ON FUNCTIONS TO ${r}`);
  });
}

/**
 * After migrations (and the seeding), as the owner: the runtime role created or its
 * password set when `password` is given (the embedded server, the tests), then its grants.
 */
export async function setUpRuntimeRole(owner: Knex, role: string, password?: string, schema = 'public') {
  const me = (await owner.raw('SELECT current_user AS u')).rows[0].u as string;
  if (me === role) return;
  if (password !== undefined) await ensureRuntimeRole(owner, role, password);
  await grantRuntime(owner, role, schema);
}

/**
 * What is wrong with the role a pool logs in as (French, for the start-up log): a
 * superuser, the owner of tables, or one that may create roles or databases.
 */
export async function privilegeWarnings(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw(
    `SELECT r.rolname, r.rolsuper, r.rolcreaterole, r.rolcreatedb,
            (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE c.relkind IN ('r', 'p') AND pg_has_role(current_user, c.relowner, 'USAGE')
                AND n.nspname = ANY (current_schemas(false)))::int AS owned
       FROM pg_roles r WHERE r.rolname = current_user`,
  );
  const r = rows[0];
  const out: string[] = [];
  if (!r) return out;
  if (r.rolsuper) out.push(`l'utilisateur « ${r.rolname} » de la base est superutilisateur`);
  else if (r.owned > 0) out.push(`l'utilisateur « ${r.rolname} » de la base possède ${r.owned} tables`);
  if (!r.rolsuper && (r.rolcreaterole || r.rolcreatedb))
    out.push(`l'utilisateur « ${r.rolname} » peut créer des rôles ou des bases`);
  return out;
}
