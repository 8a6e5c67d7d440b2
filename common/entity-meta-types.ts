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
  schema: Record<string, any>;
}

/** A mistake in a schema file: the message names the file (added by the loader), the field and the keyword. */
export class SchemaError extends Error {}

/**
 * The bound a string field gets when its schema gives no `maxLength` (validation and
 * column type): a one-line text 255 characters, an address 2 048, a long text 10 000.
 */
export const DEFAULT_MAX_LENGTH = { string: 255, uri: 2048, text: 10_000 } as const;
