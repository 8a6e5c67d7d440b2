// The board's pure parts that PlanningBoard.tsx and its state hook (useBoardState.ts)
// share: the sizes and palettes the props default to, and where the tooltip goes.
import { DEFAULT_PAYMENT_PALETTE, DEFAULT_STATUS_PALETTE } from './colors';
import { ZOOM_DAY_WIDTH } from './timeScale';
import type { BoardBar, BoardRow, GroupLevel, PlanningBoardProps } from './types';

export const DEFAULT_GROUP_BY: readonly GroupLevel[] = ['layout', 'family', 'type'];
export const TOOLTIP_DELAY = 350;
/** Room kept for the tooltip when placing it (its CSS max-width and a typical height). */
const TOOLTIP_BOX = { width: 320, height: 110 };

/** The props with their defaults. */
export function boardSettings<R extends BoardRow, B extends BoardBar>(props: PlanningBoardProps<R, B>) {
  const zoom = props.zoom ?? 'day';
  return {
    zoom,
    colorMode: props.colorMode ?? 'status',
    rowHeight: props.rowHeight ?? 28,
    groupHeight: props.groupHeaderHeight ?? 24,
    labelWidth: props.labelWidth ?? 200,
    dayWidth: props.dayWidth ?? ZOOM_DAY_WIDTH[zoom],
    palette: props.statusPalette ?? DEFAULT_STATUS_PALETTE,
    payment: props.paymentPalette ?? DEFAULT_PAYMENT_PALETTE,
    groupBy: (props.groupBy ?? DEFAULT_GROUP_BY) as readonly GroupLevel<R>[],
  };
}

/**
 * The tooltip's place inside the board for a pointer at (x, y) on the page: below-right of
 * the pointer, flipped to the other side where it would leave the board.
 */
export function tooltipPlace(
  x: number,
  y: number,
  board: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  const rx = x - board.left;
  const ry = y - board.top;
  const left = rx + 12 + TOOLTIP_BOX.width > board.width ? rx - 12 - TOOLTIP_BOX.width : rx + 12;
  const top = ry + 18 + TOOLTIP_BOX.height > board.height ? ry - 12 - TOOLTIP_BOX.height : ry + 18;
  return { x: Math.max(0, left), y: Math.max(0, top) };
}
