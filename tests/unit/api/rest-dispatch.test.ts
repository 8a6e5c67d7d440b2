// The generic router's map dispatch finds, for every generated route, the route
// koa-router's linear scan found (the first registered that matches), and static
// paths win over parametric ones.
import { describe, expect, it } from 'vitest';
import Router from '@koa/router';
import { ROUTES } from '../../../api/generated/routes';
import { RouteTable } from '../../../api/rest/dispatch';

const concrete = (path: string) =>
  path
    .replace(':from', '2030-01-01')
    .replace(':to', '2030-02-01')
    .replace(/:[a-zA-Z]+/g, '42');

describe('RouteTable', () => {
  const table = new RouteTable(ROUTES);
  const linear = new Router();
  ROUTES.forEach((r, i) => linear.register(r.path, [r.method], () => {}, { name: String(i) }));

  it('matches every generated route as the linear scan of koa-router did', () => {
    for (const r of ROUTES) {
      const path = concrete(r.path);
      const found = table.match(r.method, path);
      const first = linear.match(path, r.method).pathAndMethod[0];
      expect(found?.route, `${r.method} ${path}`).toBe(ROUTES[Number(first.name)]);
    }
  });

  it('takes parameters from the path, decoded; HEAD is GET; a trailing slash is ignored', () => {
    expect(table.match('GET', '/rest/country/7')?.params).toEqual({ id: '7' });
    expect(table.match('HEAD', '/rest/country/7/')?.route.op).toBe('get');
    const active = table.match('GET', '/rest/establishment/activity-period/active/2030-01-01/2030%2D02%2D01');
    expect(active?.route.op).toBe('active');
    expect(active?.params).toEqual({ from: '2030-01-01', to: '2030-02-01' });
  });

  it('prefers static paths and finds nothing for unknown shapes', () => {
    expect(table.match('GET', '/rest/country/export')?.route.op).toBe('export');
    expect(table.match('GET', '/rest/country/edit/0')?.route.op).toBe('getEdit');
    expect(table.match('PATCH', '/rest/country/1')).toBeUndefined();
    expect(table.match('GET', '/rest/nowhere/1')).toBeUndefined();
    expect(table.match('GET', '/rest/country/1/2/3')).toBeUndefined();
    expect(table.match('GET', '/rest/country/%E0%A4%A')).toBeUndefined();
  });
});
