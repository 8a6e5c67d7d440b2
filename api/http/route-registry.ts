// Every declared route and named schema, in declaration order (defineRoute fills it).
import type { RouteDecl, JsonSchema } from './route-spec';

export const ROUTES = new Map<string, RouteDecl>();

export const SCHEMAS = new Map<string, JsonSchema>();

/** Named schemas (`components/schemas` of the OpenAPI document) the routes may `$ref`. */
export function defineSchemas(schemas: Record<string, object>): void {
  for (const [name, schema] of Object.entries(schemas)) SCHEMAS.set(name, schema as JsonSchema);
}

/** Every declared route, in declaration order. */
export function declaredRoutes(): RouteDecl[] {
  return [...ROUTES.values()];
}

export function declaredSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(SCHEMAS);
}
