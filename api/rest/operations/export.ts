// export: the CSV of a list, named after it and the day, (GET with react-admin's query, POST with the spec's
// search body), references shown by their representation.
import { entityMeta } from '../entities';
import { applyFilter, applySort, parseRestQuery, parseSearchBody, readableColumns } from '../query';
import { toCsv } from '../csv';
import { inHeavyLane } from '../../http/heavy-lane';
import type { OperationHandler } from './context';
import { maskRows } from '../secrets';
import { csvFileName } from '../../../common/file-names';
import { todayParis } from '../../../common/dates';

export const exportCsv: OperationHandler = async ({ ctx, knex, meta, body, userId }) => {
  const p =
    ctx.method === 'GET'
      ? parseRestQuery(meta, ctx.query)
      : parseSearchBody(meta, { pageSize: 5000, ...(body as object) });
  const q = knex(meta.table).select(readableColumns(meta));
  for (const f of meta.fields) {
    if (!f.ref) continue;
    const target = entityMeta(f.ref.entity);
    const alias = `r_${f.column}`;
    const rep = target.fields.find((x) => x.name === target.representation)!;
    q.leftJoin(`${target.table} as ${alias}`, `${alias}.id`, `${meta.table}.${f.column}`);
    q.select(knex.raw('??.?? as ??', [alias, rep.column, `${f.column}_label`]));
  }
  applyFilter(q, meta, p.filter);
  applySort(q, meta, p.sort);
  const start = p.range?.[0] ?? 0;
  const limit = p.range ? p.range[1] - p.range[0] + 1 : 100_000;
  q.offset(start).limit(limit);
  const rows = await inHeavyLane(userId, limit, async () => q);
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  // Named after the list and the day (« paiements-2026-11-28.csv »).
  ctx.set('Content-Disposition', `attachment; filename="${csvFileName(meta.label.many, todayParis())}"`);
  ctx.body = toCsv(meta, maskRows(meta.name, rows));
};
