// The security module: users, rights groups and their rights.
import type { DomainModule } from '../module';
import { registerSecurityRules } from './rules';
import { SECURITY_ROUTES } from './routes';

export const securityModule: DomainModule = {
  name: 'security',
  register: registerSecurityRules,
  routes: () => SECURITY_ROUTES,
};
