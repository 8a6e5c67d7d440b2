// The screens' typed contract (issue 23 §2, docs/history.md#issue-23): TypeScript types of every operation of the
// served OpenAPI document — the generated routes of every entity and every route declared
// with defineRoute — written to admin/src/generated/api-types.ts by openapi-typescript.
// The admin's `rest()` (admin/src/rest.ts) takes them, so a screen that sends a field its
// route refuses, or reads one its answer does not have, fails `tsc`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { BANNER } from './banner';

export const API_TYPES_FILE = 'admin/src/generated/api-types.ts';

export async function emitApiTypes(root: string, generatedOpenApi: string): Promise<Record<string, string>> {
  // A copy of the schemas alone (the generator's tests) has no API.
  if (!existsSync(join(root, 'api/app.ts'))) return {};
  // Importing the app declares every hand-written route (defineRoute at module level).
  await import(pathToFileURL(join(root, 'api/app.ts')).href);
  // The session routes (log-in, log-out, /security/me) are built per application (its cookie):
  // built once here with inert settings, they are declared too. Their handlers never run here.
  const { authRoutes } = (await import(pathToFileURL(join(root, 'api/auth/routes.ts')).href)) as {
    authRoutes: (deps: { cookie: string; secure: boolean; loadUser: () => Promise<never> }) => unknown;
  };
  authRoutes({ cookie: 'bivouac_sid', secure: false, loadUser: () => Promise.reject(new Error('generator')) });
  const { withDeclaredRoutes } = (await import(pathToFileURL(join(root, 'api/http/openapi-doc.ts')).href)) as {
    withDeclaredRoutes: (doc: Record<string, unknown>) => OpenApiDoc;
  };
  const { openApiOf } = (await import(pathToFileURL(join(root, 'api/http/define-route.ts')).href)) as {
    openApiOf: () => { paths: OpenApiDoc['paths'] };
  };
  // The hand-written routes only: a generic entity route is typed by the entity's
  // generated record type (common/generated/types), the same for every entity.
  const full = withDeclaredRoutes(JSON.parse(generatedOpenApi));
  const doc = slim({ ...full, paths: openApiOf().paths });
  const ast = await openapiTS(doc as never, { alphabetize: true, exportType: true });
  return { [API_TYPES_FILE]: `${BANNER}\n/* eslint-disable */\n${astToString(ast)}` };
}

/**
 * What a screen's types need of the document: per operation its parameters, its JSON
 * body and its 200 answer. Refusals share one shape (HttpError), and descriptions
 * would only make the file larger (the served document keeps them).
 */
const NOTES = new Set(['description', 'summary', 'example', 'examples', 'title']);

/** What slim reads of an operation; the rest of it is copied or dropped whole. */
interface Operation {
  parameters?: { in?: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: unknown } | undefined>;
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

function slim(doc: OpenApiDoc): Record<string, unknown> {
  // The keys of a `properties` map are field names (a field may be called `description`).
  const strip = (node: unknown, fields = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (!fields && (NOTES.has(k) || k.startsWith('x-'))) continue;
      out[k] = strip(v, !fields && k === 'properties');
    }
    return out;
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, ops] of Object.entries(doc.paths)) {
    paths[path] = {};
    for (const [method, op] of Object.entries(ops)) {
      const ok = op.responses?.[200] ?? op.responses?.[201];
      paths[path][method] = strip({
        ...(op.parameters ? { parameters: op.parameters.filter((p) => p.in !== 'header') } : {}),
        ...(op.requestBody ? { requestBody: op.requestBody } : {}),
        responses: { 200: { description: '', ...(ok?.content ? { content: ok.content } : {}) } },
      });
    }
  }
  return { ...doc, paths, components: { schemas: strip(doc.components?.schemas ?? {}) } };
}
