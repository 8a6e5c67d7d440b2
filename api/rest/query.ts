// List queries shared by both API shapes: filters, text search, sort and range.
import type { Knex } from 'knex';
import type { EntityMeta, FieldMeta } from '../../common/entity-meta';
import { badRequest } from '../http/errors';
import { CONTROL_CHARACTERS } from '../../common/validation';

export interface ListParams {
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** inclusive bounds, as react-admin sends them */
  range?: [number, number];
}

/** Rows a single unpaged list may return; larger reads must page. */
export const MAX_ROWS = 10_000;
/** Longest search term (`q`) and text filter value: longer ones only cost the database time. */
export const MAX_TERM_LENGTH = 200;
const OPS = ['gte', 'lte', 'gt', 'lt', 'neq', 'null'] as const;

function parseJsonParam(raw: unknown, param: string): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest('INVALID_QUERY', undefined, { param });
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('INVALID_QUERY', undefined, { param });
  }
}

export function parseSort(meta: EntityMeta, sort: unknown): ListParams['sort'] {
  if (sort === undefined || sort === null) return meta.sort;
  let field: unknown, order: unknown;
  if (Array.isArray(sort)) [field, order] = sort;
  else if (typeof sort === 'object') ({ field, order } = sort as Record<string, unknown>);
  order = typeof order === 'string' ? order.toUpperCase() : 'ASC';
  if (
    typeof field !== 'string' ||
    !meta.fields.some((f) => f.name === field && f.kind !== 'password') ||
    (order !== 'ASC' && order !== 'DESC')
  ) {
    throw badRequest('INVALID_QUERY', undefined, { param: 'sort' });
  }
  return { field, order };
}

/** react-admin simple-rest query string: filter, range, sort (all JSON). */
export function parseRestQuery(meta: EntityMeta, query: Record<string, unknown>): ListParams {
  const filter = parseJsonParam(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter))
    throw badRequest('INVALID_QUERY', undefined, { param: 'filter' });
  const rangeRaw = parseJsonParam(query.range, 'range');
  let range: [number, number] | undefined;
  if (rangeRaw !== undefined) {
    if (
      !Array.isArray(rangeRaw) ||
      rangeRaw.length !== 2 ||
      !rangeRaw.every((n) => Number.isInteger(n) && n >= 0) ||
      rangeRaw[1] < rangeRaw[0]
    ) {
      throw badRequest('INVALID_QUERY', undefined, { param: 'range' });
    }
    range = [rangeRaw[0], Math.min(rangeRaw[1], rangeRaw[0] + MAX_ROWS - 1)];
  }
  return {
    filter: filter as Record<string, unknown>,
    sort: parseSort(meta, parseJsonParam(query.sort, 'sort')),
    range,
  };
}

