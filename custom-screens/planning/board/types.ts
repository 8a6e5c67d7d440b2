// Public types of the planning board. Nothing here is specific to bookings:
// /planning, /extra-planning and /cleanning-planning all feed the same shapes.
import type { ReactNode } from 'react';

/** A date-only value, 'YYYY-MM-DD'. */
export type IsoDate = string;
export type Id = string | number;

export type Zoom = 'day' | 'week' | 'month';
export type ColorMode = 'status' | 'payment';
export type PaymentState = 'unpaid' | 'deposit' | 'paid';
export type BarKind = 'occupancy' | 'unavailability' | (string & {});

/** One line of the board: a place, an equipment, a cleaning user… */
export interface BoardRow {
  id: Id;
  label: string;
  /** Second, smaller text under/after the label (capacity, type…). */
  sublabel?: string;
  layoutId?: Id;
  layoutLabel?: string;
  familyId?: Id;
  familyLabel?: string;
  typeId?: Id;
  typeLabel?: string;
  capacity?: number;
  /** Pixel height of this row; defaults to the board's rowHeight. */
  height?: number;
  data?: unknown;
}

/** One bar: a stay covering the nights [startDate, endDate) (half-open). */
export interface BoardBar {
  id: Id;
  rowId: Id;
  startDate: IsoDate;
  endDate: IsoDate;
  kind: BarKind;
  statusId?: Id;
  /** Shown in the tooltip; defaults to the palette label of statusId. */
  statusLabel?: string;
  paymentState?: PaymentState;
  /** Customer name (or task title). */
  label?: string;
  /** Booking code (or any short reference). */
  code?: string;
  /** Bar cannot be dragged or resized. */
  locked?: boolean;
  data?: unknown;
}

export interface PricePeriod {
  id: Id;
  startDate: IsoDate;
  endDate: IsoDate;
  label: string;
  color?: string;
}

/** How a bar is painted. */
export interface BarPaint {
  background: string;
  color: string;
  border?: string;
  /** 'hatched' = diagonal stripes (unavailability); 'dashed' = dashed outline (quote). */
  pattern?: 'hatched' | 'dashed' | 'struck';
  label?: string;
}

export type Palette = Readonly<Record<string, BarPaint>>;

/** The window the board renders (visible area + overscan). Dates half-open. */
export interface VisibleWindow {
  /** Index of the first/last rendered display row (group headers included). */
  firstRow: number;
  lastRow: number;
  /** Ids of the rendered rows (group headers excluded). */
  rowIds: Id[];
  startDate: IsoDate;
  endDate: IsoDate;
}

export interface BarPosition {
  rowId: Id;
  startDate: IsoDate;
  endDate: IsoDate;
}

export type MoveCause = 'move' | 'resize-start' | 'resize-end' | 'keyboard' | 'undo' | 'redo';

export interface MoveRequest<B extends BoardBar = BoardBar> extends BarPosition {
  barId: Id;
  bar: B;
  previous: BarPosition;
  cause: MoveCause;
}

/** true / { ok: true } accepts; false or { ok: false, message } refuses (bar returns). */
/** `position`: where the bar was really put when the caller chose another place (auto-move). */
/**
 * `forget`: the refused move can never be replayed (its record changed meanwhile): an undo or redo leaves the history.
 */
export type MoveResult =
  boolean | { ok: true; position?: BarPosition } | { ok: false; message: string; forget?: boolean };

