// Bulk inserts that answer a name → id map, so that later rows can reference them.
import type { Knex } from 'knex';

export type Ids = Map<string, number>;

export async function insertIds(knex: Knex, table: string, rows: Record<string, unknown>[], key: string): Promise<Ids> {
  const saved: ({ id: number } & Record<string, unknown>)[] = await knex(table).insert(rows).returning(['id', key]);
  return new Map(saved.map((r) => [String(r[key]), r.id]));
}

/** The id of a seeded row; a missing name is a bug in the seed itself. */
export function id(ids: Ids, name: string): number {
  const v = ids.get(name);
  if (v === undefined) throw new Error(`seed: unknown reference "${name}"`);
  return v;
}
