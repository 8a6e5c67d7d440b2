// The table of generic operations: one small handler per operation of
// api/generated/routes.ts, in a file of its own (like Payload's operations).
import type { Operation } from '../../../common/route-def';
import type { OperationHandler } from './context';
import { list, search } from './list';
import { exportCsv } from './export';
import { get, getEdit } from './get';
import { create, save, update } from './save';
import { remove } from './delete';
import { order } from './order';
import { active } from './active';
import { byParent } from './by-parent';
import { document, documentInfo } from './document';

export const OPERATIONS: Record<Operation, OperationHandler> = {
  list,
  search,
  export: exportCsv,
  document,
  documentInfo,
  active,
  byParent,
  get,
  getEdit,
  create,
  update,
  save,
  delete: remove,
  order,
};

export type { OpContext, OperationHandler } from './context';
