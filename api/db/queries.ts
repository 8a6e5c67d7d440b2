import type { Knex } from 'knex';
import { snakeToCamel } from '../../common/names';
import { preparedByShape } from './prepared';

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

type Statement = Knex.QueryBuilder | Knex.Raw;

/**
 * Writes to several tables in one round trip: each statement becomes a data-modifying
 * CTE of one query, and the rows a statement RETURNs come back under its name
 * (camelCase keys, as JSON gives them). Only for statements that do not read each other's rows: all of them
 * see the snapshot taken before the query (PostgreSQL runs them together), and each
 * table's triggers see what earlier queries wrote, not its siblings.
 */
export async function writeTogether<K extends string>(
  db: Knex | Knex.Transaction,
  statements: Partial<Record<K, Statement>>,
): Promise<Record<K, Record<string, unknown>[]>> {
  const parts = Object.entries(statements).filter((e): e is [K, Statement] => e[1] != null);
  if (!parts.length) return {} as Record<K, Record<string, unknown>[]>;
  const bindings: unknown[] = [];
  const ctes: string[] = [];
  const cols: string[] = [];
  parts.forEach(([name, q], i) => {
    const { sql, bindings: b } = q.toSQL();
    bindings.push(...b);
    ctes.push(`w${i} AS (${sql})`);
    // A CTE without RETURNING cannot be read: it still runs, and answers no rows.
    cols.push(
      /\breturning\b/i.test(sql)
        ? `(SELECT coalesce(json_agg(w${i}), '[]') FROM w${i}) AS "${name}"`
        : `'[]'::json AS "${name}"`,
    );
  });
  // Its answer is JSON columns whatever the tables hold: it may be prepared.
  const sql = `WITH ${ctes.join(', ')} SELECT ${cols.join(', ')}`;
  const { rows } = await preparedByShape(db.raw(sql, bindings as Knex.RawBinding[]), 'together');
  return Object.fromEntries(parts.map(([name]) => [name, camelRows(rows[0][name])])) as Record<
    K,
    Record<string, unknown>[]
  >;
}

/** A row built by row_to_json / json_agg (snake_case keys: the camelCase mapper never sees it), camelCased. */
export function camelRow<T = Record<string, unknown>>(row: Record<string, unknown> | null): T | null {
  return row ? (Object.fromEntries(Object.entries(row).map(([k, v]) => [snakeToCamel(k), v])) as T) : null;
}
export const camelRows = <T = Record<string, unknown>>(rows: Record<string, unknown>[] | null): T[] =>
  (rows ?? []).map((r) => camelRow<T>(r)!);
