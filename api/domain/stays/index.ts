// The stays module: hooks on the generic write path, home tiles and routes.
import type { DomainModule } from '../module';
import { registerStayHooks } from './hooks';
import { registerPricingHooks } from './pricing-hooks';
import { registerStayTiles } from './tiles';
import { STAY_ROUTES } from './routes';
import { EXTRA_ROUTES } from './extra-routes';

export const staysModule: DomainModule = {
  name: 'stays',
  register() {
    registerStayHooks();
    registerPricingHooks();
    registerStayTiles();
  },
  routes: () => [...EXTRA_ROUTES, ...STAY_ROUTES],
};
