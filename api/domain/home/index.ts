// The home screen: the tiles registry and its routes; the tiles whose data no module owns.
import type { DomainModule } from '../module';
import { registerHomeTiles } from './register';
import { TILE_ROUTES } from './tiles';

export const homeModule: DomainModule = {
  name: 'home',
  register: registerHomeTiles,
  routes: () => TILE_ROUTES,
};
