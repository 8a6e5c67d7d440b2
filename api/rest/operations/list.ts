// list (react-admin's GET {base} with Content-Range) and search (the spec's POST
// {base}/search): one page and its total.
import type { Knex } from 'knex';
import type { EntityMeta } from '../../../common/entity-meta';
import {
  applyFilter,
  applySort,
  MAX_ROWS,
  parseRestQuery,
  parseSearchBody,
  readableColumns,
  type ListParams,
} from '../query';
import { inHeavyLane } from '../../http/heavy-lane';
import type { OperationHandler } from './context';
import { maskRows } from '../secrets';

/** Per table, whether its last list overflowed one page: decides how the next first page is read. */
const overflowed = new Map<string, boolean>();

/**
 * The page and the total. A first page is read with one row more than asked: when
 * that row is absent the total follows from the page and no count runs (most lists
 * of reference data fit one page). Otherwise — a later page, or a table whose last
 * list overflowed — the count runs beside the page on another pooled connection, so
 * the answer waits for the slower of the two, not for both one after the other.
 */
export async function listRows(
  knex: Knex,
  meta: EntityMeta,
  p: ListParams,
): Promise<{ rows: Record<string, unknown>[]; total: number; start: number }> {
  const base = knex(meta.table);
  applyFilter(base, meta, p.filter);
  const start = p.range?.[0] ?? 0;
  const limit = p.range ? p.range[1] - p.range[0] + 1 : MAX_ROWS;
  const page = base.clone().select(readableColumns(meta));
  applySort(page, meta, p.sort);
  page.offset(start).limit(limit + 1);
  if (start === 0 && !overflowed.get(meta.table)) {
    // First page (the usual request): read it alone; count only when it overflows.
    const rows = await page;
    if (rows.length <= limit) return { rows, total: rows.length, start };
    overflowed.set(meta.table, true);
    const [{ count }] = await base.clone().count({ count: '*' });
    return { rows: rows.slice(0, limit), total: Number(count), start };
  }
  const [rows, [{ count }]] = await Promise.all([page, base.clone().count({ count: '*' })]);
  const total = Number(count);
  if (start === 0) overflowed.set(meta.table, total > limit);
  return { rows: rows.slice(0, limit), total, start };
}

const pageRows = (p: ListParams) => (p.range ? p.range[1] - p.range[0] + 1 : MAX_ROWS);

export const list: OperationHandler = async ({ ctx, knex, meta, userId }) => {
  const p = parseRestQuery(meta, ctx.query);
  const { rows, total, start } = await inHeavyLane(userId, pageRows(p), () => listRows(knex, meta, p));
  const end = rows.length ? start + rows.length - 1 : start;
  ctx.set('Content-Range', `${meta.base} ${start}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  ctx.body = maskRows(meta.name, rows);
};

export const search: OperationHandler = async ({ ctx, knex, meta, body, userId }) => {
  const p = parseSearchBody(meta, body);
  const { rows, total } = await inHeavyLane(userId, pageRows(p), () => listRows(knex, meta, p));
  ctx.body = { items: maskRows(meta.name, rows), total, page: p.page, pageSize: p.pageSize };
};
