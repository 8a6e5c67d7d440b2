// Every hand-written route (auth and domain routers) appears in the OpenAPI document
// served at /rest/openapi.json, with its method: a new route cannot land undocumented.
import { describe, expect, it } from 'vitest';
import type Router from '@koa/router';
import { domainRouters } from '../../../api/domain/index';
import { authRoutes } from '../../../api/auth/routes';
import { OPENAPI_ROUTES, openApiDocument } from '../../../api/http/openapi-doc';
import { routerOf } from '../../../api/http/define-route';

const noDb = (): never => {
  throw new Error('no database in this test');
};

/** `/rest/x/:id` → `/rest/x/{id}`; a `:action` segment stands for each documented action. */
const toOpenApi = (path: string) => path.replace(/:([A-Za-z]+)(\([^)]*\))?/g, '{$1}');

function routesOf(routers: Router[]): { method: string; path: string }[] {
  return routers.flatMap((r) =>
    r.stack.flatMap((layer) =>
      layer.methods
        .filter((m) => m !== 'HEAD')
        .map((m) => ({ method: m.toLowerCase(), path: toOpenApi(layer.path as string) })),
    ),
  );
}

describe('OpenAPI document', () => {
  const routers = [
    ...domainRouters({ knex: noDb } as any),
    routerOf(authRoutes({ cookie: 'bivouac_sid_test', secure: false, loadUser: noDb }), noDb),
    routerOf(OPENAPI_ROUTES, noDb),
  ];
  const routes = routesOf(routers);
  const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;

  it('finds the hand-written routes', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('documents every hand-written route with its method', () => {
    const missing = routes
      .filter(({ method, path }) => {
        if (path.includes('{action}')) {
          const prefix = path.slice(0, path.indexOf('{action}'));
          return !Object.entries(paths).some(([p, item]) => p.startsWith(prefix) && method in item);
        }
        return !(paths[path] && method in paths[path]);
      })
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });
});
