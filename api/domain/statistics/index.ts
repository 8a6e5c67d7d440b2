// The statistics module (issue 27): its routes; the jobs live in api/jobs/index.ts.
import type { Knex } from 'knex';
import type Router from '@koa/router';
import { routerOf } from '../../http/define-route';
import { STATISTICS_ROUTES } from './routes';

export function statisticsRouters(knex: () => Knex): Router[] {
  return [routerOf(STATISTICS_ROUTES, knex)];
}
