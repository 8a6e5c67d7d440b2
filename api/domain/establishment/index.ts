// The establishment module: the company's data, financial years and activity periods,
// optional modules and their preference groups, the demo reset.
import type { DomainModule } from '../module';
import { registerEstablishmentRules } from './rules';
import { registerPeriodRules } from './periods';
import { registerModuleRules } from './modules';
import { ESTABLISHMENT_ROUTES } from './routes';
import { PREFERENCE_GROUP_ROUTES } from './preference-group';

export const establishmentModule: DomainModule = {
  name: 'establishment',
  register() {
    registerEstablishmentRules();
    registerPeriodRules();
    registerModuleRules();
  },
  routes: () => [...ESTABLISHMENT_ROUTES, ...PREFERENCE_GROUP_ROUTES],
};
