// The residential module: rules of contracts, price periods and sublets on the generic
// write path, the home tiles, and the rent receipt, resident and contract routes. See README.md.
import type { DomainModule } from '../module';
import { registerResidentialRules } from './rules';
import { registerResidentialTiles } from './tiles';
import { RESIDENTIAL_ROUTES } from './routes';

function registerResidentialModule(): void {
  registerResidentialRules();
  registerResidentialTiles();
}

export const residentialModule: DomainModule = {
  name: 'residential',
  register: registerResidentialModule,
  routes: () => RESIDENTIAL_ROUTES,
};
