// api/generated/openapi.json: OpenAPI 3.1 document of the generic /rest/ routes. The server
// serves it at /rest/openapi.json with the hand-written routes' operations added
// (api/http/openapi-doc.ts, from their defineRoute declarations).
import type { EntityMeta } from '../../common/entity-meta';
import type { RouteDef } from '../../common/route-def';
import { JSON_BANNER } from './banner';
import { STALE_RECORD_SCHEMA, VERSION_PROPERTY, withEtag, withVersionCheck } from '../../common/openapi-versions';

/** Every entity but append-only ones carries a version (migrations/0025, README « Versions »). */
const isVersioned = (m: EntityMeta) => m.fields.some((f) => f.system && f.name === 'version');

/** The generic operation, with the version it reads (ETag) or checks (If-Match, 409) when the entity has one. */
function versioned(r: RouteDef, m: EntityMeta, op: object): object {
  if (!isVersioned(m)) return op;
  switch (r.op) {
    case 'get':
    case 'getEdit':
    case 'create':
      return withEtag(op);
    case 'update':
    case 'save':
      return withVersionCheck(op, true);
    case 'delete':
      return withVersionCheck(op);
    default:
      return op;
  }
}

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errors = {
  400: { description: 'Requête invalide ou règle métier refusée', content: json(ref('Error')) },
  401: { description: '401 Droit insuffisant', content: json(ref('Error')) },
  403: { description: 'Non connecté', content: json(ref('Error')) },
};

