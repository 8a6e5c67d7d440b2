// The database shape the schemas call for, as plain data: the next migration is
// the difference between this and the snapshot kept with the last migration.
import { SchemaError, type EntityMeta, type FieldMeta, type SqlType } from '../common/entity-meta';
import { camelToSnake } from '../common/names';

export interface ColumnDef {
  type: string;
  notNull: boolean;
  default: string | null;
  identity?: boolean;
}
export interface TableDef {
  columns: Record<string, ColumnDef>;
  /** name → full constraint definition (UNIQUE (...), CHECK (...), FOREIGN KEY ...) */
  constraints: Record<string, string>;
  /** name → index definition after "ON <table>" */
  indexes: Record<string, string>;
  /** name → trigger definition after "ON <table>" */
  triggers?: Record<string, string>;
}
export interface Snapshot {
  tables: Record<string, TableDef>;
}

const MAX_IDENT = 63;
/** Constraint names follow `<kind>_<table>__<columns>` so errors map back to fields. */
export function constraintName(kind: string, table: string, cols: string[], suffix = ''): string {
  const name = `${kind}_${table}__${cols.join('__')}${suffix}`;
  if (name.length <= MAX_IDENT) return name;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, MAX_IDENT - 9)}_${h.toString(36).padStart(8, '0').slice(0, 8)}`;
}

export function sqlTypeName(t: SqlType): string {
  switch (t.t) {
    case 'increments':
      return 'integer';
    case 'varchar':
      return `varchar(${t.length})`;
    case 'double':
      return 'double precision';
    default:
      return t.t;
  }
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

function literal(value: unknown, f: FieldMeta): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quote(value);
  if (f.kind === 'json') return `${quote(JSON.stringify(value))}::jsonb`;
  throw new SchemaError(`${f.name}: "default" ${JSON.stringify(value)} cannot be a column default`);
}

function columnDef(f: FieldMeta): ColumnDef {
  if (f.kind === 'id') return { type: 'integer', notNull: true, default: null, identity: true };
  if (f.name === 'version' && f.system) return { type: 'integer', notNull: true, default: '1' };
  if (f.system) return { type: 'timestamptz', notNull: true, default: 'now()' };
  return { type: sqlTypeName(f.sql), notNull: !f.nullable, default: literal(f.default, f) };
}

function checks(m: EntityMeta, f: FieldMeta): Record<string, string> {
  const out: Record<string, string> = {};
  const col = `"${f.column}"`;
  const add = (expr: string, suffix = '') => {
    out[constraintName('ck', m.table, [f.column], suffix)] = `CHECK (${expr})`;
  };
  if (f.enum) add(`${col} IN (${f.enum.map((v) => (typeof v === 'number' ? String(v) : quote(v))).join(', ')})`);
  if (f.minimum !== undefined) add(`${col} >= ${f.minimum}`, '_min');
  if (f.exclusiveMinimum !== undefined) add(`${col} > ${f.exclusiveMinimum}`, '_min');
  if (f.maximum !== undefined) add(`${col} <= ${f.maximum}`, '_max');
  if (f.after) add(`${col} > "${camelToSnake(f.after)}"`, '_after');
  // A text column has no length of its own: the bound the API checks holds in the database too.
  if (f.sql.t === 'text' && f.maxLength !== undefined) add(`char_length(${col}) <= ${f.maxLength}`, '_len');
  return out;
}

export function buildSnapshot(metas: EntityMeta[]): Snapshot {
  const byName = new Map(metas.map((m) => [m.name, m]));
  const tables: Record<string, TableDef> = {};
  for (const m of [...metas].sort((a, b) => a.table.localeCompare(b.table))) {
    const t: TableDef = { columns: {}, constraints: {}, indexes: {} };
    for (const f of m.fields) {
      try {
        t.columns[f.column] = columnDef(f);
      } catch (e) {
        throw new SchemaError(`${m.name}.schema.json: ${m.name}.${(e as Error).message}`);
      }
      Object.assign(t.constraints, checks(m, f));
      if (f.ref) {
        const target = byName.get(f.ref.entity)!;
        t.constraints[constraintName('fk', m.table, [f.column])] =
          `FOREIGN KEY ("${f.column}") REFERENCES "${target.table}" ("id") ON DELETE ${f.ref.onDelete.toUpperCase()}`;
      }
      if (f.ref || f.indexed) t.indexes[constraintName('ix', m.table, [f.column])] = `("${f.column}")`;
    }
    for (const u of m.uniques) {
      const cols = u.map(camelToSnake);
      t.constraints[constraintName('uq', m.table, cols)] = `UNIQUE (${cols.map((c) => `"${c}"`).join(', ')})`;
    }
    // B-tree on the default sort and on search fields: serves ORDER BY … LIMIT pages.
    for (const s of new Set([m.sort.field, ...m.searchFields])) {
      const f = m.fields.find((x) => x.name === s)!;
      if (f.system || f.ref || f.indexed) continue;
      t.indexes[constraintName('ix', m.table, [f.column])] = `("${f.column}")`;
    }
    for (const s of m.searchFields) {
      const col = camelToSnake(s);
      // Trigram index on the accent- and case-folded text: serves ILIKE '%…%' searches.
      t.indexes[constraintName('ix', m.table, [col], '_trgm')] = `USING gin (bv_fold("${col}") gin_trgm_ops)`;
    }
    if (m.fields.some((f) => f.system && f.name === 'version')) {
      // Every change bumps the version (migrations/0025_write_versions.ts), whoever writes.
      t.triggers = { [`tg_${m.table}__version`]: 'BEFORE UPDATE FOR EACH ROW EXECUTE FUNCTION bv_bump_version()' };
    }
    if (m.appendOnly) {
      // Rows the law (or the audit trail) says must not change: refused by the database.
      t.triggers = {
        [`tg_${m.table}__no_change`]: 'BEFORE UPDATE OR DELETE FOR EACH ROW EXECUTE FUNCTION bv_refuse_change()',
        [`tg_${m.table}__no_truncate`]: 'BEFORE TRUNCATE FOR EACH STATEMENT EXECUTE FUNCTION bv_refuse_change()',
      };
    }
    t.constraints = sortKeys(t.constraints);
    t.indexes = sortKeys(t.indexes);
    tables[m.table] = t;
  }
  return { tables };
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}
