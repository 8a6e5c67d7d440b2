// One declaration per hand-written route: `defineRoute({ method, path, right, query,
// body, response, handler })` mounts it behind the session and rights check with ajv
// parsing of its query and body (routerOf), gives its OpenAPI operation (openApiOf, served
// in /rest/openapi.json) and its right to the rights-matrix test (declaredRoutes).
// Handlers stay thin: they get the parsed input and return the JSON answer.
import Router from '@koa/router';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Access } from '../../common/route-def';
import { FORMATS } from '../../common/formats';
import { registerVocabulary } from '../../common/vocabulary';
import { formatMessage, isMessageCode, type MessageCode } from '../../common/messages';
import type { FieldErrors } from '../../common/validation';
import { bodyDateErrors } from '../../common/date-sanity';
import { withVersionCheck } from '../../common/openapi-versions';
import { checkAccess, holds, requireAdmin, requireSystemUser, requireUser, type SessionUser } from '../auth/access';
import { badRequest, forbiddenRight } from './errors';
import type { FromSchema } from './schema-type';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RightPair = readonly [functionality: string, access: Access];
/**
 * Who may call a route (§6). A pair `['camp.meter', 'read']`; every pair of `all`; one
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
  params: Record<string, any>;
  /** the logged-in user (undefined only on a `'public'` route) */
  user: SessionUser;
  knex: Knex;
}

export interface RouteSpec<B = any, Q = any> {
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
  /** returns the JSON answer; returns undefined when it set ctx.body itself */
  handler: (input: RouteInput<B, Q>) => unknown | Promise<unknown>;
}

export interface RouteDecl<B = any, Q = any> extends RouteSpec<B, Q> {
  /** `METHOD /path`, the route's key */
  key: string;
}

const ROUTES = new Map<string, RouteDecl>();
const SCHEMAS = new Map<string, JsonSchema>();

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

// ---- rights ----------------------------------------------------------------------

/** Throws 403 without a session, 401 when the user lacks the right; returns the user. */
export async function checkRight(ctx: Context, right: Right): Promise<SessionUser> {
  if (right === 'public') return ctx.state.user as SessionUser;
  if (right === 'session') return requireUser(ctx);
  if (right === 'admin') return requireAdmin(ctx);
  if (!Array.isArray(right) && 'system' in (right as object))
    return requireSystemUser(ctx, (right as { system: MessageCode }).system);
  const user = requireUser(ctx);
  if (Array.isArray(right)) {
    await checkAccess(ctx, right[0], right[1]);
  } else if ('all' in (right as object)) {
    for (const [f, a] of (right as { all: readonly RightPair[] }).all) await checkAccess(ctx, f, a);
  } else if (!(right as { any: readonly RightPair[] }).any.some(([f, a]) => holds(user, f, a))) {
    throw forbiddenRight();
  }
  return user;
}

// ---- parsing -----------------------------------------------------------------------

let bodyAjv: Ajv2020 | undefined;
let queryAjv: Ajv2020 | undefined;

function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    verbose: true,
    allowUnionTypes: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
  });
  ajv.addKeyword({ keyword: 'example' });
  registerVocabulary(ajv); // entity schemas reached by $ref carry the x- vocabulary (x-message among it)
  for (const [name, test] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: test });
  return ajv;
}

/** `#/components/schemas/X` (OpenAPI) → `#/$defs/X` (the compiled schema carries every named schema). */
function toDefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, '"#/$defs/'));
}

let generatedSchemas: Record<string, JsonSchema> | undefined;
/** The entity schemas of the generated document (`#/components/schemas/Booking`…). */
function generated(): Record<string, JsonSchema> {
  generatedSchemas ??= JSON.parse(
    readFileSync(fileURLToPath(new URL('../generated/openapi.json', import.meta.url)), 'utf8'),
  ).components.schemas;
  return generatedSchemas!;
}

