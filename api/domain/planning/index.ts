// The planning module: the board (/planning), extras and cleaning plannings, the site
// plan (/plan) and the new-booking wizard's server side. See README.md.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { registerCleaningHooks } from './cleaning';
import { routerOf } from '../../http/define-route';
import { PLANNING_ROUTES } from './routes';

export function registerPlanningModule(): void {
  registerCleaningHooks();
}

export function planningRouters(knex: () => Knex): Router[] {
  return [routerOf(PLANNING_ROUTES, knex)];
}

export { registerPaymentSource } from './payments';
export { syncDepartureTasks } from './cleaning';
