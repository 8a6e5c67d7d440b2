// Hand-written stay routes, one declaration each (api/http/define-route.ts): right,
// input, OpenAPI and handler. Thin: parse and call the module.
import { defineSchemas, type RouteDecl } from '../../http/define-route';
import { STAYS_SCHEMAS } from './openapi';
import { STAY_LIST_ROUTES } from './list-routes';
import { BOOKING_ROUTES } from './booking-routes';
import { OCCUPANCY_ROUTES } from './occupancy-routes';
export { bookingSummary } from './booking-summary';

defineSchemas(STAYS_SCHEMAS);

export const STAY_ROUTES: RouteDecl[] = [...STAY_LIST_ROUTES, ...BOOKING_ROUTES, ...OCCUPANCY_ROUTES];