/** The named schemas a schema reaches through `$ref`, transitively. */
function reachable(schema: unknown, key: string): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const visit = (node: unknown) => {
    for (const m of JSON.stringify(node).matchAll(/"#\/components\/schemas\/([^"/]+)"/g)) {
      const name = m[1];
      if (name in out) continue;
      const found = SCHEMAS.get(name) ?? generated()[name];
      if (!found) throw new Error(`${key}: $ref to unknown schema "${name}"`);
      out[name] = found;
      visit(found);
    }
  };
  visit(schema);
  return out;
}

function compile(ajv: Ajv2020, schema: JsonSchema, key: string): ValidateFunction {
  try {
    return ajv.compile({ ...(toDefs(schema) as object), $defs: toDefs(reachable(schema, key)) });
  } catch (e) {
    throw new Error(`${key}: ${(e as Error).message}`);
  }
}

const TYPE_CODES: Record<string, MessageCode> = {
  integer: 'INVALID_INTEGER',
  number: 'INVALID_NUMBER',
  string: 'INVALID_TEXT',
  boolean: 'INVALID_BOOLEAN',
};

function messageOf(err: ErrorObject): string {
  switch (err.keyword) {
    case 'required':
      return formatMessage('REQUIRED');
    case 'type':
      return formatMessage(
        TYPE_CODES[
          String(err.params.type)
            .split(',')
            .find((t) => t !== 'null') ?? ''
        ] ?? 'INVALID_FORMAT',
      );
    case 'format':
      return formatMessage(err.params.format === 'date' ? 'INVALID_DATE' : 'INVALID_FORMAT');
    case 'enum':
    case 'const':
      return formatMessage('INVALID_CHOICE');
    case 'minimum':
    case 'exclusiveMinimum':
      return formatMessage('MIN_VALUE', { limit: err.params.limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return formatMessage('MAX_VALUE', { limit: err.params.limit });
    case 'maxLength':
      return formatMessage('TOO_LONG', { limit: err.params.limit });
    case 'minLength':
      return err.params.limit === 1
        ? formatMessage('REQUIRED')
        : formatMessage('TOO_SHORT', { limit: err.params.limit });
    case 'additionalProperties':
      return formatMessage('UNKNOWN_FIELD');
    default:
      return formatMessage('INVALID_FORMAT');
  }
}

/**
 * The code of the 400: the `x-message` of the first refused property that has one (the
 * same keyword as in entity schemas), else the route's `invalid`, else INCORRECT_FORM.
 */
function refusalCode(errors: ErrorObject[] | null | undefined, fallback: MessageCode | undefined): MessageCode {
  for (const err of errors ?? []) {
    const own =
      err.keyword === 'required'
        ? (err.parentSchema as any)?.properties?.[err.params.missingProperty]
        : err.parentSchema;
    const code = (own as any)?.['x-message'];
    if (typeof code === 'string' && isMessageCode(code)) return code;
  }
  return fallback ?? 'INCORRECT_FORM';
}

/** The first key of a coerced query or path whose number is not finite (Infinity, NaN). */
function nonFiniteKey(values: Record<string, unknown>): string | undefined {
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'number' && !Number.isFinite(v)) return k;
    if (Array.isArray(v) && v.some((x) => typeof x === 'number' && !Number.isFinite(x))) return k;
  }
  return undefined;
}

function refused(validate: ValidateFunction, fallback: MessageCode | undefined) {
  return badRequest(refusalCode(validate.errors, fallback), fieldErrors(validate.errors));
}

/** ajv errors keyed by field path (`rows.0.quantity`), the first one per field. */
export function fieldErrors(errors: ErrorObject[] | null | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const err of errors ?? []) {
    const path = err.instancePath.split('/').filter(Boolean);
    if (err.keyword === 'required') path.push(err.params.missingProperty);
    if (err.keyword === 'additionalProperties') path.push(err.params.additionalProperty);
    const field = path.join('.') || '_';
    out[field] ??= messageOf(err);
  }
  return out;
}

