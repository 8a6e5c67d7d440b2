// The utilities module (§2 (docs/screens.md#utilities) Utilities): file check and purge, grid history purge, V1 import.
import type { DomainModule } from '../module';
import { UTILITY_ROUTES } from './routes';

export const utilitiesModule: DomainModule = {
  name: 'utilities',
  routes: () => UTILITY_ROUTES,
};
