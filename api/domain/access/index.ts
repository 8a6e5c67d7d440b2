// Access control (issue 30, docs/access-control.md): badges and plates of stays and of
// residents' contracts, the barrier's pull, the stay's events pushed to each connector.
import type { DomainModule } from '../module';
import { registerConstraintMessage } from '../../db/errors';
import { registerActionGuard } from '../stays/actions';
import { issueOnArrival } from './credentials';
import { ACCESS_PUBLIC_ROUTES, ACCESS_ROUTES } from './routes';

function registerAccessModule(): void {
  registerConstraintMessage('ex_access_credential__badge', 'ACCESS_BADGE_TAKEN', ['value']);
  registerConstraintMessage('uq_access_credential__plate', 'ACCESS_PLATE_EXISTS', ['value']);
  // The guards run in the action's transaction once the state machine allowed it: the
  // badge and the plates are made with the arrival, or not at all.
  registerActionGuard(async (trx, booking, action) => {
    if (action === 'arrive') await issueOnArrival(trx, booking.id);
  });
}

export const accessModule: DomainModule = {
  name: 'access',
  register: registerAccessModule,
  routes: () => ACCESS_ROUTES,
  // The barrier's pull carries its module's token.
  publicRoutes: () => ACCESS_PUBLIC_ROUTES,
};

export { processAccessEvents } from './events';
