// ajv parsing of a route's path, query and body, its 400 answers, and the check of its
// 200 answers against its `response` schema in the tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { FORMATS } from '../../common/formats';
import { registerVocabulary } from '../../common/vocabulary';
import { formatMessage, isMessageCode, type MessageCode } from '../../common/messages';
import type { FieldErrors } from '../../common/validation';
import { badRequest } from './errors';
import type { JsonSchema, RouteDecl } from './route-spec';
import { SCHEMAS } from './route-registry';

let bodyAjv: Ajv2020 | undefined;

let queryAjv: Ajv2020 | undefined;

export function makeAjv(coerce: boolean): Ajv2020 {
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

export function compile(ajv: Ajv2020, schema: JsonSchema, key: string): ValidateFunction {
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
        ? (err.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties?.[
            err.params.missingProperty
          ]
        : err.parentSchema;
    const code = (own as { 'x-message'?: unknown } | null | undefined)?.['x-message'];
    if (typeof code === 'string' && isMessageCode(code)) return code;
  }
  return fallback ?? 'INCORRECT_FORM';
}

/** The first key of a coerced query or path whose number is not finite (Infinity, NaN). */
export function nonFiniteKey(values: Record<string, unknown>): string | undefined {
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'number' && !Number.isFinite(v)) return k;
    if (Array.isArray(v) && v.some((x) => typeof x === 'number' && !Number.isFinite(x))) return k;
  }
  return undefined;
}

export function refused(validate: ValidateFunction, fallback: MessageCode | undefined) {
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

/** Tells the response check when a JSON 200 answer does not match its route's `response` schema. */
export function checkAnswer(r: RouteDecl, parse: Parsers, out: unknown): void {
  if (!responseCheck || !isJsonSchema(r.response)) return;
  responseAjv ??= makeAjv(false);
  parse.response ??= compile(responseAjv, r.response, r.key);
  // What the client receives: dates and the like as JSON makes them.
  if (!parse.response(JSON.parse(JSON.stringify(out) ?? 'null')))
    responseCheck({ route: r.key, errors: fieldErrors(parse.response.errors) });
}
const PARSERS = new WeakMap<RouteDecl, Parsers>();

export function parsersOf(r: RouteDecl): Parsers {
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
