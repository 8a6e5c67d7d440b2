// Short JSON Schema pieces for route declarations and named schemas (defineRoute,
// defineSchemas): common types and a reference to a named schema. Pure data.
import { EMAIL_PATTERN } from '../../common/formats';

export const int = { type: 'integer' };
export const str = { type: 'string' };
export const bool = { type: 'boolean' };
export const date = { type: 'string', format: 'date' };
/** A date a client sends, refused with INCORRECT_DATES. */
export const dateInput = { ...date, 'x-message': 'INCORRECT_DATES' };
export const obj = { type: 'object' };
export const ids = { type: 'array', items: int };
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An OpenAPI request body of one uploaded file (multipart field `uploadfile`) and these other fields. */
export const multipartFile = (fields: Record<string, object> = {}) => ({
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['uploadfile'],
          properties: { uploadfile: { type: 'string', format: 'binary' }, ...fields },
        },
      },
    },
  },
});

export const strOrNull = { type: ['string', 'null'] };
export const intOrNull = { type: ['integer', 'null'] };
export const list = (items: object) => ({ type: 'array', items });
/** An array of exactly these items, in this order (a board's compact rows). */
export const tuple = (...items: object[]) => ({
  type: 'array',
  prefixItems: items,
  items: false,
  minItems: items.length,
});
export const boolOrNull = { type: ['boolean', 'null'] };
export const dateOrNull = { type: ['string', 'null'], format: 'date' };
/** An amount in cents. */
export const money = { type: 'integer', description: 'centimes' };
/**
 * An object with exactly these properties, every one present (an answer the server always fills) but the
 * `optional` ones.
 */
export const closed = (properties: Record<string, object>, optional: readonly string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});
/** `schema` or null: a column read through a left join, a record that may be missing. */
/** A JSON schema node as these helpers read it. */
interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  [key: string]: unknown;
}
export function orNull(schema: SchemaNode): object {
  if (schema.$ref) return { anyOf: [schema, { type: 'null' }] };
  const types: string[] = [schema.type ?? []].flat();
  return {
    ...schema,
    type: types.includes('null') ? types : [...types, 'null'],
    ...(schema.enum && !schema.enum.includes(null) ? { enum: [...schema.enum, null] } : {}),
  };
}
/**
 * These columns of an entity schema (common/generated/meta) as an answer reads them: their type, format and
 * values, so that a row read from the table is described as the schema declares it.
 */
export function columns(entity: object, names: readonly string[]): Record<string, object> {
  const properties = (entity as { properties: Record<string, object | undefined> }).properties;
  const out: Record<string, object> = {};
  for (const name of names) {
    const c = properties[name];
    if (!c) throw new Error(`columns: no column ${name}`);
    out[name] = Object.fromEntries(Object.entries(c).filter(([k]) => ['type', 'format', 'enum'].includes(k)));
  }
  return out;
}
/** An e-mail address as the screens check it (common/formats.ts), refused with INVALID_EMAIL. */
export const email = { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN.source, 'x-message': 'INVALID_EMAIL' };
