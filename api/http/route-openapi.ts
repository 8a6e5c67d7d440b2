// The OpenAPI operation of each declared route (served in /rest/openapi.json).
import { withVersionCheck } from '../../common/openapi-versions';
import type { JsonSchema, RouteDecl, Right, RightPair } from './route-spec';
import { declaredRoutes, declaredSchemas } from './route-registry';

const defaultParamSchema = (name: string): JsonSchema =>
  name === 'id' || name.endsWith('Id') ? { type: 'integer', minimum: 0, maximum: 999_999_999 } : { type: 'string' };

const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);

const json = (schema: unknown) => ({ 'application/json': { schema } });

const ERROR = { $ref: '#/components/schemas/Error' };

/** The refusals a route can answer, from its right and its input. */
function refusals(r: RouteDecl): Record<number, object> {
  const out: Record<number, object> = {};
  if (r.query || r.body || r.params || r.method !== 'GET')
    out[400] = {
      description: 'Refusé : message du catalogue des erreurs (code, message, errors)',
      content: json(ERROR),
    };
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
  const q = r.query as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
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
  const res = r.response as { description?: unknown; content?: unknown } | undefined;
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
