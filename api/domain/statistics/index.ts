// The statistics module (issue 27, docs/statistics.md): its routes; the jobs live in api/jobs/index.ts.
import type { DomainModule } from '../module';
import { STATISTICS_ROUTES } from './routes';
import { registerConstraintMessage } from '../../db/errors';

/** The service dates' order (migration 0131's check) answered on the field. */
function registerStatisticsRules(): void {
  registerConstraintMessage('ck_place__in_service_order', 'START_BEFORE_END', ['inServiceUntil']);
}

export const statisticsModule: DomainModule = {
  name: 'statistics',
  register: registerStatisticsRules,
  routes: () => STATISTICS_ROUTES,
};
