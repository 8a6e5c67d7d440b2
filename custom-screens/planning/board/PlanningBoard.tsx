// The planning board: rows × days, virtualized on both axes, with drag and
// drop, range selection, keyboard and function keys. Plain props; see README.md.
// The view: its state is useBoardState.ts, its pure parts boardModel.ts.
import type { Ref } from 'react';
import BodyRows from './BodyRows';
import { onKeyDown } from './commands';
import { Toast, Tooltip } from './Feedback';
import { cancelDrag, onDoubleClick, onPointerDown, onPointerMove, onPointerUp } from './gestures';
import Header from './Header';
import Overlay, { MonthLines } from './Overlay';
import RowLabels from './RowLabels';
import { useBoardState } from './useBoardState';
import type { BoardBar, BoardRow, PlanningBoardHandle, PlanningBoardProps } from './types';
import './board.css';
import './board-body.css';

export { DEFAULT_GROUP_BY } from './boardModel';

export function PlanningBoard<R extends BoardRow = BoardRow, B extends BoardBar = BoardBar>(
  props: PlanningBoardProps<R, B> & { ref?: Ref<PlanningBoardHandle> },
) {
  const s = useBoardState(props);
  const { m, scale, today, bands, layout, index, moves, bodyStyle, rootRef, scrollerRef, drag, hover, span } = s;
  const { cur, sel, selRow, paint, dragPaint, cbox, hovered, hoveredRow, toggleGroup, labelWidth, ctl } = s;
  const C = ctl;

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
          if (!C.drag) C.hover(null, 0, 0);
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
          palette={s.palette}
          payment={s.payment}
          messages={m}
          render={props.renderTooltip}
        />
      )}
      {moves.toast && <Toast toast={moves.toast} onClose={moves.closeToast} closeLabel={m.close} />}
    </div>
  );
}

export default PlanningBoard;
