// The types of a route declaration (defineRoute): who may call it, its schemas, its handler.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Access } from '../../common/route-def';
import type { MessageCode } from '../../common/messages';
import type { SessionUser } from '../auth/access';
import type { Untold } from './schema-type';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RightPair = readonly [functionality: string, access: Access];

/**
 * Who may call a route (§6, docs/rights.md). A pair `['camp.meter', 'read']`; every pair of `all`; one
 * pair of `any`; `'session'` anyone logged in; `'admin'` administrators (401 ADMIN_ONLY);
 * `{ system }` the technical user (401 with that code); `'public'` no session (log-in).
 * Checked before the body is read: a refused call changes nothing.
 */
export type Right =
  | RightPair
  | { all: readonly RightPair[] }
  | { any: readonly RightPair[] }
  | 'session'
  | 'admin'
  | 'public'
  | { system: MessageCode };

/** A JSON Schema (2020-12); `$ref: '#/components/schemas/X'` names a schema given to defineSchemas. */
export type JsonSchema = Record<string, unknown>;

export interface RouteInput<B, Q> {
  ctx: Context;
  /** the request body, checked against `body` (`{}` when none was sent) */
  body: B;
  /** the query string, checked against `query` with strings coerced to its types */
  query: Q;
  /** the path parameters (`:id` → params.id), coerced by `params` when given */
  params: Record<string, Untold>;
  /** the logged-in user (undefined only on a `'public'` route) */
  user: SessionUser;
  knex: Knex;
}

export interface RouteSpec<B = Untold, Q = Untold> {
  method: Method;
  /** Koa path: `/rest/meter-reading/bulk`, `/rest/booking/:id/summary` */
  path: string;
  right: Right;
  /** OpenAPI tag (the module) and one-line French summary */
  tag: string;
  summary: string;
  description?: string;
  /** schemas of the path parameters by name (default: integer for `id` and `…Id`, else string) */
  params?: Record<string, JsonSchema>;
  /** object schema of the query string */
  query?: JsonSchema;
  /** schema of the JSON body */
  body?: JsonSchema;
  /**
   * code of the 400 when the query or the body does not match (default INCORRECT_FORM; a property's own `x-message`
   * wins)
   */
  invalid?: MessageCode;
  /** schema of the 200 JSON answer, or `{ description, content }` for another answer (a file) */
  response?: JsonSchema | { description: string; content: Record<string, unknown> };
  /** what the 200 answer is, in French (default « Réponse ») */
  responseDescription?: string;
  /** other answers than 200 and the refusals (e.g. 404, 409) */
  responses?: Record<number, { description: string; schema?: JsonSchema }>;
  /**
   * The write takes the version the client read (body `version` or If-Match) and answers
   * 409 RECORD_CHANGED when it is stale: said so in the OpenAPI operation.
   */
  versioned?: boolean;
  /** OpenAPI fields merged into the operation last (a multipart requestBody, headers…) */
  openapi?: Record<string, unknown>;
  /**
   * One call of the route for the rights-matrix test (tests/int/security-matrix-routes.test.ts), which
   * makes it once per rights level. Not needed by a GET without path parameters nor required query.
   */
  example?: RouteExample;
  /**
   * `short`: a short read on indexes (a few ms, whatever the data's size), served on the
   * database's reserved lane so that it never queues behind lists (api/db/README.md).
   */
  lane?: 'short';
  /** returns the JSON answer; returns undefined when it set ctx.body itself */
  handler: (input: RouteInput<B, Q>) => unknown | Promise<unknown>;
}

export interface RouteDecl<B = Untold, Q = Untold> extends RouteSpec<B, Q> {
  /** `METHOD /path`, the route's key */
  key: string;
}

/**
 * Records the rights-matrix test makes before it starts and names here: a declaration's example
 * reaches them by name, so that it needs no test code (the test checks it holds each of them).
 */
export type ExampleRecord =
  | 'booking'
  | 'bill'
  | 'customer'
  | 'place'
  | 'user'
  | 'group'
  | 'grid'
  | 'mail'
  | 'deposit'
  | 'meterType'
  | 'mailing'
  | 'criteria'
  | 'cheque'
  | 'cash'
  | 'gridVersion'
  | 'vatPayment';

export interface RouteExample {
  /** each path parameter: a record of the test by name, or a literal value */
  params?: Record<string, ExampleRecord | { value: string | number }>;
  /** the query string */
  query?: Record<string, string | number>;
  /** the JSON body */
  body?: unknown;
}
