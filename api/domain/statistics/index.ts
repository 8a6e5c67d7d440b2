// The statistics module (issue 27): its routes; the jobs live in api/jobs/index.ts.
import type { Knex } from 'knex';
import type Router from '@koa/router';
import { routerOf } from '../../http/define-route';
import { STATISTICS_ROUTES } from './routes';
import { registerConstraintMessage } from '../../db/errors';

/** The service dates' order (migration 0131's check) answered on the field. */
export function registerStatisticsRules(): void {
  registerConstraintMessage('ck_place__in_service_order', 'START_BEFORE_END', ['inServiceUntil']);
}

export function statisticsRouters(knex: () => Knex): Router[] {
  return [routerOf(STATISTICS_ROUTES, knex)];
}
