// The stays module: hooks on the generic write path, home tiles and routes.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { registerStayHooks } from './hooks';
import { registerPricingHooks } from './pricing-hooks';
import { registerStayTiles } from './tiles';
import { routerOf } from '../../http/define-route';
import { STAY_ROUTES } from './routes';
import { EXTRA_ROUTES } from './extra-routes';
import { registerCatalogueRules } from '../catalogue/rules';
import { CATALOGUE_ROUTES } from '../catalogue/routes';
import { registerCustomerRules } from '../customers/rules';
import { CUSTOMER_ROUTES } from '../customers/routes';

export function registerStaysModule(): void {
  registerCatalogueRules();
  registerCustomerRules();
  registerStayHooks();
  registerPricingHooks();
  registerStayTiles();
}

export function staysRouters(knex: () => Knex): Router[] {
  return [
    routerOf(CATALOGUE_ROUTES, knex),
    routerOf(CUSTOMER_ROUTES, knex),
    routerOf(EXTRA_ROUTES, knex),
    routerOf(STAY_ROUTES, knex),
  ];
}
