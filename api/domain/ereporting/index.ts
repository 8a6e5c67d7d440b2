// The e-reporting module: the B2C sales and payments reports read from the ledger.
import type { DomainModule } from '../module';
import { EREPORTING_ROUTES } from './routes';

export const ereportingModule: DomainModule = {
  name: 'ereporting',
  routes: () => EREPORTING_ROUTES,
};
