// create (POST {base}), update (PUT {base}/{id}) and save (the spec's POST
// {base}/edit, id 0 creates): all through the one write path (write.ts), which
// checks the version the client read (body `version` or If-Match).
import { badRequest } from '../../http/errors';
import { parseId } from '../records';
import { confirmationsOf } from '../entities';
import { etagOf, saveRecord } from '../write';
import type { OperationHandler } from './context';
import { maskRow } from '../secrets';

export const create: OperationHandler = async ({ ctx, knex, meta, body, userId }) => {
  if (body && typeof body === 'object' && (body as { id?: unknown }).id) throw badRequest('INCORRECT_FORM');
  const saved = await saveRecord(knex, meta, body, userId, 0, { confirm: confirmationsOf(ctx.get('X-Confirm')) });
  const etag = etagOf(saved);
  if (etag) ctx.set('ETag', etag);
  ctx.body = maskRow(meta.name, saved);
};

export const update: OperationHandler = async ({ ctx, knex, meta, body, userId, params }) => {
  const saved = await saveRecord(knex, meta, body, userId, parseId(params.id), {
    ifMatch: ctx.get('If-Match'),
    confirm: confirmationsOf(ctx.get('X-Confirm')),
  });
  const etag = etagOf(saved);
  if (etag) ctx.set('ETag', etag);
  ctx.body = maskRow(meta.name, saved);
};

export const save: OperationHandler = async ({ ctx, knex, meta, body, userId }) => {
  const saved = await saveRecord(knex, meta, body, userId, undefined, {
    ifMatch: ctx.get('If-Match'),
    confirm: confirmationsOf(ctx.get('X-Confirm')),
  });
  const wantItem = String(ctx.get('returnEditItem')).toLowerCase() === 'true';
  const etag = etagOf(saved);
  if (etag) ctx.set('ETag', etag);
  // The new version comes back even without the item, so the caller can save again.
  ctx.body = {
    status: 'SAVED',
    id: saved.id,
    ...(saved.version !== undefined ? { version: saved.version } : {}),
    ...(wantItem ? { item: maskRow(meta.name, saved) } : {}),
  };
};