const defaultParamSchema = (name: string): JsonSchema =>
  name === 'id' || name.endsWith('Id') ? { type: 'integer', minimum: 0, maximum: 999_999_999 } : { type: 'string' };

const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);

interface Parsers {
  query?: ValidateFunction;
  body?: ValidateFunction;
  params?: ValidateFunction;
  /** the 200 answer's schema, compiled only when answers are checked (tests) */
  response?: ValidateFunction;
}

/** A 200 answer that does not match its route's `response` schema. */
export interface ResponseMismatch {
  route: string;
  errors: FieldErrors;
}
let responseCheck: ((m: ResponseMismatch) => void) | undefined;
/**
 * Checks every JSON 200 answer against its route's `response` schema and tells `onMismatch`
 * (the integration tests: the contract the screens' types come from must be what the
 * server answers). Off in production: the answer is the handler's.
 */
export function checkResponses(onMismatch: ((m: ResponseMismatch) => void) | undefined): void {
  responseCheck = onMismatch;
}
let responseAjv: Ajv2020 | undefined;
const isJsonSchema = (res: RouteDecl['response']): res is JsonSchema =>
  !!res && !(typeof (res as { description?: unknown }).description === 'string' && 'content' in res);
const PARSERS = new WeakMap<RouteDecl, Parsers>();

function parsersOf(r: RouteDecl): Parsers {
  let p = PARSERS.get(r);
  if (!p) {
    bodyAjv ??= makeAjv(false);
    queryAjv ??= makeAjv(true);
    p = {
      query: r.query ? compile(queryAjv, r.query, r.key) : undefined,
      body: r.body ? compile(bodyAjv, r.body, r.key) : undefined,
      params: r.params ? compile(queryAjv, { type: 'object', properties: r.params }, r.key) : undefined,
    };
    PARSERS.set(r, p);
  }
  return p;
}

// ---- mounting ----------------------------------------------------------------------

/** A Koa router serving these routes, in this order: right, then query and body, then the handler. */
export function routerOf(routes: RouteDecl[], knex: () => Knex): Router {
  const router = new Router();
  for (const r of routes) {
    const parse = parsersOf(r); // compiled now: a schema mistake fails at start-up, not at the first call
    const verb = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[verb](r.path, async (ctx: Context) => {
      const user = await checkRight(ctx, r.right);
      const params = { ...ctx.params };
      if (parse.params && !parse.params(params)) throw refused(parse.params, r.invalid);
      const query: Record<string, unknown> = { ...ctx.query };
      if (parse.query && !parse.query(query)) throw refused(parse.query, r.invalid);
      // A number of thousands of digits is coerced to Infinity, which passes some bounds
      // checks: refused here, so no handler ever sees one (issue 25: 400, never a 500).
      const huge = nonFiniteKey(query) ?? nonFiniteKey(params);
      if (huge)
        throw badRequest('INVALID_QUERY', { [huge]: formatMessage('INVALID_QUERY', { param: huge }) }, { param: huge });
      const body = (ctx.request as any).body ?? {};
      if (parse.body && !parse.body(body)) throw refused(parse.body, r.invalid);
      // Dates a person could mean, in every write's body (issue 11 §5): years 2000 to five
      // ahead, birth dates not in the future. Reads (GET windows, searches) are not refused.
      if (r.method !== 'GET') {
        const dates = bodyDateErrors(body);
        if (Object.keys(dates).length) throw badRequest('INCORRECT_DATES', dates);
      }
      const out = await r.handler({ ctx, body, query, params, user, knex: knex() });
      // Koa answers a null body as 204 with nothing: a null answer is the JSON `null` its
      // schema documents (`object|null`), with a 200 like any other answer.
      if (out === null) {
        ctx.type = 'application/json';
        ctx.body = 'null';
      } else if (out !== undefined) ctx.body = out;
      if (responseCheck && out !== undefined && isJsonSchema(r.response)) {
        responseAjv ??= makeAjv(false);
        parse.response ??= compile(responseAjv, r.response, r.key);
        // What the client receives: dates and the like as JSON makes them.
        if (!parse.response(JSON.parse(JSON.stringify(out) ?? 'null')))
          responseCheck({ route: r.key, errors: fieldErrors(parse.response.errors) });
      }
    });
  }
  return router;
}

