// The surety module: deposits (cautions) taken and returned.
import type { DomainModule } from '../module';
import { SURETY_MODULE_ROUTES } from './routes';

export const suretyModule: DomainModule = {
  name: 'surety',
  routes: () => SURETY_MODULE_ROUTES,
};
