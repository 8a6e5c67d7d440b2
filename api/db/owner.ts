// The owner role, for the few writes the runtime role may not do: a restore (it drops
// and recreates the schema) and the demo reset (it empties tables). Its credentials
// are not in the server's pool: each use opens one connection, then closes it. Without
// an owner (a one-role installation: DATABASE_URL alone) the server's own pool is used.
import type { Knex } from 'knex';
import type Koa from 'koa';
import { openDatabase } from './connect';
import { grantRuntime, userOfUrl } from './roles';

export interface OwnerAccess {
  /** postgres://… of the owner role, read when needed (the embedded one from DATA_DIR) */
  url(): string;
}

/**
 * Runs `fn` with a connection of the owner role when the server has one (then grants
 * the runtime role what a restore or a migration may have created), else with `knex`.
 */
export async function withOwner<T>(
  owner: OwnerAccess | undefined,
  knex: Knex,
  fn: (owner: Knex) => Promise<T>,
): Promise<T> {
  if (!owner) return fn(knex);
  const runtimeRole = (await knex.raw('SELECT current_user AS u')).rows[0].u as string;
  const schema = (await knex.raw('SELECT current_schema() AS s')).rows[0].s as string;
  const url = owner.url();
  if (userOfUrl(url) === runtimeRole) return fn(knex);
  const db = await openDatabase({ url, schema, pool: 1, statementTimeoutMs: 0 });
  try {
    const out = await fn(db.knex);
    await grantRuntime(db.knex, runtimeRole, schema);
    return out;
  } finally {
    await db.close();
  }
}

/** The owner access the application was built with (see createApp). */
export function ownerOf(ctx: Koa.Context): OwnerAccess | undefined {
  return ctx.state.ownerAccess as OwnerAccess | undefined;
}
