// One declaration per hand-written route: `defineRoute({ method, path, right, query,
// body, response, handler })` mounts it behind the session and rights check with ajv
// parsing of its query and body (routerOf), gives its OpenAPI operation (openApiOf, served
// in /rest/openapi.json) and its right to the rights-matrix test (declaredRoutes).
// Handlers stay thin: they get the parsed input and return the JSON answer.
import type { FromSchema } from './schema-type';
import type { JsonSchema, RouteSpec, RouteDecl } from './route-spec';
import { ROUTES } from './route-registry';
export type {
  Method,
  RightPair,
  Right,
  JsonSchema,
  RouteInput,
  RouteSpec,
  RouteDecl,
  RouteExample,
  ExampleCall,
  ExampleFixture,
  ExampleRef,
  ExampleRecord,
} from './route-spec';
export { defineSchemas, declaredRoutes, declaredSchemas } from './route-registry';
export { checkRight } from './route-rights';
export { fieldErrors, type ResponseMismatch, checkResponses } from './route-parsing';
export { routerOf } from './route-router';
export { openApiPath, openApiOf } from './route-openapi';

/** `B` when given, else what the schema `S` accepts (api/http/schema-type.ts). */
type Given<B, S> = [B] extends [never] ? FromSchema<S> : B;

/**
 * Declares a route. Declaring the same method and path again replaces it (a module built
 * twice). The handler's `body` and `query` are typed from the `body` and `query` schemas
 * written inline (`FromSchema`); `defineRoute<Body, Query>` still names them by hand
 * where a schema is shared or reached by `$ref`.
 */
export function defineRoute<
  B = never,
  Q = never,
  const BS extends JsonSchema = JsonSchema,
  const QS extends JsonSchema = JsonSchema,
>(spec: RouteSpec<Given<B, BS>, Given<Q, QS>> & { body?: BS; query?: QS }): RouteDecl<Given<B, BS>, Given<Q, QS>> {
  if (!spec.path.startsWith('/rest/')) throw new Error(`defineRoute: ${spec.path} is not under /rest/`);
  if (spec.method === 'GET' && spec.body) throw new Error(`defineRoute: GET ${spec.path} takes no body`);
  const decl: RouteDecl<Given<B, BS>, Given<Q, QS>> = { ...spec, key: `${spec.method} ${spec.path}` };
  ROUTES.set(decl.key, decl as RouteDecl);
  return decl;
}
