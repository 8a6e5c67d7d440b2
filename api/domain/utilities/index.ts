// The utilities module (§2 Utilities): file check and purge, grid history purge, V1 import.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { routerOf } from '../../http/define-route';
import { UTILITY_ROUTES } from './routes';

export function utilitiesRouters(knex: () => Knex): Router[] {
  return [routerOf(UTILITY_ROUTES, knex)];
}
