// The accounting module: chart of accounts and journals, the detail plan, payment plans,
// FEC and accounting exports to the connectors (see the routes for the screens).
import type { DomainModule } from '../module';
import { registerAccountingModule } from './rules';
import { ACCOUNTING_ROUTES } from './routes';

export const accountingModule: DomainModule = {
  name: 'accounting',
  register: registerAccountingModule,
  routes: () => ACCOUNTING_ROUTES,
};
