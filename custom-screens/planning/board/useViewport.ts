// Scroll position → rendered window. Native scrolling of one element (sticky
// header and label column, so the compositor scrolls them together); the
// window is recomputed on scroll and committed synchronously (flushSync) only
// when it must change, so the new rows are there before the frame is painted.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { toIso } from './dates';
import type { RowLayout } from './rowLayout';
import type { TimeScale } from './timeScale';
import { renderSpan, revealScroll, sameSpan, type Rect, type Span, type Viewport } from './virtualWindow';
import type { BoardRow, Id, VisibleWindow } from './types';

export interface ViewportGeometry<R extends BoardRow> {
  layout: RowLayout<R>;
  scale: TimeScale;
  labelWidth: number;
  headerHeight: number;
}

/** onVisibleWindowChange fires at most once per this many milliseconds. */
export const WINDOW_CHANGE_INTERVAL = 200;

export function viewportOf(el: HTMLElement, labelWidth: number, headerHeight: number): Viewport {
  return {
    scrollLeft: el.scrollLeft,
    scrollTop: el.scrollTop,
    width: Math.max(0, el.clientWidth - labelWidth),
    height: Math.max(0, el.clientHeight - headerHeight),
  };
}

export function useViewport<R extends BoardRow>(
  scrollerRef: RefObject<HTMLDivElement | null>,
  geo: ViewportGeometry<R>,
  initialDay: number,
  onScrolled: () => void,
  onWindowChange?: (w: VisibleWindow) => void,
) {
  const [span, setSpan] = useState<Span | null>(null);
  const spanRef = useRef<Span | null>(null);
  const geoRef = useRef(geo);
  geoRef.current = geo;
  const centerDay = useRef<number | null>(null);
  const scrolledRef = useRef(onScrolled);
  scrolledRef.current = onScrolled;

  const compute = useCallback(
    (reset: boolean): Span | null => {
      const el = scrollerRef.current;
      if (!el) return null;
      const g = geoRef.current;
      const vp = viewportOf(el, g.labelWidth, g.headerHeight);
      const lim = { itemCount: g.layout.items.length, dayCount: g.scale.dayCount, dayWidth: g.scale.dayWidth };
      centerDay.current = g.scale.origin + (vp.scrollLeft + vp.width / 2) / g.scale.dayWidth;
      const next = renderSpan(vp, g.layout.offsets, lim);
      if (!reset && sameSpan(next, spanRef.current)) return null;
      spanRef.current = next;
      return next;
    },
    [scrollerRef],
  );

  // Geometry changed (zoom, collapse, rows): keep the centre date, recompute.
  const lastScale = useRef<TimeScale | null>(null);
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const { scale, labelWidth } = geo;
    const prev = lastScale.current;
    const w = Math.max(0, el.clientWidth - labelWidth);
    if (!prev) {
      el.scrollLeft = Math.max(0, (initialDay - scale.origin) * scale.dayWidth);
    } else if (prev.dayWidth !== scale.dayWidth || prev.origin !== scale.origin) {
      const c = centerDay.current ?? scale.origin;
      el.scrollLeft = Math.max(0, (c - scale.origin) * scale.dayWidth - w / 2);
    }
    lastScale.current = scale;
    const next = compute(true);
    if (next) setSpan(next);
    // Only a change of geometry re-anchors the scroll; compute reads the rest at call time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [geo.layout, geo.scale, geo.labelWidth, geo.headerHeight]);

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const onScroll = () => {
      scrolledRef.current();
      const next = compute(false);
      if (next) flushSync(() => setSpan(next));
    };
    const ro = new ResizeObserver(() => {
      const next = compute(false);
      if (next) setSpan(next);
    });
    el.addEventListener('scroll', onScroll, { passive: true });
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      ro.disconnect();
    };
  }, [compute, scrollerRef]);

  // Tell the caller which rows and dates are rendered: throttled (at most one
  // call per WINDOW_CHANGE_INTERVAL, the last window always delivered) and deduplicated,
  // so data streams in during a long scroll without a request per frame.
  const lastEmitted = useRef('');
  const lastEmitAt = useRef(0);
  const windowRef = useRef<VisibleWindow | null>(null);
  const emitRef = useRef(onWindowChange);
  emitRef.current = onWindowChange;
  useEffect(() => {
    if (!span) return;
    const { layout, scale } = geo;
    const rowIds: Id[] = [];
    for (let i = span.firstRow; i <= span.lastRow; i++) {
      const it = layout.items[i];
      if (it?.kind === 'row') rowIds.push(it.row.id);
    }
    const win: VisibleWindow = {
      firstRow: span.firstRow,
      lastRow: span.lastRow,
      rowIds,
      startDate: toIso(scale.origin + span.firstDay),
      endDate: toIso(scale.origin + span.lastDay),
    };
    windowRef.current = win;
    const key = `${win.startDate}|${win.endDate}|${rowIds.join(',')}`;
    if (!emitRef.current || key === lastEmitted.current) return;
    const emit = () => {
      lastEmitted.current = key;
      lastEmitAt.current = Date.now();
      emitRef.current?.(win);
    };
    const wait = WINDOW_CHANGE_INTERVAL - (Date.now() - lastEmitAt.current);
    if (wait <= 0) {
      emit();
      return;
    }
    const t = setTimeout(emit, wait);
    return () => clearTimeout(t);
    // Emit reads refs; the window is emitted again only when the span or the geometry changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [span, geo.layout, geo.scale]);

  /** Scrolls so that a body rectangle is visible. */
  const reveal = useCallback(
    (r: Rect) => {
      const el = scrollerRef.current;
      if (!el) return;
      const g = geoRef.current;
      const s = revealScroll(viewportOf(el, g.labelWidth, g.headerHeight), r);
      if (s.scrollLeft !== el.scrollLeft) el.scrollLeft = s.scrollLeft;
      if (s.scrollTop !== el.scrollTop) el.scrollTop = s.scrollTop;
    },
    [scrollerRef],
  );

  return { span, reveal, windowRef };
}
