// The board's state: layout, scale and bar index from the props, the viewport, the
// cursor, the drag, the tooltip, and the controller the event handlers read (live
// values, so that the handlers stay the same functions). PlanningBoard.tsx draws it.
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { bodyBackground } from './background';
import { buildBarIndex } from './barIndex';
import type { PaintContext } from './BodyRows';
import { boardSettings, TOOLTIP_DELAY, tooltipPlace } from './boardModel';
import { resolvePaint } from './colors';
import { selectedBar, type Controller } from './controller';
import { cursorBox } from './cursorBox';
import { parisToday, toDay, toIso } from './dates';
import type { DragState } from './dragModel';
import type { TooltipState } from './Feedback';
import { DEFAULT_MESSAGES } from './format';
import { applyPointer } from './gestures';
import { headerBands } from './headerModel';
import type { Cursor } from './keyboard';
import { buildRowLayout, toggleKey } from './rowLayout';
import { createTimeScale } from './timeScale';
import { useBoardHandle } from './useBoardHandle';
import { useMoves } from './useMoves';
import { useViewport } from './useViewport';
import type { BoardBar, BoardRow, Id, PlanningBoardHandle, PlanningBoardProps } from './types';

export function useBoardState<R extends BoardRow, B extends BoardBar>(
  props: PlanningBoardProps<R, B> & { ref?: Ref<PlanningBoardHandle> },
) {
  const { rows, bars } = props;
  const { zoom, colorMode, rowHeight, groupHeight, labelWidth, dayWidth, palette, payment, groupBy } =
    boardSettings(props);
  const m = useMemo(() => ({ ...DEFAULT_MESSAGES, ...props.messages }), [props.messages]);

  const scale = useMemo(
    () => createTimeScale(props.startDate, props.endDate, dayWidth, props.barAnchor),
    [props.startDate, props.endDate, dayWidth, props.barAnchor],
  );
  const today = useMemo(() => toDay(props.today ?? parisToday()), [props.today]);
  const bands = useMemo(
    () => headerBands(zoom, scale.dayWidth, !!props.pricePeriods, !!props.freeCounts),
    [zoom, scale.dayWidth, props.pricePeriods, props.freeCounts],
  );

  const [ownCollapsed, setOwnCollapsed] = useState<ReadonlySet<string>>(
    () => new Set(props.defaultCollapsedGroups ?? []),
  );
  const collapsed = props.collapsedGroups ?? ownCollapsed;
  const layout = useMemo(
    () => buildRowLayout(rows, groupBy, collapsed, { rowHeight, groupHeight }),
    [rows, groupBy, collapsed, rowHeight, groupHeight],
  );
  const baseIndex = useMemo(() => buildBarIndex(bars), [bars]);
  const moves = useMoves<B>(baseIndex, m, props.onMoveBar, props.onHistoryChange);
  const { index, pending } = moves;

  const uid = useId();
  const bodyStyle = useMemo(() => bodyBackground(scale), [scale]);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [drag, setDragState] = useState<DragState | null>(null);
  const [cursor, setCursorState] = useState<{ key: string; night: number; anchor: number | null; barId?: Id } | null>(
    null,
  );
  const [hover, setHover] = useState<TooltipState | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hoverId = useRef<Id | null>(null);
  const ctlRef = useRef<Controller<R, B>>(null as unknown as Controller<R, B>);

  const hideHover = useCallback(() => {
    clearTimeout(hoverTimer.current);
    hoverId.current = null;
    setHover(null);
  }, []);

  // The first day shown is decided once, at mount.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialDay = useMemo(() => (props.initialDate ? toDay(props.initialDate) : today - 3), []);
  const geo = useMemo(
    () => ({ layout, scale, labelWidth, headerHeight: bands.height }),
    [layout, scale, labelWidth, bands.height],
  );
  const { span, reveal, windowRef } = useViewport(
    scrollerRef,
    geo,
    initialDay,
    () => {
      if (hoverId.current !== null) hideHover();
      const c = ctlRef.current;
      if (c.drag && c.lastPointer) {
        // the content moved under a still pointer: re-apply it
        applyPointer(c as unknown as Controller, c.lastPointer.clientX, c.lastPointer.clientY);
      }
    },
    props.onVisibleWindowChange,
  );

  const cursorIndex = cursor ? (layout.indexByKey.get(cursor.key) ?? -1) : -1;
  const cur: Cursor | null =
    cursor && cursorIndex >= 0
      ? { index: cursorIndex, night: cursor.night, anchor: cursor.anchor, barId: cursor.barId }
      : null;

  const setCollapsed = useCallback((next: ReadonlySet<string>) => {
    if (!ctlRef.current.props.collapsedGroups) setOwnCollapsed(next);
    ctlRef.current.props.onCollapsedGroupsChange?.(next);
  }, []);
  const toggleGroup = useCallback(
    (key: string) => setCollapsed(toggleKey(ctlRef.current.collapsed, key)),
    [setCollapsed],
  );

  // The controller: live state for the event handlers.
  const ctl = (ctlRef.current ??= {} as Controller<R, B>);
  Object.assign(ctl, {
    props,
    m,
    layout,
    scale,
    index,
    labelWidth,
    headerHeight: bands.height,
    pending,
    cursor: cur,
    collapsed,
    scroller: scrollerRef.current,
    root: rootRef.current,
    commitMove: moves.commitMove,
    undo: moves.undo,
    redo: moves.redo,
    toggleGroup,
  });
  useLayoutEffect(() => {
    ctl.scroller = scrollerRef.current;
    ctl.root = rootRef.current;
  });
  ctl.drag ??= null;
  ctl.lastPointer ??= null;
  ctl.autoScrollFrame ??= 0;
  ctl.setDrag = (d) => {
    ctl.drag = d;
    setDragState(d);
  };
  ctl.setCursor = (c, doReveal = false) => {
    const item = c ? ctl.layout.items[c.index] : undefined;
    ctl.cursor = c && item ? c : null;
    setCursorState(c && item ? { key: item.key, night: c.night, anchor: c.anchor, barId: c.barId } : null);
    if (c && item && doReveal) {
      const top = ctl.layout.offsets[c.index];
      const s = ctl.scale;
      reveal({
        left: (c.night - s.origin + s.offset) * s.dayWidth,
        top,
        width: s.dayWidth,
        height: ctl.layout.offsets[c.index + 1] - top,
      });
    }
    const it = c ? selectedBar(ctl, ctl.cursor) : null;
    const row = item?.kind === 'row' ? item.row : null;
    ctl.props.onSelectionChange?.({ row, date: c && row ? toIso(c.night) : null, bar: it?.bar ?? null });
  };
  ctl.hover = (barId, x, y) => {
    if (barId === hoverId.current) return;
    clearTimeout(hoverTimer.current);
    hoverId.current = barId;
    if (barId === null) {
      setHover(null);
      return;
    }
    const r = rootRef.current?.getBoundingClientRect();
    if (!r) return;
    const at = tooltipPlace(x, y, r);
    hoverTimer.current = setTimeout(() => setHover({ barId, ...at }), TOOLTIP_DELAY);
  };

  useBoardHandle(props.ref, {
    ctlRef,
    scrollerRef,
    windowRef,
    groupBy,
    setCollapsed,
    canUndo: () => moves.historyRef.current.done.length > 0,
    canRedo: () => moves.historyRef.current.undone.length > 0,
    clearHistory: moves.clearHistory,
    showMessage: moves.showMessage,
  });

  const paint = useMemo<PaintContext<B>>(
    () => ({
      mode: colorMode,
      zoom,
      palette,
      payment,
      barColor: props.barColor,
      renderBarContent: props.renderBarContent,
      highlighted: props.highlightedBarIds,
      pending,
    }),
    [colorMode, zoom, palette, payment, props.barColor, props.renderBarContent, props.highlightedBarIds, pending],
  );

  const sel = cur ? selectedBar(ctl, cur) : null;
  const selRow = cur && layout.items[cur.index]?.kind === 'row' ? (layout.items[cur.index] as { row: R }).row : null;
  const dragBar = drag?.type === 'bar' ? index.byId.get(drag.barId) : undefined;
  const dragPaint = dragBar ? resolvePaint(dragBar.bar, colorMode, palette, payment, props.barColor).paint : null;
  const cbox = cur
    ? cursorBox(
        cur,
        `${uid}-cursor`,
        layout,
        scale,
        sel,
        sel ? (index.byRow.get(sel.rowId)?.lanes ?? 1) : 1,
        palette,
        m,
      )
    : null;
  const hovered = hover ? index.byId.get(hover.barId) : undefined;
  const hoveredRow = hovered ? layout.items[layout.indexById.get(hovered.rowId) ?? -1] : undefined;

  return {
    m,
    scale,
    today,
    bands,
    layout,
    index,
    moves,
    bodyStyle,
    rootRef,
    scrollerRef,
    drag,
    hover,
    span,
    cur,
    sel,
    selRow,
    paint,
    dragPaint,
    cbox,
    hovered,
    hoveredRow,
    toggleGroup,
    labelWidth,
    palette,
    payment,
    ctl: ctl as unknown as Controller,
  };
}
