// Sticky left column: place labels and collapsible group headers, rendered
// for the window's rows only; each label is memoised, so a window shift only
// renders the labels that come into view.
import { memo, type ReactNode } from 'react';
import type { DisplayItem, RowLayout } from './rowLayout';
import type { BoardMessages, BoardRow } from './types';

interface RowLabelsProps<R extends BoardRow> {
  layout: RowLayout<R>;
  firstRow: number;
  lastRow: number;
  width: number;
  /** Display index of the cursor's row, -1 when none. */
  activeIndex: number;
  onToggle: (key: string) => void;
  renderRowLabel?: (row: R) => ReactNode;
  messages: BoardMessages;
}

const INDENT = 12;

function RowLabels<R extends BoardRow>(p: RowLabelsProps<R>) {
  const { layout } = p;
  const out: ReactNode[] = [];
  for (let i = p.firstRow; i <= p.lastRow && i < layout.items.length; i++) {
    const it = layout.items[i];
    out.push(
      <LabelView<R>
        key={it.key}
        item={it}
        top={layout.offsets[i]}
        height={layout.offsets[i + 1] - layout.offsets[i]}
        active={i === p.activeIndex}
        onToggle={p.onToggle}
        renderRowLabel={p.renderRowLabel}
        messages={p.messages}
      />,
    );
  }
  return (
    <div className="pb-labels" style={{ width: p.width, height: layout.totalHeight }}>
      {out}
    </div>
  );
}

interface LabelViewProps<R extends BoardRow> {
  item: DisplayItem<R>;
  top: number;
  height: number;
  active: boolean;
  onToggle: (key: string) => void;
  renderRowLabel?: (row: R) => ReactNode;
  messages: BoardMessages;
}

function LabelViewImpl<R extends BoardRow>({
  item: it,
  top,
  height,
  active,
  onToggle,
  renderRowLabel,
  messages: m,
}: LabelViewProps<R>) {
  const act = active ? ' pb-label-active' : '';
  if (it.kind === 'group') {
    return (
      <div
        className={`pb-label pb-group-label pb-group-l${Math.min(it.level, 3)}${act}`}
        style={{ top, height, paddingLeft: 4 + it.level * INDENT }}
        role="rowheader"
      >
        <button
          type="button"
          className="pb-toggle"
          tabIndex={-1}
          aria-expanded={!it.collapsed}
          aria-label={`${it.collapsed ? m.expand : m.collapse} ${it.label}`}
          onClick={() => onToggle(it.key)}
        >
          {it.collapsed ? '▸' : '▾'}
        </button>
        <span className="pb-label-text">{it.label}</span>
        <span className="pb-group-count">{it.count}</span>
      </div>
    );
  }
  const row = it.row;
  return (
    <div
      className={`pb-label pb-row-label${act}`}
      style={{ top, height, paddingLeft: 8 + it.level * INDENT }}
      role="rowheader"
      title={row.sublabel ? `${row.label} – ${row.sublabel}` : row.label}
    >
      {renderRowLabel ? (
        renderRowLabel(row)
      ) : (
        <>
          <span className="pb-label-text">{row.label}</span>
          {row.sublabel && <span className="pb-label-sub">{row.sublabel}</span>}
        </>
      )}
    </div>
  );
}

const LabelView = memo(LabelViewImpl) as typeof LabelViewImpl;

export default memo(RowLabels) as typeof RowLabels;
