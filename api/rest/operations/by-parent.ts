// byParent (GET {base}/{parent}/{id}): the rows of one parent record, e.g. the
// periods of a price grid.
import { parseId } from '../records';
import { applySort, MAX_ROWS, readableColumns } from '../query';
import type { OperationHandler } from './context';
import { maskRows } from '../secrets';

export const byParent: OperationHandler = async ({ ctx, knex, meta, route, params }) => {
  const id = parseId(params.id);
  const f = meta.fields.find((x) => x.name === route.field)!;
  const q = knex(meta.table).select(readableColumns(meta)).where(f.column, id);
  applySort(q, meta, meta.sort);
  ctx.body = maskRows(meta.name, await q.limit(MAX_ROWS));
};
