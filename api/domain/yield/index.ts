// The yield management module (issue 30 (docs/history.md#issue-30), README.md of this folder): rules per place type
// and period, a preview and an application that writes new grid versions, a journal, the
// nightly job and the connector interface to outside revenue systems.
import type { DomainModule } from '../module';
import { registerConstraintMessage } from '../../db/errors';
import { YIELD_ROUTES } from './routes';

function registerYieldModule(): void {
  // migration 0481: the rule's cross-field checks, in French on the field concerned
  registerConstraintMessage('ck_yield_rule__floor_ceiling', 'YIELD_FLOOR_ABOVE_CEILING', ['floorPrice']);
  registerConstraintMessage('ck_yield_rule__occupancy_threshold', 'YIELD_OCCUPANCY_PERCENT', ['threshold']);
  registerConstraintMessage('ck_yield_rule__percent_range', 'YIELD_PERCENT_RANGE', ['adjustment']);
}

export const yieldModule: DomainModule = {
  name: 'yield',
  register: registerYieldModule,
  routes: () => YIELD_ROUTES,
};
