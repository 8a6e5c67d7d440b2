// The rendered rows of the body and their bars. Each row is memoised on
// primitive props and its (stable) RowBars, so a vertical window shift only
// renders the rows that come into view.
import { memo, type ReactNode } from 'react';
import { barsInRange, type BarIndex, type IndexedBar, type RowBars } from './barIndex';
import { resolvePaint } from './colors';
import { barVertical } from './hitTest';
import { fitText } from './textFit';
import { paintClass } from './paintClasses';
import type { RowLayout } from './rowLayout';
import { barBox, type TimeScale } from './timeScale';
import type { Span } from './virtualWindow';
import type {
  BarPaint,
  BarRenderContext,
  BoardBar,
  BoardRow,
  ColorMode,
  Id,
  Palette,
  PaymentState,
  Zoom,
} from './types';

export interface PaintContext<B extends BoardBar> {
  mode: ColorMode;
  zoom: Zoom;
  palette: Palette;
  payment: Readonly<Record<PaymentState, BarPaint>>;
  barColor?: (bar: B, mode: ColorMode) => BarPaint | undefined;
  renderBarContent?: (bar: B, ctx: BarRenderContext) => ReactNode;
  highlighted?: ReadonlySet<Id>;
  pending: ReadonlySet<Id>;
}

interface BodyRowsProps<R extends BoardRow, B extends BoardBar> {
  layout: RowLayout<R>;
  index: BarIndex<B>;
  scale: TimeScale;
  span: Span;
  paint: PaintContext<B>;
  selectedBarId: Id | null;
  selectedRowId: Id | null;
  draggingBarId: Id | null;
  draggingRowId: Id | null;
}

function BodyRows<R extends BoardRow, B extends BoardBar>(p: BodyRowsProps<R, B>) {
  const { layout, span, scale } = p;
  const from = scale.origin + span.firstDay;
  const to = scale.origin + span.lastDay;
  const out: ReactNode[] = [];
  for (let i = span.firstRow; i <= span.lastRow && i < layout.items.length; i++) {
    const item = layout.items[i];
    const top = layout.offsets[i];
    const height = layout.offsets[i + 1] - top;
    if (item.kind === 'group') {
      out.push(
        <div
          key={item.key}
          className="pb-group-band"
          style={{ top, height, width: scale.width }}
          role="presentation"
        />,
      );
      continue;
    }
    const id = item.row.id;
    out.push(
      <RowView<B>
        key={item.key}
        rowId={id}
        rowIndex={i}
        label={item.row.label}
        top={top}
        height={height}
        rb={p.index.byRow.get(id)}
        from={from}
        to={to}
        scale={scale}
        paint={p.paint}
        selectedBarId={p.selectedRowId === id ? p.selectedBarId : null}
        draggingBarId={p.draggingRowId === id ? p.draggingBarId : null}
      />,
    );
  }
  return <>{out}</>;
}

interface RowViewProps<B extends BoardBar> {
  rowId: Id;
  rowIndex: number;
  label: string;
  top: number;
  height: number;
  rb: RowBars<B> | undefined;
  from: number;
  to: number;
  scale: TimeScale;
  paint: PaintContext<B>;
  selectedBarId: Id | null;
  draggingBarId: Id | null;
}

/** Bars narrower than this (pixels) show no text. */
export const MIN_TEXT_WIDTH = 36;

/**
 * A row: an absolutely placed box holding one flex line per lane. Bars are
 * flex items placed with margin-left, not positioned boxes: a positioned box
 * per bar would cost the browser a paint layer per bar.
 */
function RowViewImpl<B extends BoardBar>(p: RowViewProps<B>) {
  const { paint, rb, scale } = p;
  const hl = paint.highlighted && paint.highlighted.size > 0 ? paint.highlighted : null;
  const items = barsInRange(rb, p.from, p.to);
  const lanes: ReactNode[] = [];
  for (let lane = 0; lane < (rb?.lanes ?? 0); lane++) {
    const v = barVertical(p.height, rb!.lanes, lane);
    let right = 0;
    const bars: ReactNode[] = [];
    for (const it of items) {
      if (it.lane !== lane) continue;
      const { left, width } = barBox(scale, it.start, it.end);
      bars.push(
        <BarView<B>
          key={it.bar.id}
          it={it}
          width={width}
          marginLeft={left - right}
          paint={paint}
          selected={it.bar.id === p.selectedBarId}
          source={it.bar.id === p.draggingBarId}
          pending={paint.pending.has(it.bar.id)}
          mark={hl ? (hl.has(it.bar.id) ? 'hl' : 'dim') : null}
        />,
      );
      right = left + width;
    }
    const multi = rb!.lanes > 1;
    lanes.push(
      <div
        key={lane}
        className={v.height < 10 ? 'pb-lane pb-short' : 'pb-lane'}
        style={{ height: v.height, lineHeight: `${v.height - 2}px`, paddingBottom: multi ? 1 : undefined }}
      >
        {bars}
      </div>,
    );
  }
  return (
    <div
      className="pb-row"
      role="row"
      aria-rowindex={p.rowIndex + 1}
      aria-label={p.label}
      data-row-id={p.rowId}
      style={{ top: p.top, height: p.height, width: scale.width }}
    >
      {lanes}
    </div>
  );
}

interface BarViewProps<B extends BoardBar> {
  it: IndexedBar<B>;
  width: number;
  marginLeft: number;
  paint: PaintContext<B>;
  selected: boolean;
  source: boolean;
  pending: boolean;
  mark: 'hl' | 'dim' | null;
}

/**
 * One bar: a single box with its text, cut to fit in JS (no clip, see
 * textFit.ts); colours come from a shared class (paintClasses.ts), so only
 * the width and the offset are inline.
 */
function BarViewImpl<B extends BoardBar>({
  it,
  width,
  marginLeft,
  paint,
  selected,
  source,
  pending,
  mark,
}: BarViewProps<B>) {
  const bar = it.bar;
  const resolved = resolvePaint(bar, paint.mode, paint.palette, paint.payment, paint.barColor);
  // custom content cannot be cut in JS: such bars clip (a little more paint work per bar)
  let cls = `pb-bar ${paintClass(resolved, paint.mode)}${paint.renderBarContent ? ' pb-clip' : ''}`;
  if (resolved.paint.pattern) cls += ` pb-pat-${resolved.paint.pattern}`;
  if (selected) cls += ' pb-bar-selected';
  if (source) cls += ' pb-bar-source';
  if (pending) cls += ' pb-bar-pending';
  if (mark) cls += mark === 'hl' ? ' pb-bar-hl' : ' pb-bar-dim';
  const content = paint.renderBarContent
    ? paint.renderBarContent(bar, { width, colorMode: paint.mode, zoom: paint.zoom })
    : width >= MIN_TEXT_WIDTH
      ? fitText(bar.label ?? bar.code ?? '', width - 2 * TEXT_INSET)
      : null;
  return (
    <div className={cls} style={{ width, marginLeft }} data-bar-id={bar.id}>
      {content}
    </div>
  );
}

/** Border + padding on each side of the bar text (pixels), as in board-body.css. */
const TEXT_INSET = 5;

const BarView = memo(BarViewImpl) as typeof BarViewImpl;

const RowView = memo(RowViewImpl) as typeof RowViewImpl;

export default memo(BodyRows) as typeof BodyRows;
