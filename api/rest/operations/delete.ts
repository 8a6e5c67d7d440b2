// delete (DELETE {base}/{id}, the spec's POST {base}/delete/{id}); with a version
// (If-Match, or `version` in a POST body) only the version the client read.
import { parseId } from '../records';
import { deleteRecord, expectedVersion } from '../write';
import type { OperationHandler } from './context';

export const remove: OperationHandler = async ({ ctx, knex, meta, body, userId, params }) => {
  // x-delete-reason: the reason comes in the body (POST …/delete/{id}) or the query (DELETE ?reason=).
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).reason : undefined;
  const fromQuery = ctx.query.reason;
  const reason = typeof fromBody === 'string' ? fromBody : typeof fromQuery === 'string' ? fromQuery : undefined;
  const removed = await deleteRecord(
    knex,
    meta,
    parseId(params.id),
    userId,
    expectedVersion(body, ctx.get('If-Match')),
    reason,
  );
  ctx.body = ctx.method === 'DELETE' ? removed : { status: 'DELETED', id: removed.id };
};
