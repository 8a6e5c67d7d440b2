// The OpenAPI document served at /rest/openapi.json: the generated one (the generic
// /rest/ routes of every entity, api/generated/openapi.json) with the operations and
// schemas of every hand-written route declared with defineRoute.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineRoute, openApiOf } from './define-route';
import { STALE_RECORD_SCHEMA } from '../../common/openapi-versions';

const GENERATED = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));

// Kept gzipped (about 140 kB) rather than as the 6 MB JSON text: the document is built
// at its first request and then held for the process's life.
let gzipped: Buffer | undefined;

/** The whole document; built once, when every module has declared its routes. */
/** The OpenAPI document: its paths and named schemas (the rest passed through as is). */
export interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
  [key: string]: unknown;
}

export function openApiDocument(): OpenApiDoc {
  return withDeclaredRoutes(JSON.parse(readFileSync(GENERATED, 'utf8')));
}

/** The generated document (`api/generated/openapi.json`, parsed) with every declared route merged in. */
export function withDeclaredRoutes(doc: OpenApiDoc): OpenApiDoc {
  const declared = openApiOf();
  // Per method: a hand-written operation replaces the generic one of the same method only.
  for (const [path, ops] of Object.entries(declared.paths)) doc.paths[path] = { ...doc.paths[path], ...ops };
  // A route's named schema must not take an entity's name: it would replace the record's
  // schema (its version field…) for every generic route too.
  const clash = Object.keys(declared.schemas).filter((name) => name in doc.components.schemas);
  if (clash.length) throw new Error(`route schemas named like generated ones: ${clash.join(', ')}`);
  // The 409 of hand-written writes that take a version (the generator names it too).
  doc.components.schemas = { StaleRecord: STALE_RECORD_SCHEMA, ...doc.components.schemas, ...declared.schemas };
  return doc;
}

/** The document's JSON, gzipped; built at the first call. */
export function openApiGzip(): Buffer {
  gzipped ??= gzipSync(JSON.stringify(openApiDocument()));
  return gzipped;
}

export function openApiJson(): string {
  return gunzipSync(openApiGzip()).toString('utf8');
}

export const OPENAPI_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/openapi.json',
    right: 'session',
    tag: 'openapi',
    summary: 'Ce document : les routes génériques de chaque entité et les routes écrites à la main',
    // Served as text (built once): described by its media type, the OpenAPI 3.1 document.
    response: {
      description: 'Le document OpenAPI 3.1',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['openapi', 'info', 'paths', 'components'],
            properties: {
              openapi: { type: 'string' },
              info: { type: 'object', additionalProperties: true },
              paths: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
              components: { type: 'object', additionalProperties: true },
            },
          },
        },
      },
    },
    handler: ({ ctx }) => {
      ctx.type = 'application/json';
      ctx.vary('Accept-Encoding');
      // Sent as kept to any client taking gzip (browsers, fetch); unpacked for the others.
      if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = openApiGzip();
      } else ctx.body = openApiJson();
      return undefined;
    },
  }),
];
