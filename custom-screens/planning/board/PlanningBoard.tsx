// The planning board: rows × days, virtualized on both axes, with drag and
// drop, range selection, keyboard and function keys. Plain props; see README.md.
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { bodyBackground } from './background';
import { buildBarIndex } from './barIndex';
import BodyRows, { type PaintContext } from './BodyRows';
import { DEFAULT_PAYMENT_PALETTE, DEFAULT_STATUS_PALETTE, resolvePaint } from './colors';
import { onKeyDown } from './commands';
import { selectedBar, type Controller } from './controller';
import { parisToday, toDay, toIso } from './dates';
import { Toast, Tooltip, type TooltipState } from './Feedback';
import { DEFAULT_MESSAGES } from './format';
import { applyPointer, cancelDrag, onDoubleClick, onPointerDown, onPointerMove, onPointerUp } from './gestures';
import Header from './Header';
import { headerBands } from './headerModel';
import type { DragState } from './dragModel';
import type { Cursor } from './keyboard';
import Overlay, { MonthLines } from './Overlay';
import RowLabels from './RowLabels';
import { buildRowLayout, toggleKey } from './rowLayout';
import { createTimeScale, ZOOM_DAY_WIDTH } from './timeScale';
import { cursorBox } from './cursorBox';
import { useBoardHandle } from './useBoardHandle';
import { useMoves } from './useMoves';
import { useViewport } from './useViewport';
import type { BoardBar, BoardRow, GroupLevel, Id, PlanningBoardHandle, PlanningBoardProps } from './types';
import './board.css';

export const DEFAULT_GROUP_BY: readonly GroupLevel[] = ['layout', 'family', 'type'];
const TOOLTIP_DELAY = 350;
/** Room kept for the tooltip when placing it (its CSS max-width and a typical height). */
const TOOLTIP_BOX = { width: 320, height: 110 };

export function PlanningBoard<R extends BoardRow = BoardRow, B extends BoardBar = BoardBar>(
  props: PlanningBoardProps<R, B> & { ref?: Ref<PlanningBoardHandle> },
) {
  const { rows, bars, zoom = 'day', colorMode = 'status' } = props;
  const m = useMemo(() => ({ ...DEFAULT_MESSAGES, ...props.messages }), [props.messages]);
  const rowHeight = props.rowHeight ?? 28;
  const groupHeight = props.groupHeaderHeight ?? 24;
  const labelWidth = props.labelWidth ?? 200;
  const dayWidth = props.dayWidth ?? ZOOM_DAY_WIDTH[zoom];
  const palette = props.statusPalette ?? DEFAULT_STATUS_PALETTE;
  const payment = props.paymentPalette ?? DEFAULT_PAYMENT_PALETTE;
  const groupBy = (props.groupBy ?? DEFAULT_GROUP_BY) as readonly GroupLevel<R>[];

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
    // below-right of the pointer, flipped when it would leave the board
    const left = x - r.left + 12 + TOOLTIP_BOX.width > r.width ? x - r.left - 12 - TOOLTIP_BOX.width : x - r.left + 12;
    const top = y - r.top + 18 + TOOLTIP_BOX.height > r.height ? y - r.top - 12 - TOOLTIP_BOX.height : y - r.top + 18;
    hoverTimer.current = setTimeout(
      () => setHover({ barId, x: Math.max(0, left), y: Math.max(0, top) }),
      TOOLTIP_DELAY,
    );
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
  const C = ctl as unknown as Controller;

  return (
    <div
      ref={rootRef}
      className={`pb-root${props.className ? ` ${props.className}` : ''}`}
      style={{ height: props.height ?? '100%' }}
    >
      <div
        ref={scrollerRef}
        className={`pb-scroller${drag?.moved ? ' pb-dragging' : ''}`}
        role="grid"
        tabIndex={0}
        aria-label={m.gridLabel}
        aria-rowcount={layout.items.length}
        aria-colcount={scale.dayCount}
        aria-readonly={props.readOnly || undefined}
        aria-activedescendant={cbox?.id}
        onPointerDown={(e) => onPointerDown(C, e)}
        onPointerMove={(e) => onPointerMove(C, e)}
        onPointerUp={(e) => onPointerUp(C, e)}
        onPointerCancel={() => cancelDrag(C)}
        onPointerLeave={() => {
          if (!ctl.drag) ctl.hover(null, 0, 0);
        }}
        onDoubleClick={(e) => onDoubleClick(C, e)}
        onKeyDown={(e) => onKeyDown(C, e)}
      >
        <div
          className="pb-canvas"
          style={{ width: labelWidth + scale.width, height: bands.height + layout.totalHeight }}
        >
          <Header
            scale={scale}
            bands={bands}
            from={scale.origin + (span?.firstDay ?? 0)}
            to={scale.origin + (span?.lastDay ?? 0)}
            today={today}
            labelWidth={labelWidth}
            pricePeriods={props.pricePeriods}
            freeCounts={props.freeCounts}
            messages={m}
            showWeekNumbers={props.showWeekNumbers}
          />
          <div className="pb-main" style={{ height: layout.totalHeight }}>
            <RowLabels<R>
              layout={layout}
              firstRow={span?.firstRow ?? 0}
              lastRow={span?.lastRow ?? -1}
              width={labelWidth}
              activeIndex={cur?.index ?? -1}
              onToggle={toggleGroup}
              renderRowLabel={props.renderRowLabel}
              messages={m}
            />
            <div className="pb-body" style={{ width: scale.width, height: layout.totalHeight, ...bodyStyle }}>
              <MonthLines scale={scale} span={span} height={layout.totalHeight} />
              {span && (
                <BodyRows<R, B>
                  layout={layout}
                  index={index}
                  scale={scale}
                  span={span}
                  paint={paint}
                  selectedBarId={sel?.bar.id ?? null}
                  selectedRowId={selRow?.id ?? null}
                  draggingBarId={drag?.type === 'bar' && drag.moved ? drag.barId : null}
                  draggingRowId={drag?.type === 'bar' && drag.moved ? drag.origin.rowId : null}
                />
              )}
              <Overlay
                scale={scale}
                layout={layout}
                height={layout.totalHeight}
                today={today}
                drag={drag}
                dragPaint={dragPaint}
                cursor={cbox}
                messages={m}
              />
            </div>
          </div>
          {layout.items.length === 0 && (
            <div className="pb-empty" style={{ left: labelWidth, top: bands.height }}>
              {m.empty}
            </div>
          )}
        </div>
      </div>
      {hover && hovered && !drag && (
        <Tooltip<B>
          it={hovered}
          x={hover.x}
          y={hover.y}
          rowLabel={hoveredRow?.kind === 'row' ? hoveredRow.row.label : ''}
          palette={palette}
          payment={payment}
          messages={m}
          render={props.renderTooltip}
        />
      )}
      {moves.toast && <Toast toast={moves.toast} onClose={moves.closeToast} closeLabel={m.close} />}
    </div>
  );
}

export default PlanningBoard;
