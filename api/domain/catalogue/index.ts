// The catalogue module: places, place types, extras and equipment, with their images.
import type { DomainModule } from '../module';
import { registerCatalogueRules } from './rules';
import { CATALOGUE_ROUTES } from './routes';

export const catalogueModule: DomainModule = {
  name: 'catalogue',
  register: registerCatalogueRules,
  routes: () => CATALOGUE_ROUTES,
};
