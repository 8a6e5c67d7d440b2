import type { Knex } from 'knex';

type Thunks<T extends readonly unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> };

/**
 * Runs independent queries: in parallel on the pool, one after another inside a
 * transaction, whose single connection cannot run two at once (pg only queues them,
 * and deprecates doing so).
 */
export async function independent<T extends readonly unknown[]>(db: Knex, thunks: [...Thunks<T>]): Promise<T> {
  if (!db.isTransaction) return Promise.all(thunks.map((run) => run())) as unknown as Promise<T>;
  const out: unknown[] = [];
  for (const run of thunks) out.push(await run());
  return out as unknown as T;
}
