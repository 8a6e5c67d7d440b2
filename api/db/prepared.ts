// Statements prepared once per pooled connection, named after their text: the till's time
// follows what PostgreSQL parses and plans at every sale (issue 31 (docs/history.md#issue-31)).
// node-postgres sends Parse once per connection for a name, then only Bind and Execute;
// after five runs PostgreSQL keeps a generic plan. The name is a hash of the SQL, so one
// name never stands for two texts (pg refuses that), and a statement whose text varies (the
// number of lines of a ticket) gets one name per shape. The shapes are bounded: past
// MAX_SHAPES in a process, new shapes run unnamed, as before, so no connection keeps an
// unbounded number of prepared statements.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

const MAX_SHAPES = 64;
const shapes = new Set<string>();

/**
 * `query` named after its SQL. Only for statements whose answer keeps its type when the
 * schema grows (no `RETURNING *` / `SELECT *` on a table: a prepared statement whose
 * result columns change fails until its connection closes).
 */
export function preparedByShape<Q extends Knex.QueryBuilder | Knex.Raw>(query: Q, prefix: string): Q {
  const { sql } = query.toSQL() as { sql: string };
  const name = `${prefix}_${createHash('sha1').update(sql).digest('base64url').slice(0, 16)}`;
  if (!shapes.has(name)) {
    if (shapes.size >= MAX_SHAPES) return query;
    shapes.add(name);
  }
  return query.options({ name }) as Q;
}
