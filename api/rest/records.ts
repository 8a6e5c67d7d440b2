// Reading one record of any entity: ids, defaults, input cleaning, and the write path,
// as the API shapes and the domain modules use them.
import type { Knex } from 'knex';
import type { MetaOf, RecordOf } from './entities';
import { notFound } from '../http/errors';
import { readableColumns } from './query';

export { cleanInput, newRecord, parseId } from './record-input';

export async function loadRecord<E extends string>(knex: Knex, meta: MetaOf<E>, id: number): Promise<RecordOf<E>> {
  const row = await knex(meta.table).select(readableColumns(meta)).where(`${meta.table}.id`, id).first();
  if (!row) throw notFound();
  return row;
}

// The write path (save, delete, version checks) lives in write.ts, which reads its input
// with record-input.ts; domain modules import it from here too.
export { deleteRecord, saveRecord } from './write';
