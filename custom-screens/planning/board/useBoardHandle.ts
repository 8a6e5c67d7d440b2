// The imperative handle (ref) of the board: undo/redo, scrolling to a date,
// a row or a bar (search results), focus, cancel, messages.
import { useImperativeHandle, useRef, type Ref, type RefObject } from 'react';
import type { Controller } from './controller';
import { toDay } from './dates';
import { cancelDrag } from './gestures';
import { groupPathOf, toggleKey } from './rowLayout';
import type { BoardBar, BoardRow, GroupLevel, Id, PlanningBoardHandle, VisibleWindow } from './types';

interface HandleDeps<R extends BoardRow, B extends BoardBar> {
  ctlRef: RefObject<Controller<R, B>>;
  scrollerRef: RefObject<HTMLDivElement | null>;
  windowRef: RefObject<VisibleWindow | null>;
  groupBy: readonly GroupLevel<R>[];
  /** Sets the collapsed groups (own state and/or the caller's callback). */
  setCollapsed: (next: ReadonlySet<string>) => void;
  canUndo: () => boolean;
  canRedo: () => boolean;
  clearHistory: () => void;
  showMessage: (text: string, tone?: 'error' | 'info') => void;
}

export function useBoardHandle<R extends BoardRow, B extends BoardBar>(
  ref: Ref<PlanningBoardHandle> | undefined,
  d: HandleDeps<R, B>,
) {
  const deps = useRef(d);
  deps.current = d;

  /** Puts the cursor on a row (expanding its groups first) and scrolls it into view. */
  const revealRow = (rowId: Id, night: number | undefined, barId: Id | undefined, retry: boolean): boolean => {
    const { ctlRef, groupBy, setCollapsed } = deps.current;
    const c = ctlRef.current;
    const row = c.props.rows.find((r) => r.id === rowId);
    if (!row) return false;
    const closed = groupPathOf(row, groupBy).filter((k) => c.collapsed.has(k));
    if (closed.length > 0) {
      if (!retry) return false;
      let next: ReadonlySet<string> = c.collapsed;
      for (const k of closed) next = toggleKey(next, k);
      setCollapsed(next);
      // reveal once the expanded layout is rendered
      requestAnimationFrame(() => revealRow(rowId, night, barId, false));
      return true;
    }
    const i = c.layout.indexById.get(rowId);
    if (i === undefined) return false;
    c.setCursor({ index: i, night: night ?? c.cursor?.night ?? c.scale.origin, anchor: null, barId }, true);
    return true;
  };

  useImperativeHandle(
    ref,
    () => ({
      undo: () => deps.current.ctlRef.current.undo(),
      redo: () => deps.current.ctlRef.current.redo(),
      canUndo: () => deps.current.canUndo(),
      canRedo: () => deps.current.canRedo(),
      clearHistory: () => deps.current.clearHistory(),
      scrollToDate: (date, align = 'start') => {
        const el = deps.current.scrollerRef.current;
        const c = deps.current.ctlRef.current;
        if (!el) return;
        const x = (toDay(date) - c.scale.origin) * c.scale.dayWidth;
        el.scrollLeft = Math.max(0, align === 'center' ? x - (el.clientWidth - c.labelWidth) / 2 : x);
      },
      scrollToRow: (rowId, date) => revealRow(rowId, date ? toDay(date) : undefined, undefined, true),
      scrollToBar: (barId) => {
        const it = deps.current.ctlRef.current.index.byId.get(barId);
        return !!it && revealRow(it.rowId, it.start, barId, true);
      },
      focus: () => deps.current.scrollerRef.current?.focus({ preventScroll: true }),
      cancel: () => {
        const c = deps.current.ctlRef.current;
        if (!cancelDrag(c as unknown as Controller)) c.setCursor(null);
      },
      getVisibleWindow: () => deps.current.windowRef.current,
      showMessage: (text, tone) => deps.current.showMessage(text, tone),
    }),
    // One stable handle; it reads the current values through deps.current.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}
