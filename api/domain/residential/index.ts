// The residential module: rules of contracts, price periods and sublets on the generic
// write path, the home tiles, and the rent receipt, resident and contract routes. See README.md.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { routerOf } from '../../http/define-route';
import { registerResidentialRules } from './rules';
import { registerResidentialTiles } from './tiles';
import { RESIDENTIAL_ROUTES } from './routes';

export function registerResidentialModule(): void {
  registerResidentialRules();
  registerResidentialTiles();
}

export function residentialRouters(knex: () => Knex): Router[] {
  return [routerOf(RESIDENTIAL_ROUTES, knex)];
}