export interface RangeSelection<R extends BoardRow = BoardRow> {
  rowId: Id;
  row: R;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** What the function keys (F3, F4, F8, F9, F12) receive. */
export interface ShortcutContext<R extends BoardRow = BoardRow, B extends BoardBar = BoardBar> {
  row: R | null;
  bar: B | null;
  /** The selected cells (one night at least) when no bar is under the cursor. */
  range: RangeSelection<R> | null;
}

export interface BarRenderContext {
  width: number;
  colorMode: ColorMode;
  zoom: Zoom;
}

export type GroupField = 'layout' | 'family' | 'type';
export interface CustomGroupLevel<R extends BoardRow = BoardRow> {
  name: string;
  key: (row: R) => Id | undefined | null;
  label: (row: R) => string;
}
export type GroupLevel<R extends BoardRow = BoardRow> = GroupField | CustomGroupLevel<R>;

/** French texts; every one can be overridden through the `messages` prop. */
export interface BoardMessages {
  gridLabel: string;
  rowsHeader: string;
  months: string;
  periods: string;
  days: string;
  freePlaces: string;
  today: string;
  moveRefused: string;
  moveFailed: string;
  nothingToUndo: string;
  nothingToRedo: string;
  undone: string;
  free: string;
  nights: (n: number) => string;
  range: (from: string, to: string) => string;
  status: string;
  payment: string;
  close: string;
  expand: string;
  collapse: string;
  weekShort: (n: number) => string;
  empty: string;
}

export interface PlanningBoardHandle {
  /** Undo the last accepted move (asks onMoveBar again with the old position). */
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  canUndo(): boolean;
  canRedo(): boolean;
  clearHistory(): void;
  scrollToDate(date: IsoDate, align?: 'start' | 'center'): void;
  /** Puts the cursor on the row (on `date` if given), expanding its groups. False if the row is unknown. */
  scrollToRow(rowId: Id, date?: IsoDate): boolean;
  /** Scrolls to the bar and puts the cursor on it (search results). False if the bar is not loaded. */
  scrollToBar(barId: Id): boolean;
  focus(): void;
  /** Cancels the drag in progress and the selection (same as Esc). */
  cancel(): void;
  getVisibleWindow(): VisibleWindow | null;
  showMessage(text: string, tone?: 'error' | 'info'): void;
}

export interface PlanningBoardProps<R extends BoardRow = BoardRow, B extends BoardBar = BoardBar> {
  rows: readonly R[];
  bars: readonly B[];
  /** First day shown (inclusive). */
  startDate: IsoDate;
  /** Day after the last day shown (exclusive). */
  endDate: IsoDate;
  zoom?: Zoom;
  /** Pixel width of one day; overrides the zoom's default. */
  dayWidth?: number;
  /** ISO week numbers in the header (default true) */
  showWeekNumbers?: boolean;
  colorMode?: ColorMode;
  /** Palette by String(statusId). Defaults to DEFAULT_STATUS_PALETTE. */
  statusPalette?: Palette;
  paymentPalette?: Readonly<Record<PaymentState, BarPaint>>;
  pricePeriods?: readonly PricePeriod[];
  /** Free places per day ('YYYY-MM-DD' → count), computed by the caller. */
  freeCounts?: Readonly<Record<IsoDate, number>>;
  /** Today, 'YYYY-MM-DD' (Europe/Paris). Defaults to the browser's Paris date. */
  today?: IsoDate;
  /** Date scrolled to on first render; defaults to today (a few days before). */
  initialDate?: IsoDate;
  /** Bars drawn from mid-day of arrival to mid-day of departure (stays, default)
   *  or from start to end of day (day tasks: cleaning, extras). */
  barAnchor?: 'midday' | 'day';
  groupBy?: readonly GroupLevel<R>[];
  collapsedGroups?: ReadonlySet<string>;
  defaultCollapsedGroups?: Iterable<string>;
  onCollapsedGroupsChange?: (keys: ReadonlySet<string>) => void;
  rowHeight?: number;
  groupHeaderHeight?: number;
  labelWidth?: number;
  /** CSS height of the board; defaults to 100% of its parent. */
  height?: number | string;
  className?: string;
  readOnly?: boolean;
  canMoveBar?: (bar: B) => boolean;
  /** Range selection may cross existing bars (default false: stops at them). */
  selectAcrossBars?: boolean;
  /** Bars matching a search: outlined; the others are dimmed when the set is not empty. */
  highlightedBarIds?: ReadonlySet<Id>;
  messages?: Partial<BoardMessages>;
  /** Ctrl+Z / Ctrl+Y inside the board (default true). */
  undoShortcuts?: boolean;

  onVisibleWindowChange?: (win: VisibleWindow) => void;
  onMoveBar?: (req: MoveRequest<B>) => Promise<MoveResult> | MoveResult;
  onSelectRange?: (sel: RangeSelection<R>) => void;
  onOpenBar?: (bar: B) => void;
  onSelectionChange?: (sel: { row: R | null; date: IsoDate | null; bar: B | null }) => void;
  onHistoryChange?: (state: { canUndo: boolean; canRedo: boolean }) => void;
  /** F3 */
  onCreate?: (ctx: ShortcutContext<R, B>) => void;
  /** F4 */
  onModify?: (ctx: ShortcutContext<R, B>) => void;
  /** F8 */
  onExport?: (ctx: ShortcutContext<R, B>) => void;
  /** F9 */
  onDelete?: (ctx: ShortcutContext<R, B>) => void;
  /** F12 */
  onValidate?: (ctx: ShortcutContext<R, B>) => void;

  renderBarContent?: (bar: B, ctx: BarRenderContext) => ReactNode;
  barColor?: (bar: B, colorMode: ColorMode) => BarPaint | undefined;
  renderTooltip?: (bar: B) => ReactNode;
  renderRowLabel?: (row: R) => ReactNode;
}
