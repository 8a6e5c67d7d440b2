// active (GET {base}/active[/{from}/{to}]): the rows whose active flag is set and,
// with dates, whose period meets [from, to). The period is read from the schema:
// the date field declared `x-after` another date field ends it, that field starts it.
import type { EntityMeta, FieldMeta } from '../../../common/entity-meta';
import { badRequest } from '../../http/errors';
import { applySort, MAX_ROWS, readableColumns } from '../query';
import type { OperationHandler } from './context';
import { maskRows } from '../secrets';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The [start, end) date fields of an entity's period, when its schema declares one. */
export function periodOf(meta: EntityMeta): { start: FieldMeta; end: FieldMeta } | undefined {
  for (const end of meta.fields) {
    if (end.kind !== 'date' || !end.after) continue;
    const start = meta.fields.find((f) => f.name === end.after && f.kind === 'date');
    if (start) return { start, end };
  }
  return undefined;
}

export const active: OperationHandler = async ({ ctx, knex, meta, params }) => {
  const q = knex(meta.table).select(readableColumns(meta));
  if (meta.activeField) q.where(meta.fields.find((f) => f.name === meta.activeField)!.column, true);
  const { from, to } = params;
  if (from !== undefined) {
    if (!DATE.test(from) || !DATE.test(to)) throw badRequest('INCORRECT_DATES');
    const period = periodOf(meta);
    if (period) {
      // Half-open overlap with [from, to); open-ended rows have a null end.
      q.where(period.start.column, '<', to);
      q.where((w) => w.whereNull(period.end.column).orWhere(period.end.column, '>', from));
    }
  }
  applySort(q, meta, meta.sort);
  ctx.body = maskRows(meta.name, await q.limit(MAX_ROWS));
};
