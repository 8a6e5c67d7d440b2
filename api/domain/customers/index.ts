// The customers module: customers and their vehicles, the customer screens' routes.
import type { DomainModule } from '../module';
import { registerCustomerRules } from './rules';
import { CUSTOMER_ROUTES } from './routes';

export const customersModule: DomainModule = {
  name: 'customers',
  register: registerCustomerRules,
  routes: () => CUSTOMER_ROUTES,
};
