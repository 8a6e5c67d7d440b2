// order (POST {base}/order): the given ids first, in that order, the others after.
import { badRequest } from '../../http/errors';
import type { OperationHandler } from './context';

export const order: OperationHandler = async ({ ctx, knex, meta, body }) => {
  const ids = Array.isArray(body) ? body : (body as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(ids) || !ids.every((x) => Number.isInteger(x) && x > 0) || new Set(ids).size !== ids.length)
    throw badRequest('INCORRECT_FORM');
  const col = meta.fields.find((f) => f.name === meta.orderField)!.column;
  await knex.transaction(async (trx) => {
    const current: number[] = (await trx(meta.table).select('id').orderBy(col).orderBy('id').forUpdate()).map(
      (r: { id: number }) => r.id,
    );
    const known = new Set(current);
    if (!ids.every((id: number) => known.has(id))) throw badRequest('INCORRECT_FORM');
    const given = new Set(ids);
    const next = [...ids, ...current.filter((id) => !given.has(id))];
    for (const [i, id] of next.entries()) {
      // Rows already in place are left alone: their version (and updatedAt) stays.
      await trx(meta.table)
        .where('id', id)
        .whereRaw('?? is distinct from ?', [col, i + 1])
        .update({ [col]: i + 1, ...(meta.timestamps ? { updatedAt: trx.fn.now() } : {}) });
    }
  });
  ctx.body = { status: 'SAVED' };
};
