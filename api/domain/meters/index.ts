// The meters module: reading rules on the generic write path, the home tile, and
// the routes of the meter reading creation screen.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { registerReadingRules } from './readings';
import { registerMeterTiles } from './tiles';
import { routerOf } from '../../http/define-route';
import { METER_ROUTES } from './routes';

export function registerMetersModule(): void {
  registerReadingRules();
  registerMeterTiles();
}

export function metersRouters(knex: () => Knex): Router[] {
  return [routerOf(METER_ROUTES, knex)];
}
