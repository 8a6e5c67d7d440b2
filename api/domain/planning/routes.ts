// Hand-written planning routes, one declaration each (api/http/define-route.ts):
// right, input, OpenAPI and handler, by screen — the boards (./board-routes.ts), the
// site plan (./plan-routes.ts), the booking wizard (./wizard-routes.ts). Thin: parse
// and call the module.
import { defineSchemas, type RouteDecl } from '../../http/define-route';
import { PLANNING_SCHEMAS } from './openapi';
import { BOARD_ROUTES } from './board-routes';
import { PLAN_ROUTES } from './plan-routes';
import { WIZARD_ROUTES } from './wizard-routes';

defineSchemas(PLANNING_SCHEMAS);

export const PLANNING_ROUTES: RouteDecl[] = [...BOARD_ROUTES, ...PLAN_ROUTES, ...WIZARD_ROUTES];
