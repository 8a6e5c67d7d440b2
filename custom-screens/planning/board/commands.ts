// Keyboard handling: cursor moves, Enter, Esc, undo/redo, Alt+arrows to move
// the selected bar, and the spec's function keys (F3, F4, F8, F9, F12).
import { canDrag, rangeSelection, rowOf, selectedBar, shortcutContext, type Controller } from './controller';
import { cancelDrag } from './gestures';
import { keyToAction, moveCursor, type KeyLike, type NavAction } from './keyboard';
import { nearestRow } from './rowLayout';
import type { BoardBar, BoardRow } from './types';

type C = Controller<BoardRow, BoardBar>;

const NAV = new Set<string>([
  'left',
  'right',
  'up',
  'down',
  'extend-left',
  'extend-right',
  'prev-bar',
  'next-bar',
  'page-up',
  'page-down',
  'home',
  'end',
  'first-row',
  'last-row',
]);

function pageRows(c: C): number {
  const el = c.scroller;
  const h = el ? el.clientHeight - c.headerHeight : 600;
  return Math.max(1, Math.floor(h / (c.props.rowHeight ?? 28)) - 1);
}

/** Where the cursor starts when the board gets its first key: first row, first visible night. */
function initialCursor(c: C) {
  const el = c.scroller;
  const night = c.scale.origin + Math.floor((el?.scrollLeft ?? 0) / c.scale.dayWidth);
  const top = el?.scrollTop ?? 0;
  let index = 0;
  while (index < c.layout.items.length - 1 && c.layout.offsets[index] < top) index++;
  return { index, night, anchor: null };
}

export function onKeyDown(c: C, e: KeyLike & { preventDefault(): void }): void {
  const action = keyToAction(e);
  if (!action || c.layout.items.length === 0) return;
  const p = c.props;

  if (NAV.has(action)) {
    e.preventDefault();
    const cur = c.cursor ?? initialCursor(c);
    const next = c.cursor
      ? moveCursor(cur, action as NavAction, {
          layout: c.layout,
          rowBars: (i) => {
            const r = rowOf(c, i);
            return r ? c.index.byRow.get(r.id) : undefined;
          },
          first: c.scale.origin,
          last: c.scale.origin + c.scale.dayCount - 1,
          pageRows: pageRows(c),
        })
      : cur;
    c.setCursor(next, true);
    return;
  }

  const handlers = {
    create: p.onCreate,
    modify: p.onModify,
    export: p.onExport,
    delete: p.onDelete,
    validate: p.onValidate,
  };
  switch (action) {
    case 'create':
    case 'modify':
    case 'export':
    case 'delete':
    case 'validate': {
      const h = handlers[action];
      if (h) {
        e.preventDefault();
        h(shortcutContext(c));
      }
      return;
    }
    case 'cancel':
      if (cancelDrag(c)) return;
      if (c.cursor?.anchor != null) c.setCursor({ ...c.cursor, anchor: null });
      else c.setCursor(null);
      return;
    case 'undo':
    case 'redo':
      if (p.undoShortcuts === false) return;
      e.preventDefault();
      void (action === 'undo' ? c.undo() : c.redo());
      return;
    case 'toggle':
    case 'open': {
      const cur = c.cursor;
      if (!cur) return;
      e.preventDefault();
      const item = c.layout.items[cur.index];
      if (item?.kind === 'group') {
        c.toggleGroup(item.key);
        return;
      }
      if (action === 'toggle') return;
      const bar = selectedBar(c);
      if (bar) {
        p.onOpenBar?.(bar.bar);
        return;
      }
      if (p.readOnly || !p.onSelectRange) return;
      const a = cur.anchor ?? cur.night;
      const sel = rangeSelection(c, cur.index, Math.min(a, cur.night), Math.max(a, cur.night) + 1);
      if (sel) p.onSelectRange(sel);
      return;
    }
    case 'bar-left':
    case 'bar-right':
    case 'bar-up':
    case 'bar-down': {
      e.preventDefault();
      const it = selectedBar(c);
      const cur = c.cursor;
      if (!it || !cur || !canDrag(c, it.bar)) return;
      let { rowId } = it;
      let index = cur.index;
      let shift = 0;
      if (action === 'bar-left') shift = -1;
      else if (action === 'bar-right') shift = 1;
      else {
        const dir = action === 'bar-up' ? -1 : 1;
        const j = nearestRow(c.layout, cur.index + dir, dir);
        const row = rowOf(c, j);
        if (!row) return;
        rowId = row.id;
        index = j;
      }
      c.setCursor({ index, night: cur.night + shift, anchor: null, barId: it.bar.id }, true);
      void c.commitMove(it.bar.id, { rowId, start: it.start + shift, end: it.end + shift }, 'keyboard');
      return;
    }
  }
}
