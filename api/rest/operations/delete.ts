// delete (DELETE {base}/{id}, the spec's POST {base}/delete/{id}); with a version
// (If-Match, or `version` in a POST body) only the version the client read.
import { parseId } from '../records';
import { deleteRecord, expectedVersion } from '../write';
import type { OperationHandler } from './context';

export const remove: OperationHandler = async ({ ctx, knex, meta, body, userId, params }) => {
  const removed = await deleteRecord(
    knex,
    meta,
    parseId(params.id),
    userId,
    expectedVersion(body, ctx.get('If-Match')),
  );
  ctx.body = ctx.method === 'DELETE' ? removed : { status: 'DELETED', id: removed.id };
};
