// Concierge (issue 30): services ordered as stay extras with their date and time, and the
// provider's daily list (screen, CSV, e-mail each morning and on demand).
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { routerOf } from '../../http/define-route';
import { CONCIERGE_ROUTES } from './routes';

export function conciergeRouters(knex: () => Knex): Router[] {
  return [routerOf(CONCIERGE_ROUTES, knex)];
}

export { sendDailyConciergeList } from './daily';
