// Plain SQL in the integration tests: what the database itself refuses, whatever the API says.
import type { Knex } from 'knex';

/** The error message of a statement, or 'no error' when the database accepted it. */
export async function sqlError(db: Knex | Knex.Transaction, sql: string, bindings: any[] = []): Promise<string> {
  try {
    await db.raw(sql, bindings);
  } catch (e: any) {
    return String(e.message);
  }
  return 'no error';
}
