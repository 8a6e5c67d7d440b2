// The generic /rest/ router: every generated route (api/generated/routes.ts) of
// every entity, in both the spec's §7 (docs/api.md) shape and react-admin's simple-rest shape.
// A route is found by map lookup (dispatch.ts), its right checked, and its
// operation run (operations/, one small file per operation).
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { ROUTES } from '../generated/routes';
import { entityMeta } from './entities';
import { RouteTable } from './dispatch';
import { OPERATIONS } from './operations/index';
import type { AccessChecker } from '../auth/access';
import { readsAsLookup } from './lookups';

export interface RestDeps {
  knex: () => Knex;
  checkAccess: AccessChecker;
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
      body: (ctx.request as { body?: unknown }).body,
    });
  };
  return { routes: () => middleware };
}
