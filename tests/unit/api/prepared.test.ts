// Statements named after their SQL (api/db/prepared.ts): one name per text, and a bound on
// how many names a process hands out (past it, statements run unnamed).
import { describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { preparedByShape } from '../../../api/db/prepared';

const knex = knexFactory({ client: 'pg' });
const nameOf = (q: Knex.QueryBuilder | Knex.Raw) => (q.toSQL() as { options?: { name?: string } }).options?.name;

describe('preparedByShape', () => {
  it('names a text the same every time, and two texts apart', () => {
    const a = preparedByShape(knex.raw('SELECT ?::int AS one', [1]), 'probe');
    const b = preparedByShape(knex.raw('SELECT ?::int AS one', [2]), 'probe');
    const c = preparedByShape(knex.raw('SELECT ?::int AS two', [1]), 'probe');
    expect(nameOf(a)).toMatch(/^probe_[\w-]{16}$/);
    expect(nameOf(b)).toBe(nameOf(a));
    expect(nameOf(c)).not.toBe(nameOf(a));
  });

  it('hands out at most 64 names, then leaves new shapes unnamed but keeps naming the known ones', () => {
    const names = Array.from({ length: 100 }, (_, i) =>
      nameOf(preparedByShape(knex('t').insert(Array.from({ length: i + 1 }, () => ({ a: 1 }))), 'rows')),
    );
    // Two shapes were named by the test above.
    expect(names.filter(Boolean)).toHaveLength(62);
    expect(names.slice(62).every((n) => n === undefined)).toBe(true);
    expect(nameOf(preparedByShape(knex('t').insert([{ a: 2 }]), 'rows'))).toBe(names[0]);
  });
});
