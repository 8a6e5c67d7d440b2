// The meters module: reading rules on the generic write path, the home tile, and
// the routes of the meter reading creation screen.
import type { DomainModule } from '../module';
import { registerReadingRules } from './readings';
import { registerMeterTiles } from './tiles';
import { METER_ROUTES } from './routes';

function registerMetersModule(): void {
  registerReadingRules();
  registerMeterTiles();
}

export const metersModule: DomainModule = {
  name: 'meters',
  register: registerMetersModule,
  routes: () => METER_ROUTES,
};
