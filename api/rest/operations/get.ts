// get (GET {base}/{id}) and getEdit (GET {base}/edit/{id}, id 0: a new record with
// its defaults). The record's version is also its ETag.
import { loadRecord, newRecord, parseId } from '../records';
import { etagOf } from '../write';
import type { OperationHandler } from './context';
import { maskRow } from '../secrets';

export const get: OperationHandler = async ({ ctx, knex, meta, params }) => {
  const rec = await loadRecord(knex, meta, parseId(params.id));
  const etag = etagOf(rec);
  if (etag) ctx.set('ETag', etag);
  ctx.body = maskRow(meta.name, rec);
};

export const getEdit: OperationHandler = async ({ ctx, knex, meta, params }) => {
  const id = parseId(params.id, true);
  const rec = id === 0 ? await newRecord(knex, meta) : await loadRecord(knex, meta, id);
  const etag = etagOf(rec);
  if (etag) ctx.set('ETag', etag);
  ctx.body = maskRow(meta.name, rec);
};