// ---- OpenAPI -----------------------------------------------------------------------

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ERROR = { $ref: '#/components/schemas/Error' };

/** The refusals a route can answer, from its right and its input. */
function refusals(r: RouteDecl): Record<number, object> {
  const out: Record<number, object> = {};
  if (r.query || r.body || r.params || r.method !== 'GET')
    out[400] = { description: 'Refusé : message du catalogue §8 (code, message, errors)', content: json(ERROR) };
  if (r.right !== 'public' && r.right !== 'session')
    out[401] = {
      description:
        r.right === 'admin'
          ? 'Réservé aux administrateurs'
          : typeof r.right === 'object' && 'system' in r.right
            ? "Réservé à l'utilisateur technique"
            : 'Droit insuffisant',
      content: json(ERROR),
    };
  if (r.right !== 'public') out[403] = { description: 'Non connecté', content: json(ERROR) };
  return out;
}

function rightText(right: Right): string {
  if (right === 'public') return 'sans session';
  if (right === 'session') return 'session';
  if (right === 'admin') return 'administrateur';
  if (Array.isArray(right)) return `${right[0]} (${right[1]})`;
  if ('system' in (right as object)) return 'utilisateur technique';
  if ('all' in (right as object))
    return (right as { all: readonly RightPair[] }).all.map(([f, a]) => `${f} (${a})`).join(' et ');
  return (right as { any: readonly RightPair[] }).any.map(([f, a]) => `${f} (${a})`).join(' ou ');
}

/** `/rest/x/:id` → `/rest/x/{id}` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?/g, '{$1}');

function operation(r: RouteDecl): Record<string, unknown> {
  const parameters: object[] = paramNames(r.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: r.params?.[name] ?? defaultParamSchema(name),
  }));
  const q = r.query as { properties?: Record<string, any>; required?: string[] } | undefined;
  for (const [name, schema] of Object.entries(q?.properties ?? {})) {
    const { description, ...rest } = schema;
    parameters.push({
      name,
      in: 'query',
      required: !!q?.required?.includes(name),
      schema: rest,
      ...(description ? { description } : {}),
    });
  }
  const res = r.response as any;
  const ok =
    res && typeof res.description === 'string' && res.content
      ? { description: res.description, content: res.content }
      : { description: r.responseDescription ?? 'Réponse', ...(res ? { content: json(res) } : {}) };
  const extra = Object.fromEntries(
    Object.entries(r.responses ?? {}).map(([s, v]) => [
      s,
      { description: v.description, content: json(v.schema ?? ERROR) },
    ]),
  );
  const op = {
    tags: [r.tag],
    summary: r.summary,
    description: [r.description, `Droit : ${rightText(r.right)}.`].filter(Boolean).join('\n\n'),
    ...(r.right === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(r.body ? { requestBody: { required: true, content: json(r.body) } } : {}),
    responses: { 200: ok, ...refusals(r), ...extra },
    'x-right': r.right,
    ...r.openapi,
  };
  return r.versioned ? withVersionCheck(op) : op;
}

/** The OpenAPI paths and named schemas of these routes (default: every declared one). */
export function openApiOf(routes: RouteDecl[] = declaredRoutes()): {
  paths: Record<string, Record<string, unknown>>;
  schemas: Record<string, JsonSchema>;
} {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) (paths[openApiPath(r.path)] ??= {})[r.method.toLowerCase()] = operation(r);
  return { paths, schemas: declaredSchemas() };
}
