// Where the cursor is drawn and what a screen reader hears about it (French).
import type { IndexedBar } from './barIndex';
import { statusLabel } from './colors';
import { longDateLabel, numericDateLabel } from './format';
import { barVertical } from './hitTest';
import type { Cursor } from './keyboard';
import type { RowLayout } from './rowLayout';
import { barBox, type TimeScale } from './timeScale';
import type { CursorBox } from './Overlay';
import type { BoardBar, BoardMessages, BoardRow, Palette } from './types';

export function cursorBox<R extends BoardRow, B extends BoardBar>(
  cur: Cursor,
  id: string,
  layout: RowLayout<R>,
  scale: TimeScale,
  bar: IndexedBar<B> | null,
  lanes: number,
  palette: Palette,
  m: BoardMessages,
): CursorBox {
  const item = layout.items[cur.index];
  const top = layout.offsets[cur.index];
  const height = layout.offsets[cur.index + 1] - top;
  if (item.kind === 'group') {
    return {
      id,
      left: 0,
      top,
      width: scale.width,
      height,
      label: `${item.label}, ${item.count}, ${item.collapsed ? m.expand : m.collapse}`,
    };
  }
  if (bar) {
    const { left, width } = barBox(scale, bar.start, bar.end);
    const v = barVertical(height, lanes, bar.lane);
    const b = bar.bar;
    const status = statusLabel(b, palette);
    const label = [
      item.row.label,
      [b.label, b.code].filter(Boolean).join(' '),
      status,
      `${m.range(numericDateLabel(bar.start), numericDateLabel(bar.end))}, ${m.nights(bar.end - bar.start)}`,
    ]
      .filter(Boolean)
      .join(', ');
    return { id, left: left - 2, top: top + v.top - 2, width: width + 4, height: v.height + 4, label };
  }
  const a = cur.anchor ?? cur.night;
  const start = Math.min(a, cur.night);
  const end = Math.max(a, cur.night) + 1;
  const { left, width } = barBox(scale, start, end, 0);
  const when =
    end - start > 1
      ? `${m.range(longDateLabel(start), longDateLabel(end))}, ${m.nights(end - start)}`
      : longDateLabel(start);
  return { id, left, top, width, height, label: `${item.row.label}, ${when}, ${m.free}` };
}
