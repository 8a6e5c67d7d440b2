// Body overlay: today line, keyboard/mouse cursor, range ghost and drag ghost.
// Positioned in body coordinates, independent of the virtualized rows, so a
// ghost survives its row leaving the window.
import { memo } from 'react';
import { numericDateLabel } from './format';
import { BAR_PAD } from './hitTest';
import type { RowLayout } from './rowLayout';
import { barBox, dayToX, monthSegments, type TimeScale } from './timeScale';
import type { Span } from './virtualWindow';
import type { DragState } from './dragModel';
import type { BarPaint, BoardMessages } from './types';

export interface CursorBox {
  id: string;
  left: number;
  top: number;
  width: number;
  height: number;
  label: string;
}

interface OverlayProps {
  scale: TimeScale;
  layout: RowLayout;
  height: number;
  today: number;
  drag: DragState | null;
  dragPaint: BarPaint | null;
  cursor: CursorBox | null;
  messages: BoardMessages;
}

/** Month separators, drawn under the rows (render before them). */
export const MonthLines = memo(function MonthLines({
  scale,
  span,
  height,
}: {
  scale: TimeScale;
  span: Span | null;
  height: number;
}) {
  const months = span ? monthSegments(scale, scale.origin + span.firstDay, scale.origin + span.lastDay) : [];
  return (
    <>
      {months.map(
        (s) =>
          s.start >= scale.origin && (
            <div key={s.start} className="pb-month-line" style={{ left: s.left, height }} aria-hidden />
          ),
      )}
    </>
  );
});

function Overlay({ scale, layout, height, today, drag, dragPaint, cursor, messages: m }: OverlayProps) {
  const inRange = today >= scale.origin && today < scale.origin + scale.dayCount;
  return (
    <>
      {inRange && (
        <div className="pb-today-line pb-today-body" style={{ left: dayToX(scale, today), height }} aria-hidden />
      )}
      {cursor && (
        <div
          id={cursor.id}
          className="pb-cursor"
          role="gridcell"
          aria-selected="true"
          aria-label={cursor.label}
          style={{ left: cursor.left, top: cursor.top, width: cursor.width, height: cursor.height }}
        />
      )}
      {drag?.moved && <Ghost scale={scale} layout={layout} drag={drag} paint={dragPaint} m={m} />}
    </>
  );
}

function Ghost({
  scale,
  layout,
  drag,
  paint,
  m,
}: {
  scale: TimeScale;
  layout: RowLayout;
  drag: DragState;
  paint: BarPaint | null;
  m: BoardMessages;
}) {
  const index = drag.type === 'bar' ? drag.target.index : drag.index;
  const start = drag.type === 'bar' ? drag.target.start : drag.start;
  const end = drag.type === 'bar' ? drag.target.end : drag.end;
  const top = layout.offsets[index];
  const rowH = layout.offsets[index + 1] - top;
  const { left, width } = barBox(scale, start, end);
  const text =
    `${numericDateLabel(start).slice(0, 5)} → ` + `${numericDateLabel(end).slice(0, 5)} · ${m.nights(end - start)}`;
  const cls = drag.type === 'bar' ? 'pb-ghost' : 'pb-ghost pb-ghost-range';
  const style = drag.type === 'bar' && paint ? { background: paint.background, color: paint.color } : undefined;
  return (
    <div
      className={cls}
      style={{ left, width, top: top + BAR_PAD, height: Math.max(4, rowH - 2 * BAR_PAD), ...style }}
      aria-hidden
    >
      {width >= 60 && <span className="pb-bar-text">{text}</span>}
    </div>
  );
}

export default memo(Overlay);
