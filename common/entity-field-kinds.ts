// What a schema property is: its base type, enum values, default length, kind and SQL type.
import { SchemaError, type FieldKind, DEFAULT_MAX_LENGTH, type SqlType, type EntityMeta } from './entity-meta-types';

/** A schema property as its file declares it: JSON Schema keywords and the `x-` extensions, checked here. */
export type SchemaProp = Record<string, unknown>;

export function baseType(prop: SchemaProp): { type: string; nullable: boolean } {
  const types: unknown[] = Array.isArray(prop.type) ? prop.type : [prop.type];
  const nonNull = types.filter((t) => t !== 'null');
  if (nonNull.length !== 1 || typeof nonNull[0] !== 'string')
    throw new SchemaError(`"type" must be one type, optionally with "null"`);
  return { type: nonNull[0], nullable: types.includes('null') };
}

/** The values of an `enum` without null; null is allowed only in a nullable field (and then always accepted). */
export function enumValues(prop: SchemaProp, type: string, nullable: boolean): (string | number)[] | undefined {
  if (prop.enum === undefined) return undefined;
  if (!Array.isArray(prop.enum) || prop.enum.length === 0) throw new SchemaError(`"enum" must be a non-empty array`);
  if (prop.enum.includes(null) && !nullable) throw new SchemaError(`"enum" holds null but "type" does not allow null`);
  const values = prop.enum.filter((v: unknown) => v !== null) as (string | number)[];
  if (values.length === 0) throw new SchemaError(`"enum" needs at least one value besides null`);
  for (const v of values) {
    const ok = type === 'string' ? typeof v === 'string' : type === 'integer' ? Number.isInteger(v) : false;
    if (!ok)
      throw new SchemaError(
        `"enum" value ${JSON.stringify(v)} is not of the field's "type" (${type}; enums are strings or integers)`,
      );
  }
  if (new Set(values).size !== values.length) throw new SchemaError(`"enum" lists a value twice`);
  return values;
}

/** Whether a string field is bounded by `maxLength` (a default one when the schema gives none). */
export function defaultMaxLength(kind: FieldKind, prop: SchemaProp): number | undefined {
  if (!['string', 'text', 'email', 'color', 'password'].includes(kind)) return undefined;
  if (kind === 'text' || prop['x-sql'] === 'text') return DEFAULT_MAX_LENGTH.text;
  return prop.format === 'uri' ? DEFAULT_MAX_LENGTH.uri : DEFAULT_MAX_LENGTH.string;
}

export function fieldKind(name: string, prop: SchemaProp, type: string): FieldKind {
  if (name === 'id') return 'id';
  if (prop['x-ref']) return 'ref';
  if (prop.enum) return 'enum';
  if (prop['x-money']) return 'money';
  if (prop['x-rate']) return 'rate';
  if (prop['x-input'] === 'password') return 'password';
  switch (type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'object':
    case 'array':
      return 'json';
    case 'string':
      if (prop.format === 'date') return 'date';
      if (prop.format === 'date-time') return 'datetime';
      if (prop.format === 'email') return 'email';
      if (prop.format === 'color') return 'color';
      return prop['x-input'] === 'textarea' ? 'text' : 'string';
  }
  throw new SchemaError(`"type" ${JSON.stringify(type)} is not supported`);
}

export function sqlType(kind: FieldKind, prop: SchemaProp): SqlType {
  if (prop['x-sql'] === 'bigint') return { t: 'bigint' };
  if (prop['x-sql'] === 'text') return { t: 'text' };
  if (prop['x-sql'] === 'double') return { t: 'double' };
  switch (kind) {
    case 'id':
      return { t: 'increments' };
    case 'ref':
    case 'integer':
    case 'money':
    case 'rate':
      return { t: 'integer' };
    case 'number':
      return { t: 'double' };
    case 'boolean':
      return { t: 'boolean' };
    case 'date':
      return { t: 'date' };
    case 'datetime':
      return { t: 'timestamptz' };
    case 'json':
      return { t: 'jsonb' };
    case 'enum': {
      // enumValues checked them: strings, or integers
      const values = (prop.enum as (string | number | null)[]).filter((v) => v !== null);
      return typeof values[0] === 'number'
        ? { t: 'integer' }
        : { t: 'varchar', length: Math.max(...(values as string[]).map((v) => v.length)) };
    }
    default:
      return prop.maxLength ? { t: 'varchar', length: prop.maxLength as number } : { t: 'text' };
  }
}

/** The French labels of an enum field's values (`x-enum-labels`); none for another field. */
export function enumLabels(meta: EntityMeta, field: string): Record<string, string> {
  return meta.fields.find((f) => f.name === field)?.enumLabels ?? {};
}