function operation(r: RouteDef, m: EntityMeta): object {
  const item = ref(m.typeName);
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  const params: object[] = [];
  if (r.path.includes(':id')) params.push(idParam);
  if (r.path.includes(':from'))
    params.push(
      { name: 'from', in: 'path', required: true, schema: { type: 'string', format: 'date' } },
      { name: 'to', in: 'path', required: true, schema: { type: 'string', format: 'date' } },
    );
  const base = {
    tags: [m.name],
    operationId:
      `${m.name}.${r.op}.${r.method.toLowerCase()}${r.field ? `.${r.field}` : ''}` +
      `${r.path.includes(':from') ? '.range' : ''}`,
    parameters: params,
  };
  const listQuery = [
    {
      name: 'filter',
      in: 'query',
      schema: { type: 'string' },
      description: 'JSON : {"champ": valeur, "q": "texte (3 caractères min.)", "champ_gte": …}',
    },
    { name: 'range', in: 'query', schema: { type: 'string' }, description: 'JSON : [début, fin] inclusifs' },
    { name: 'sort', in: 'query', schema: { type: 'string' }, description: 'JSON : ["champ", "ASC"|"DESC"]' },
  ];
  switch (r.op) {
    case 'list':
      return {
        ...base,
        summary: `Liste : ${m.label.many}`,
        parameters: listQuery,
        responses: {
          200: { description: 'Liste ; en-tête Content-Range', content: json({ type: 'array', items: item }) },
          ...errors,
        },
      };
    case 'byParent':
    case 'active':
      return {
        ...base,
        summary: `Liste : ${m.label.many}`,
        responses: { 200: { description: 'Liste', content: json({ type: 'array', items: item }) }, ...errors },
      };
    case 'search':
      return {
        ...base,
        summary: `Recherche : ${m.label.many}`,
        requestBody: { content: json(ref('SearchCriteria')) },
        responses: {
          200: {
            description: 'Page de résultats',
            content: json({
              type: 'object',
              properties: {
                items: { type: 'array', items: item },
                total: { type: 'integer' },
                page: { type: 'integer' },
                pageSize: { type: 'integer' },
              },
            }),
          },
          ...errors,
        },
      };
    case 'export':
      return {
        ...base,
        summary: `Export CSV : ${m.label.many}`,
        ...(r.method === 'GET' ? { parameters: listQuery } : { requestBody: { content: json(ref('SearchCriteria')) } }),
        responses: {
          200: { description: 'export.csv', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errors,
        },
      };
    case 'document':
      return {
        ...base,
        summary: `Document PDF : ${m.label.one} (id) ou liste ${m.label.many}`,
        ...(r.method === 'GET'
          ? {
              parameters: [
                { name: 'id', in: 'query', schema: { type: 'integer' }, description: "le document d'un élément" },
                ...listQuery,
              ],
            }
          : {
              requestBody: {
                content: json({
                  allOf: [ref('SearchCriteria')],
                  properties: { id: { type: 'integer', description: "le document d'un élément" } },
                }),
              },
            }),
        responses: {
          200: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
          404: { description: 'Introuvable', content: json(ref('Error')) },
          ...errors,
        },
      };
    case 'documentInfo':
      return {
        ...base,
        summary: `Fichier du document : ${m.label.one}`,
        responses: {
          200: { description: 'Le fichier du document (ses informations)', content: json(ref('DocumentInfo')) },
          404: { description: 'Introuvable', content: json(ref('Error')) },
          ...errors,
        },
      };
    case 'get':
    case 'getEdit':
      return {
        ...base,
        summary: r.op === 'getEdit' ? `${m.label.one} (0 : nouvel élément avec ses valeurs par défaut)` : m.label.one,
        responses: {
          200: { description: m.label.one, content: json(item) },
          404: { description: 'Introuvable', content: json(ref('Error')) },
          ...errors,
        },
      };
    case 'create':
    case 'update':
      return {
        ...base,
        summary: r.op === 'create' ? `Création : ${m.label.one}` : `Modification : ${m.label.one}`,
        requestBody: { required: true, content: json(item) },
        responses: { 200: { description: 'Élément enregistré', content: json(item) }, ...errors },
      };
    case 'save':
      return {
        ...base,
        summary: `Enregistrement : ${m.label.one} (id 0 : création)`,
        parameters: [{ name: 'returnEditItem', in: 'header', schema: { type: 'boolean' } }],
        requestBody: { required: true, content: json(item) },
        responses: { 200: { description: 'status SAVED', content: json(ref('SaveResult')) }, ...errors },
      };
    case 'delete':
      return {
        ...base,
        summary: `Suppression : ${m.label.one}`,
        responses: { 200: { description: 'Supprimé', content: json(item) }, ...errors },
      };
    case 'order':
      return {
        ...base,
        summary: `Ordre : ${m.label.many}`,
        requestBody: {
          required: true,
          content: json({ type: 'array', items: { type: 'integer' }, description: 'ids dans le nouvel ordre' }),
        },
        responses: { 200: { description: 'Ordre enregistré' }, ...errors },
      };
  }
}

export function emitOpenApi(metas: EntityMeta[], routes: RouteDef[]): Record<string, string> {
  const byName = new Map(metas.map((m) => [m.name, m]));
  const paths: Record<string, Record<string, object>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:(\w+)/g, '{$1}');
    const m = byName.get(r.entity)!;
    (paths[path] ??= {})[r.method.toLowerCase()] = versioned(r, m, operation(r, m));
  }
  const schemas: Record<string, object> = {
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string', description: 'Message en français' },
        errors: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    SaveResult: {
      type: 'object',
      properties: {
        status: { const: 'SAVED' },
        id: { type: 'integer' },
        version: { type: 'integer', description: 'la version enregistrée' },
        item: { type: 'object' },
      },
    },
    StaleRecord: STALE_RECORD_SCHEMA,
    DocumentInfo: {
      type: 'object',
      required: ['generateFilePath', 'generateFileName', 'fileName', 'extension'],
      additionalProperties: false,
      properties: {
        generateFilePath: { type: 'string' },
        generateFileName: { type: 'string' },
        fileName: { type: 'string' },
        extension: { type: 'string' },
      },
    },
    SearchCriteria: {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1 },
        pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
        sort: { type: 'object', properties: { field: { type: 'string' }, order: { enum: ['ASC', 'DESC'] } } },
        filters: { type: 'object' },
        q: { type: 'string', minLength: 3 },
      },
    },
  };
  for (const m of metas) {
    const { $id: _id, ...schema } = m.schema;
    schemas[m.typeName] = isVersioned(m)
      ? {
          ...schema,
          title: m.label.one,
          properties: { ...(schema as { properties?: object }).properties, version: VERSION_PROPERTY },
        }
      : { ...schema, title: m.label.one };
  }
  const doc = {
    openapi: '3.1.0',
    'x-generated': JSON_BANNER,
    info: {
      title: 'Bivouac API',
      version: '1',
      description:
        'API REST de Bivouac. Toutes les routes hors connexion exigent la session ' +
        '(cookie bivouac_sid, ou le nom donné par SESSION_COOKIE).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: { schemas, securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bivouac_sid' } } },
    security: [{ session: [] }],
    paths,
  };
  return { 'api/generated/openapi.json': `${JSON.stringify(doc, null, 2)}\n` };
}
