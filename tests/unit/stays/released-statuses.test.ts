// Migration 0011 hard-codes the statuses that release places (a landed migration
// cannot import code that may change later): it must stay equal to the domain's list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELEASING } from '../../../common/stay-status';

describe('released statuses', () => {
  it('migration 0011 lists exactly the statuses of common/stay-status.ts RELEASING', () => {
    const source = readFileSync(new URL('../../../migrations/0011_stays_reservations.ts', import.meta.url), 'utf8');
    const m = /const RELEASING = \[([\d,\s]+)\];/.exec(source);
    expect(m).not.toBeNull();
    const inMigration = m![1]
      .split(',')
      .map((s) => Number(s.trim()))
      .sort((a, b) => a - b);
    expect(inMigration).toEqual([...RELEASING].sort((a, b) => a - b));
  });
});
