// The x- vocabulary of entity schemas. Registered with ajv so that strict mode
// stays on: a misspelt keyword or a value of the wrong shape is an error.
import type Ajv from 'ajv';

const str = { type: 'string', minLength: 1 };
const strList = { type: 'array', items: str };

export const ENTITY_KEYWORDS: Record<string, object> = {
  'x-table': { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
  'x-base': { type: 'string', pattern: '^[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)*$' },
  'x-label': {
    type: 'object',
    required: ['one', 'many'],
    additionalProperties: false,
    properties: { one: str, many: str, gender: { enum: ['m', 'f'] } },
  },
  'x-functionality': { type: 'string', pattern: '^[a-z-]+\\.[a-z-]+$' },
  'x-list': strList,
  'x-search': strList,
  'x-unique': { type: 'array', items: { type: 'array', items: str, minItems: 1 } },
  'x-sort': {
    type: 'object',
    required: ['field'],
    additionalProperties: false,
    properties: { field: str, order: { enum: ['ASC', 'DESC'] } },
  },
  'x-order-field': str,
  'x-active-field': str,
  'x-representation': str,
  'x-routes': {
    type: 'object',
    additionalProperties: false,
    properties: { list: { type: 'string', pattern: '^/' }, edit: { type: 'string', pattern: '^/' } },
  },
  'x-menu': str,
  'x-readonly-when': {
    type: 'object',
    required: ['field', 'equals', 'message'],
    additionalProperties: false,
    properties: { field: str, equals: {}, message: str },
  },
  'x-delete-blocked': str,
  'x-delete-reason': { type: 'boolean' },
  'x-document': { type: 'boolean' },
  'x-timestamps': { type: 'boolean' },
  'x-generated-admin': { type: 'boolean' },
  'x-append-only': { type: 'boolean' },
};

export const FIELD_KEYWORDS: Record<string, object> = {
  'x-label': str,
  'x-ref': str,
  'x-on-delete': { enum: ['restrict', 'cascade', 'set null'] },
  'x-money': { type: 'boolean' },
  'x-rate': { type: 'boolean' },
  'x-enum-labels': { type: 'object', additionalProperties: { type: 'string' } },
  'x-default-from': {
    type: 'object',
    required: ['entity', 'where'],
    additionalProperties: false,
    properties: { entity: str, where: { type: 'object' }, field: str },
  },
  'x-input': { enum: ['textarea', 'color', 'password', 'phone', 'hidden'] },
  'x-sql': { enum: ['bigint', 'text', 'double'] },
  'x-after': str,
  'x-message': str,
  'x-index': { type: 'boolean' },
};

/** Registers every x- keyword as an annotation whose value is itself validated. */
export function registerVocabulary(ajv: Ajv): void {
  const all = new Map<string, object[]>();
  for (const [k, v] of [...Object.entries(ENTITY_KEYWORDS), ...Object.entries(FIELD_KEYWORDS)]) {
    all.set(k, [...(all.get(k) ?? []), v]);
  }
  for (const [keyword, shapes] of all) {
    ajv.addKeyword({ keyword, metaSchema: shapes.length === 1 ? shapes[0] : { anyOf: shapes } });
  }
}
