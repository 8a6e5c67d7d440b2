// The metadata of an entity and its fields, as common/entity-meta.ts builds it from a schema file.
export type FieldKind =
  | 'id'
  | 'integer'
  | 'number'
  | 'money'
  | 'rate'
  | 'boolean'
  | 'string'
  | 'text'
  | 'email'
  | 'color'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'ref'
  | 'json'
  | 'password';

export type SqlType =
  | { t: 'increments' }
  | { t: 'integer' }
  | { t: 'bigint' }
  | { t: 'double' }
  | { t: 'boolean' }
  | { t: 'text' }
  | { t: 'varchar'; length: number }
  | { t: 'date' }
  | { t: 'timestamptz' }
  | { t: 'jsonb' };

export interface DefaultFrom {
  entity: string;
  where: Record<string, unknown>;
  field?: string;
}

export interface FieldMeta {
  name: string;
  column: string;
  label: string;
  kind: FieldKind;
  sql: SqlType;
  nullable: boolean;
  required: boolean;
  readOnly: boolean;
  system: boolean;
  hidden: boolean;
  format?: string;
  input?: string;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  enum?: (string | number)[];
  enumLabels?: Record<string, string>;
  ref?: { entity: string; onDelete: 'restrict' | 'cascade' | 'set null' };
  default?: unknown;
  defaultFrom?: DefaultFrom;
  after?: string;
  message?: string;
  indexed: boolean;
}

export interface EntityMeta {
  name: string;
  typeName: string;
  table: string;
  base: string;
  label: { one: string; many: string; gender: 'm' | 'f' };
  functionality: string;
  menu?: string;
  listFields: string[];
  searchFields: string[];
  uniques: string[][];
  sort: { field: string; order: 'ASC' | 'DESC' };
  orderField?: string;
  activeField?: string;
  representation: string;
  routes: { list: string; edit: string; idParam: string };
  readOnlyWhen?: { field: string; equals: unknown; message: string };
  deleteBlocked?: string;
  /** a deletion must give its reason (§5, docs/entities.md#validation), kept in the history */
  deleteReason?: true;
  /** false: the module serves `{base}/document` itself (no generic document routes) */
  document?: false;
  timestamps: boolean;
  generatedAdmin: boolean;
  /** rows are never changed or deleted (database trigger); no write routes */
  appendOnly: boolean;
  fields: FieldMeta[];
  /** The JSON Schema the API and the forms validate with (system fields added). */
  schema: EntityJsonSchema;
}

/**
 * A field of a schema file: the keywords buildEntityMeta reads, typed as the generator's
 * strict ajv pass has checked them (generator/load.ts); the other keywords are carried over.
 */
export interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  readOnly?: boolean;
  'x-label'?: string;
  'x-input'?: string;
  'x-enum-labels'?: Record<string, string>;
  'x-ref'?: string;
  'x-on-delete'?: 'restrict' | 'cascade' | 'set null';
  'x-money'?: boolean;
  'x-rate'?: boolean;
  'x-default-from'?: DefaultFrom;
  'x-after'?: string;
  'x-message'?: string;
  'x-index'?: boolean;
  [keyword: string]: unknown;
}

/** A schema file (schemas/<name>.schema.json) as buildEntityMeta reads it: JSON Schema and the `x-` keywords. */
export interface EntitySchemaFile {
  $schema?: string;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  'x-label': { one: string; many: string; gender?: 'm' | 'f' };
  'x-functionality': string;
  'x-menu'?: string;
  'x-table'?: string;
  'x-base'?: string;
  'x-list'?: string[];
  'x-search'?: string[];
  'x-unique'?: string[][];
  'x-order-field'?: string;
  'x-active-field'?: string;
  'x-sort'?: { field: string; order?: 'ASC' | 'DESC' };
  'x-representation'?: string;
  'x-readonly-when'?: { field: string; equals: unknown; message: string };
  'x-routes'?: { list?: string; edit?: string };
  'x-delete-blocked'?: string;
  'x-delete-reason'?: boolean;
  'x-document'?: boolean;
  'x-timestamps'?: boolean;
  'x-generated-admin'?: boolean;
  'x-append-only'?: boolean;
  [keyword: string]: unknown;
}

/** The normalised schema of an entity (EntityMeta.schema): the file's, with the system fields and its $id. */
export interface EntityJsonSchema extends EntitySchemaFile {
  $id: string;
  type: 'object';
  additionalProperties: false;
  properties: Record<string, PropertySchema>;
}

/** A mistake in a schema file: the message names the file (added by the loader), the field and the keyword. */
export class SchemaError extends Error {}

/**
 * The bound a string field gets when its schema gives no `maxLength` (validation and
 * column type): a one-line text 255 characters, an address 2 048, a long text 10 000.
 */
export const DEFAULT_MAX_LENGTH = { string: 255, uri: 2048, text: 10_000 } as const;