/** Seed shape: { page, pageSize, sort: {field, order}, filters, q }. */
export function parseSearchBody(meta: EntityMeta, body: unknown): ListParams & { page: number; pageSize: number } {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) throw badRequest('INCORRECT_FORM');
  const page = b.page ?? 1;
  const pageSize = b.pageSize ?? 20;
  if (!Number.isInteger(page) || (page as number) < 1) throw badRequest('INVALID_QUERY', undefined, { param: 'page' });
  if (!Number.isInteger(pageSize) || (pageSize as number) < 1 || (pageSize as number) > 5000)
    throw badRequest('INVALID_QUERY', undefined, { param: 'pageSize' });
  const filters = (b.filters ?? {}) as Record<string, unknown>;
  if (typeof filters !== 'object' || Array.isArray(filters))
    throw badRequest('INVALID_QUERY', undefined, { param: 'filters' });
  const filter = b.q !== undefined ? { ...filters, q: b.q } : filters;
  const start = ((page as number) - 1) * (pageSize as number);
  return {
    filter,
    sort: parseSort(meta, b.sort),
    range: [start, start + (pageSize as number) - 1],
    page: page as number,
    pageSize: pageSize as number,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function checkValue(f: FieldMeta, v: unknown, name: string): unknown {
  const ok =
    v === null ||
    (['integer', 'id', 'ref', 'money', 'rate', 'enum', 'number'].includes(f.kind) && typeof v === 'number') ||
    (f.kind === 'enum' && typeof v === 'string') ||
    (f.kind === 'boolean' && typeof v === 'boolean') ||
    (!['integer', 'id', 'ref', 'money', 'rate', 'number', 'boolean'].includes(f.kind) && typeof v === 'string');
  if (!ok) throw badRequest('INVALID_QUERY', undefined, { param: name });
  if (typeof v === 'string' && v.length > MAX_TERM_LENGTH)
    throw badRequest('FILTER_TOO_LONG', undefined, { limit: MAX_TERM_LENGTH });
  if (typeof v === 'string' && CONTROL_CHARACTERS.test(v)) throw badRequest('INVALID_CHARACTERS');
  return v;
}

export function applyFilter(
  qb: Knex.QueryBuilder,
  meta: EntityMeta,
  filter: Record<string, unknown>,
  table = meta.table,
): void {
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === 'q') {
      if (value === '' || value === null) continue;
      if (typeof value !== 'string') throw badRequest('INVALID_QUERY', undefined, { param: 'q' });
      const text = value.trim();
      if (text.length < 3) throw badRequest('SEARCH_TOO_SHORT');
      if (text.length > MAX_TERM_LENGTH) throw badRequest('SEARCH_TOO_LONG', undefined, { limit: MAX_TERM_LENGTH });
      if (CONTROL_CHARACTERS.test(text)) throw badRequest('INVALID_CHARACTERS');
      if (!meta.searchFields.length) throw badRequest('UNKNOWN_FILTER', undefined, { field: 'q' });
      const pattern = `%${escapeLike(text)}%`;
      qb.where((w) => {
        for (const s of meta.searchFields) {
          const col = meta.fields.find((f) => f.name === s)!.column;
          w.orWhereRaw(`bv_fold(??) LIKE bv_fold(?)`, [`${table}.${col}`, pattern]);
        }
      });
      continue;
    }
    const op = OPS.find((o) => key.endsWith(`_${o}`));
    const name = op ? key.slice(0, -(op.length + 1)) : key;
    const f = meta.fields.find((x) => x.name === name);
    if (!f || f.kind === 'password') throw badRequest('UNKNOWN_FILTER', undefined, { field: key });
    const col = `${table}.${f.column}`;
    if (op === 'null') {
      if (typeof value !== 'boolean') throw badRequest('INVALID_QUERY', undefined, { param: key });
      if (value) qb.whereNull(col);
      else qb.whereNotNull(col);
    } else if (Array.isArray(value)) {
      if (op) throw badRequest('INVALID_QUERY', undefined, { param: key });
      if (value.length > MAX_ROWS) throw badRequest('INVALID_QUERY', undefined, { param: key });
      qb.whereIn(col, value.map((v) => checkValue(f, v, key)) as Knex.Value[]);
    } else if (value === null) {
      if (op === 'neq') qb.whereNotNull(col);
      else qb.whereNull(col);
    } else {
      const v = checkValue(f, value, key);
      const sqlOp = { gte: '>=', lte: '<=', gt: '>', lt: '<', neq: '<>' }[op as string] ?? '=';
      qb.where(col, sqlOp, v as Knex.Value);
    }
  }
}

export function applySort(qb: Knex.QueryBuilder, meta: EntityMeta, sort: ListParams['sort'], table = meta.table): void {
  const f = meta.fields.find((x) => x.name === sort.field)!;
  qb.orderBy(`${table}.${f.column}`, sort.order);
  if (f.name !== 'id') qb.orderBy(`${table}.id`, 'ASC');
}

/** Columns a client may read: every field but write-only ones (passwords). */
export function readableColumns(meta: EntityMeta, table = meta.table): string[] {
  return meta.fields.filter((f) => f.kind !== 'password').map((f) => `${table}.${f.column}`);
}
