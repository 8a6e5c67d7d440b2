// The planning module: the board (/planning), extras and cleaning plannings, the site
// plan (/plan) and the new-booking wizard's server side. See README.md.
import type { DomainModule } from '../module';
import { registerCleaningHooks } from './cleaning';
import { PLANNING_ROUTES } from './routes';

export const planningModule: DomainModule = {
  name: 'planning',
  register: registerCleaningHooks,
  routes: () => PLANNING_ROUTES,
};

export { registerPaymentSource } from './payments';
export { syncDepartureTasks } from './cleaning';
