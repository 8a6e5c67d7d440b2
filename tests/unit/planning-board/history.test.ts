import { describe, expect, it } from 'vitest';
import {
  emptyHistory,
  forget,
  HISTORY_LIMIT,
  peekRedo,
  peekUndo,
  record,
  redoDone,
  undoDone,
} from '../../../custom-screens/planning/board/history';
import { bar } from './fixtures';

const b = bar(1, '2026-07-01', '2026-07-03');
const move = (n: number) => ({
  bar: b,
  before: { rowId: 1, startDate: '2026-07-01', endDate: '2026-07-03' },
  after: { rowId: n, startDate: '2026-07-01', endDate: '2026-07-03' },
});

describe('history', () => {
  it('undoes and redoes in order; a new move drops the redo stack', () => {
    let h = record(record(emptyHistory(), move(2)), move(3));
    expect(peekUndo(h)?.after.rowId).toBe(3);
    h = undoDone(h);
    expect(peekUndo(h)?.after.rowId).toBe(2);
    expect(peekRedo(h)?.after.rowId).toBe(3);
    h = redoDone(h);
    expect(peekRedo(h)).toBeUndefined();
    h = record(undoDone(h), move(4));
    expect(h.undone).toHaveLength(0);
    expect(h.done.map((e) => e.after.rowId)).toEqual([2, 4]);
    expect(undoDone(emptyHistory())).toEqual(emptyHistory());
  });

  it(
    'forgets an undo or a redo refused for good (its record changed meanwhile): ' + 'never replayed, the others kept',
    () => {
      const h = undoDone(record(record(record(emptyHistory(), move(2)), move(3)), move(4)));
      const u = forget(h, 'undo');
      expect(u.done.map((e) => e.after.rowId)).toEqual([2]);
      expect(u.undone.map((e) => e.after.rowId)).toEqual([4]);
      const r = forget(h, 'redo');
      expect(r.done.map((e) => e.after.rowId)).toEqual([2, 3]);
      expect(r.undone).toHaveLength(0);
    },
  );

  it('keeps at most HISTORY_LIMIT moves', () => {
    let h = emptyHistory();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = record(h, move(i));
    expect(h.done).toHaveLength(HISTORY_LIMIT);
    expect(h.done[0].after.rowId).toBe(5);
  });
});
