// The generic /rest/ router: every generated route (api/generated/routes.ts) of
// every entity, in both the spec's §7 shape and react-admin's simple-rest shape.
// A route is found by map lookup (dispatch.ts), its right checked, and its
// operation run (operations/, one small file per operation).
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { ROUTES } from '../generated/routes';
import { entityMeta } from './entities';
import { RouteTable } from './dispatch';
import { OPERATIONS } from './operations/index';
import { holds, type AccessChecker, type SessionUser } from '../auth/access';
import { ENTITY_METAS } from '../../common/generated/meta/index';

export interface RestDeps {
  knex: () => Knex;
  checkAccess: AccessChecker;
}

/**
 * Who may read an entity as a lookup: the functionalities of the entities that point at it.
 * A receptionist who may read the stays reads the access channels and countries their fields
 * name (labels of a select), without the settings right over those lists. Reference data
 * only: people, stays, money and users are read with their own right, never as a lookup.
 */
const PRIVATE = /^(customer|booking|resident)\.|^establishment\.users$|^invoice\.(bill|payment|bank|journal)$|^sale\./;
/** Reference lists under a private functionality: the campsite's banks and accounts (a payment method names one). */
const REFERENCE_LISTS = new Set(['bank', 'bank-account']);
const LOOKUP_READERS = new Map<string, Set<string>>();
for (const m of ENTITY_METAS) {
  for (const f of m.fields) {
    const target = f.ref && ENTITY_METAS.find((t) => t.name === f.ref!.entity);
    if (!target || target === m || (PRIVATE.test(target.functionality) && !REFERENCE_LISTS.has(target.name))) continue;
    const readers = LOOKUP_READERS.get(target.name) ?? new Set<string>();
    readers.add(m.functionality);
    LOOKUP_READERS.set(target.name, readers);
  }
}

/** A read refused on the entity's own functionality is let through for a lookup reader. */
function readsAsLookup(user: SessionUser | undefined, entity: string): boolean {
  const readers = LOOKUP_READERS.get(entity);
  return !!user && !!readers && [...readers].some((f) => holds(user, f, 'read'));
}

export function restRouter(deps: RestDeps): { routes(): Middleware } {
  const table = new RouteTable(ROUTES);
  const middleware: Middleware = async (ctx, next) => {
    if (!ctx.path.startsWith('/rest/')) return next();
    const found = table.match(ctx.method, ctx.path);
    if (!found) return next();
    const { route, params } = found;
    const meta = entityMeta(route.entity);
    try {
      await deps.checkAccess(ctx, meta.functionality, route.access);
    } catch (refused) {
      // Only a refused read looks at the lookup readers: an allowed request never pays for it.
      if (route.access !== 'read' || !readsAsLookup(ctx.state.user, meta.name)) throw refused;
    }
    ctx.params = params;
    await OPERATIONS[route.op]({
      ctx,
      meta,
      route,
      params,
      knex: deps.knex(),
      userId: ctx.state.user?.id ?? null,
      body: (ctx.request as any).body,
    });
  };
  return { routes: () => middleware };
}
