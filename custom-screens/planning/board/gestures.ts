// Pointer handling of the board: one set of listeners on the scroller, hit
// testing by geometry. Press on a bar → drag (move, or resize near an edge);
// press on an empty night → range selection; double-click → open; hover → tooltip.
import { canDrag, rangeSelection, toBody, type Controller } from './controller';
import { isBarChanged, startBarDrag, startRange, updateBarDrag, updateRange, type DragState } from './dragModel';
import { hitTest } from './hitTest';
import { xToNight } from './timeScale';
import type { BoardBar, BoardRow } from './types';

type C = Controller<BoardRow, BoardBar>;
type PE = { clientX: number; clientY: number; pointerId: number; button: number; preventDefault(): void };

/** Auto-scroll zone at the body's edges while dragging (pixels). */
const EDGE = 36;

function limits(c: C) {
  return { first: c.scale.origin, last: c.scale.origin + c.scale.dayCount - 1 };
}

export function onPointerDown(c: C, e: PE): void {
  if (e.button !== 0 || !c.scroller) return;
  const p = toBody(c, e.clientX, e.clientY);
  if (p.area !== 'body') return;
  c.scroller.focus({ preventScroll: true });
  c.hover(null, 0, 0);
  const hit = hitTest(p.x, p.y, c.layout, c.scale, c.index);
  if (!hit.item) return;
  if (hit.item.kind === 'group') {
    c.setCursor({ index: hit.index, night: hit.night, anchor: null });
    return;
  }
  let drag: DragState | null = null;
  if (hit.bar) {
    const night = Math.min(Math.max(hit.night, hit.bar.start), hit.bar.end - 1);
    c.setCursor({ index: hit.index, night, anchor: null, barId: hit.bar.bar.id });
    if (canDrag(c, hit.bar.bar)) drag = startBarDrag(hit.bar, hit.index, hit.edge, p.x, p.y);
  } else {
    c.setCursor({ index: hit.index, night: hit.night, anchor: null });
    if (c.props.onSelectRange && !c.props.readOnly) {
      drag = startRange(
        hit.item.row.id,
        hit.index,
        hit.night,
        c.index.byRow.get(hit.item.row.id),
        limits(c),
        !!c.props.selectAcrossBars,
      );
    }
  }
  if (drag) {
    e.preventDefault();
    c.scroller.setPointerCapture(e.pointerId);
    c.lastPointer = { clientX: e.clientX, clientY: e.clientY };
    c.setDrag(drag);
  }
}

/** Re-applies the pointer to the drag (after a move or an auto-scroll). */
export function applyPointer(c: C, clientX: number, clientY: number): void {
  const d = c.drag;
  if (!d) return;
  const p = toBody(c, clientX, clientY);
  const next =
    d.type === 'bar' ? updateBarDrag(d, p.x, p.y, c.scale, c.layout) : updateRange(d, xToNight(c.scale, p.x));
  if (next !== d) c.setDrag(next);
}

export function onPointerMove(c: C, e: PE): void {
  if (!c.scroller) return;
  if (c.drag) {
    c.lastPointer = { clientX: e.clientX, clientY: e.clientY };
    applyPointer(c, e.clientX, e.clientY);
    startAutoScroll(c);
    return;
  }
  const p = toBody(c, e.clientX, e.clientY);
  const hit = p.area === 'body' ? hitTest(p.x, p.y, c.layout, c.scale, c.index) : null;
  const bar = hit?.bar ?? null;
  const cursor = bar && canDrag(c, bar.bar) ? (hit!.edge ? 'ew-resize' : 'grab') : '';
  if (c.scroller.style.cursor !== cursor) c.scroller.style.cursor = cursor;
  c.hover(bar ? bar.bar.id : null, e.clientX, e.clientY);
}

export function onPointerUp(c: C, e: PE): void {
  const d = c.drag;
  if (!d) return;
  stopAutoScroll(c);
  c.setDrag(null);
  c.lastPointer = null;
  if (c.scroller?.hasPointerCapture(e.pointerId)) c.scroller.releasePointerCapture(e.pointerId);
  if (d.type === 'bar') {
    if (!isBarChanged(d)) return;
    const t = d.target;
    c.setCursor({ index: t.index, night: t.start, anchor: null, barId: d.barId });
    void c.commitMove(d.barId, { rowId: t.rowId, start: t.start, end: t.end }, d.mode === 'move' ? 'move' : d.mode);
    return;
  }
  if (!d.moved) return;
  c.setCursor({ index: d.index, night: d.current, anchor: d.anchor });
  const sel = rangeSelection(c, d.index, d.start, d.end);
  if (sel) c.props.onSelectRange?.(sel);
}

export function cancelDrag(c: C): boolean {
  if (!c.drag) return false;
  stopAutoScroll(c);
  c.setDrag(null);
  c.lastPointer = null;
  return true;
}

export function onDoubleClick(c: C, e: { clientX: number; clientY: number }): void {
  const p = toBody(c, e.clientX, e.clientY);
  if (p.area !== 'body') return;
  const hit = hitTest(p.x, p.y, c.layout, c.scale, c.index);
  if (hit.bar) {
    c.props.onOpenBar?.(hit.bar.bar);
    return;
  }
  if (hit.item?.kind !== 'row' || !c.props.onSelectRange || c.props.readOnly) return;
  const r = startRange(
    hit.item.row.id,
    hit.index,
    hit.night,
    c.index.byRow.get(hit.item.row.id),
    limits(c),
    !!c.props.selectAcrossBars,
  );
  const sel = r && rangeSelection(c, hit.index, r.start, r.end);
  if (sel) c.props.onSelectRange(sel);
}

function startAutoScroll(c: C): void {
  if (c.autoScrollFrame) return;
  const step = () => {
    c.autoScrollFrame = 0;
    const el = c.scroller;
    const lp = c.lastPointer;
    if (!el || !lp || !c.drag) return;
    const rect = el.getBoundingClientRect();
    const left = rect.left + c.labelWidth;
    const top = rect.top + c.headerHeight;
    const right = rect.left + el.clientWidth;
    const bottom = rect.top + el.clientHeight;
    const speed = (d: number) => Math.ceil(((EDGE - Math.max(0, d)) / EDGE) * 24);
    let dx = 0;
    let dy = 0;
    if (lp.clientX < left + EDGE) dx = -speed(lp.clientX - left);
    else if (lp.clientX > right - EDGE) dx = speed(right - lp.clientX);
    if (lp.clientY < top + EDGE) dy = -speed(lp.clientY - top);
    else if (lp.clientY > bottom - EDGE) dy = speed(bottom - lp.clientY);
    if (dx === 0 && dy === 0) return;
    el.scrollLeft += dx;
    el.scrollTop += dy;
    applyPointer(c, lp.clientX, lp.clientY);
    c.autoScrollFrame = requestAnimationFrame(step);
  };
  c.autoScrollFrame = requestAnimationFrame(step);
}

function stopAutoScroll(c: C): void {
  if (c.autoScrollFrame) cancelAnimationFrame(c.autoScrollFrame);
  c.autoScrollFrame = 0;
}
