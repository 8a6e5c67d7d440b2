// Moves: optimistic override while the server decides, rollback and French
// toast on refusal, undo/redo history of accepted moves.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyOverrides, type BarIndex, type BarOverride } from './barIndex';
import type { Target } from './controller';
import { toDay, toIso } from './dates';
import type { ToastState } from './Feedback';
import { emptyHistory, forget, peekRedo, peekUndo, record, redoDone, undoDone, type MoveHistory } from './history';
import type { BarPosition, BoardBar, BoardMessages, Id, MoveCause, MoveRequest, MoveResult } from './types';

const EMPTY = new Map<Id, BarOverride>();

function refusal(res: MoveResult | undefined, m: BoardMessages): string | null {
  if (res === true) return null;
  if (res && typeof res === 'object') return res.ok ? null : res.message || m.moveRefused;
  return m.moveRefused;
}

export function useMoves<B extends BoardBar>(
  base: BarIndex<B>,
  m: BoardMessages,
  onMoveBar: ((req: MoveRequest<B>) => Promise<MoveResult> | MoveResult) | undefined,
  onHistoryChange: ((s: { canUndo: boolean; canRedo: boolean }) => void) | undefined,
) {
  const [overrides, setOverrides] = useState<Map<Id, BarOverride>>(EMPTY);
  const [toast, setToast] = useState<ToastState | null>(null);
  const [history, setHistory] = useState<MoveHistory<B>>(emptyHistory);
  const historyRef = useRef(history);
  historyRef.current = history;
  const index = useMemo(() => applyOverrides(base, overrides), [base, overrides]);
  const indexRef = useRef(index);
  indexRef.current = index;
  const moveRef = useRef(onMoveBar);
  moveRef.current = onMoveBar;

  // New data from the caller: accepted moves are now in `bars`, drop their overrides.
  useEffect(() => {
    setOverrides((prev) => {
      if (prev.size === 0) return prev;
      const next = new Map([...prev].filter(([, o]) => o.state === 'pending'));
      return next.size === prev.size ? prev : next;
    });
  }, [base]);

  const pending = useMemo(
    () => new Set([...overrides].filter(([, o]) => o.state === 'pending').map(([id]) => id)),
    [overrides],
  );

  useEffect(() => {
    onHistoryChange?.({ canUndo: history.done.length > 0, canRedo: history.undone.length > 0 });
  }, [history, onHistoryChange]);

  const showMessage = useCallback((text: string, tone: 'error' | 'info' = 'error') => {
    setToast({ id: Date.now() + Math.random(), text, tone });
  }, []);
  const closeToast = useCallback(() => setToast(null), []);

  /** Asks the caller to move a bar; answers accepted, refused, or refused for good (`forget`: its record changed). */
  const move = useCallback(
    async (
      bar: B,
      target: Target,
      previous: BarPosition,
      cause: MoveCause,
    ): Promise<'accepted' | 'refused' | 'forget'> => {
      const onMove = moveRef.current;
      if (!onMove) return 'refused';
      const pos: BarPosition = { rowId: target.rowId, startDate: toIso(target.start), endDate: toIso(target.end) };
      if (pos.rowId === previous.rowId && pos.startDate === previous.startDate && pos.endDate === previous.endDate)
        return 'accepted';
      const id = bar.id;
      const known = indexRef.current.byId.has(id);
      if (known) setOverrides((prev) => new Map(prev).set(id, { ...target, state: 'pending' }));
      let res: MoveResult | undefined;
      try {
        res = await onMove({ barId: id, ...pos, bar, previous, cause });
      } catch (err) {
        res = { ok: false, message: err instanceof Error && err.message ? err.message : m.moveFailed };
      }
      const refused = refusal(res, m);
      // The caller may have put the bar elsewhere than the drop (an auto-move to a free place).
      const put = refused === null && typeof res === 'object' && res.ok && res.position ? res.position : pos;
      const landed: Target =
        put === pos ? target : { rowId: put.rowId, start: toDay(put.startDate), end: toDay(put.endDate) };
      setOverrides((prev) => {
        const next = new Map(prev);
        if (refused === null) {
          if (known) next.set(id, { ...landed, state: 'confirmed' });
        } else next.delete(id);
        return next;
      });
      if (refused !== null) showMessage(refused, 'error');
      else if (cause !== 'undo' && cause !== 'redo')
        setHistory((h) => record(h, { bar, before: previous, after: put }));
      if (refused === null) return 'accepted';
      return typeof res === 'object' && !res.ok && res.forget ? 'forget' : 'refused';
    },
    [m, showMessage],
  );

  const commitMove = useCallback(
    (barId: Id, target: Target, cause: MoveCause): Promise<boolean> => {
      const it = indexRef.current.byId.get(barId);
      if (!it) return Promise.resolve(false);
      const previous = { rowId: it.rowId, startDate: toIso(it.start), endDate: toIso(it.end) };
      return move(it.bar, target, previous, cause).then((r) => r === 'accepted');
    },
    [move],
  );

  const replay = useCallback(
    async (kind: 'undo' | 'redo'): Promise<boolean> => {
      const h = historyRef.current;
      const e = kind === 'undo' ? peekUndo(h) : peekRedo(h);
      if (!e) {
        showMessage(kind === 'undo' ? m.nothingToUndo : m.nothingToRedo, 'info');
        return false;
      }
      const [from, to] = kind === 'undo' ? [e.after, e.before] : [e.before, e.after];
      const cur = indexRef.current.byId.get(e.bar.id);
      const previous = cur ? { rowId: cur.rowId, startDate: toIso(cur.start), endDate: toIso(cur.end) } : from;
      const r = await move(
        cur?.bar ?? e.bar,
        { rowId: to.rowId, start: toDay(to.startDate), end: toDay(to.endDate) },
        previous,
        kind,
      );
      if (r === 'accepted') {
        setHistory((x) => (kind === 'undo' ? undoDone(x) : redoDone(x)));
        if (kind === 'undo') showMessage(m.undone, 'info');
      } else if (r === 'forget') {
        // Someone else changed the record since: this move is never replayed (nor forced).
        setHistory((x) => forget(x, kind));
      }
      return r === 'accepted';
    },
    [m, move, showMessage],
  );

  const undo = useCallback(() => replay('undo'), [replay]);
  const redo = useCallback(() => replay('redo'), [replay]);
  const clearHistory = useCallback(() => setHistory(emptyHistory()), []);

  return { index, pending, toast, showMessage, closeToast, commitMove, undo, redo, clearHistory, historyRef };
}
