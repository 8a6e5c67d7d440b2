import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../../generator/diff';
import type { Snapshot } from '../../../generator/snapshot';

const col = (type: string, notNull = false, def: string | null = null) => ({ type, notNull, default: def });
const id = { type: 'integer', notNull: true, default: null, identity: true };

const base: Snapshot = {
  tables: {
    parent: { columns: { id, name: col('text', true) }, constraints: {}, indexes: {} },
    child: {
      columns: { id, parent_id: col('integer') },
      constraints: { fk_child__parent_id: 'FOREIGN KEY ("parent_id") REFERENCES "parent" ("id") ON DELETE RESTRICT' },
      indexes: { ix_child__parent_id: '("parent_id")' },
    },
  },
};

describe('migration diff', () => {
  it('creates tables before foreign keys and indexes, and drops them in reverse', () => {
    const { up, down } = diffSnapshots({ tables: {} }, base);
    const create = up.findIndex((s) => s.startsWith('CREATE TABLE "child"'));
    const fk = up.findIndex((s) => s.includes('ADD CONSTRAINT "fk_child__parent_id"'));
    const ix = up.findIndex((s) => s.includes('CREATE INDEX "ix_child__parent_id"'));
    expect(create).toBeLessThan(fk);
    expect(fk).toBeLessThan(ix);
    expect(down[0]).toBe('ALTER TABLE "child" DROP CONSTRAINT "fk_child__parent_id"');
    expect(down.slice(1).sort()).toEqual(['DROP TABLE "child"', 'DROP TABLE "parent"']);
  });

  it('alters a column type, default and nullability, and mirrors it down', () => {
    const next = structuredClone(base);
    next.tables.parent.columns.name = col('varchar(40)', false, "'x'");
    const { up, down } = diffSnapshots(base, next);
    expect(up).toEqual([
      // Between text types no USING: a value too long is refused, never cut.
      'ALTER TABLE "parent" ALTER COLUMN "name" TYPE varchar(40)',
      `ALTER TABLE "parent" ALTER COLUMN "name" SET DEFAULT 'x'`,
      'ALTER TABLE "parent" ALTER COLUMN "name" DROP NOT NULL',
    ]);
    expect(down).toEqual([
      'ALTER TABLE "parent" ALTER COLUMN "name" SET NOT NULL',
      'ALTER TABLE "parent" ALTER COLUMN "name" DROP DEFAULT',
      'ALTER TABLE "parent" ALTER COLUMN "name" TYPE text',
    ]);
  });

  it('drops a table with its foreign keys first and recreates it on the way down', () => {
    const next = structuredClone(base);
    delete next.tables.child;
    const { up, down } = diffSnapshots(base, next);
    expect(up).toEqual(['ALTER TABLE "child" DROP CONSTRAINT "fk_child__parent_id"', 'DROP TABLE "child"']);
    expect(down[0]).toMatch(/^CREATE TABLE "child"/);
    expect(down).toContain('CREATE INDEX "ix_child__parent_id" ON "child" ("parent_id")');
    expect(down.at(-1)).toBe(
      'ALTER TABLE "child" ADD CONSTRAINT "fk_child__parent_id" FOREIGN KEY ("parent_id") REFERENCES "parent" ' +
        '("id") ON DELETE RESTRICT',
    );
  });

  it('adds a unique constraint and a column', () => {
    const next = structuredClone(base);
    next.tables.parent.columns.code = col('varchar(10)', true);
    next.tables.parent.constraints.uq_parent__code = 'UNIQUE ("code")';
    const { up, down, summary } = diffSnapshots(base, next);
    expect(up).toEqual([
      'ALTER TABLE "parent" ADD COLUMN "code" varchar(10) NOT NULL',
      'ALTER TABLE "parent" ADD CONSTRAINT "uq_parent__code" UNIQUE ("code")',
    ]);
    expect(down).toEqual([
      'ALTER TABLE "parent" DROP CONSTRAINT "uq_parent__code"',
      'ALTER TABLE "parent" DROP COLUMN "code"',
    ]);
    expect(summary).toEqual(['add uq_parent__code', 'add parent.code']);
  });
});
