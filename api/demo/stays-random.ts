// A small seeded random generator (mulberry32) so that the demo data is the same on
// every reset, relative to the day it is seeded.
export class Random {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** one of the keys, with the given weights */
  weighted<T extends string | number>(table: readonly (readonly [T, number])[]): T {
    const total = table.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [v, w] of table) {
      x -= w;
      if (x < 0) return v;
    }
    return table[table.length - 1][0];
  }
}

/**
 * Inserts rows in chunks (one statement each) and answers the returned columns, typed `T`
 * by the caller (a Pick of the table's generated record, for the columns of `returning`).
 */
export async function bulkInsert<T = { id: number }>(
  knex: import('knex').Knex,
  table: string,
  rows: readonly object[],
  returning: string[] = ['id'],
  size = 500,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const part = await knex(table)
      .insert(rows.slice(i, i + size))
      .returning(returning);
    out.push(...(part as T[]));
  }
  return out;
}
