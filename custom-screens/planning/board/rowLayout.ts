// Rows grouped by layout → family → type (or any levels), flattened into a
// list of display rows with pixel offsets. Groups keep the order in which they
// first appear in `rows` and rows keep theirs: the caller sorts.
import type { BoardRow, CustomGroupLevel, GroupLevel, Id } from './types';

export interface GroupItem {
  kind: 'group';
  /** Path key, e.g. 'layout:1/family:3'. Stable across renders: use it for collapse state. */
  key: string;
  level: number;
  label: string;
  /** Number of rows (leaves) under the group. */
  count: number;
  collapsed: boolean;
}

export interface RowItem<R extends BoardRow = BoardRow> {
  kind: 'row';
  key: string;
  level: number;
  row: R;
}

export type DisplayItem<R extends BoardRow = BoardRow> = GroupItem | RowItem<R>;

export interface RowLayout<R extends BoardRow = BoardRow> {
  items: DisplayItem<R>[];
  /** offsets[i] = top of item i; offsets[items.length] = total height. */
  offsets: Float64Array;
  totalHeight: number;
  /** Row id → display index (visible rows only). */
  indexById: Map<Id, number>;
  /** Display key → display index (rows and groups). */
  indexByKey: Map<string, number>;
  /** Number of leaf rows, visible or collapsed. */
  rowCount: number;
}

export interface RowSizes {
  rowHeight: number;
  groupHeight: number;
}

const FIELD_LEVELS: Record<'layout' | 'family' | 'type', CustomGroupLevel> = {
  layout: { name: 'layout', key: (r) => r.layoutId, label: (r) => r.layoutLabel ?? String(r.layoutId) },
  family: { name: 'family', key: (r) => r.familyId, label: (r) => r.familyLabel ?? String(r.familyId) },
  type: { name: 'type', key: (r) => r.typeId, label: (r) => r.typeLabel ?? String(r.typeId) },
};

export function resolveLevel<R extends BoardRow>(level: GroupLevel<R>): CustomGroupLevel<R> {
  return typeof level === 'string' ? (FIELD_LEVELS[level] as CustomGroupLevel<R>) : level;
}

export const rowKey = (id: Id) => `row:${String(id)}`;

interface Node<R> {
  key: string | null; // null: rows without a value at this level
  label: string;
  rows: R[];
}

function partition<R extends BoardRow>(rows: readonly R[], level: CustomGroupLevel<R>, prefix: string): Node<R>[] {
  const nodes: Node<R>[] = [];
  const byKey = new Map<string, Node<R>>();
  let loose: Node<R> | null = null;
  for (const row of rows) {
    const k = level.key(row);
    if (k === undefined || k === null || k === '') {
      // consecutive rows without a group stay together at their place
      if (!loose || nodes[nodes.length - 1] !== loose) {
        loose = { key: null, label: '', rows: [] };
        nodes.push(loose);
      }
      loose.rows.push(row);
      continue;
    }
    const key = `${prefix}${level.name}:${String(k)}`;
    let node = byKey.get(key);
    if (!node) {
      node = { key, label: level.label(row), rows: [] };
      byKey.set(key, node);
      nodes.push(node);
    }
    node.rows.push(row);
  }
  return nodes;
}

export function buildRowLayout<R extends BoardRow>(
  rows: readonly R[],
  groupBy: readonly GroupLevel<R>[],
  collapsed: ReadonlySet<string>,
  sizes: RowSizes,
): RowLayout<R> {
  const levels = groupBy.map(resolveLevel);
  const items: DisplayItem<R>[] = [];

  const walk = (list: readonly R[], depth: number, prefix: string, visualLevel: number) => {
    if (depth >= levels.length) {
      for (const row of list) items.push({ kind: 'row', key: rowKey(row.id), level: visualLevel, row });
      return;
    }
    for (const node of partition(list, levels[depth], prefix)) {
      if (node.key === null) {
        walk(node.rows, depth + 1, prefix, visualLevel);
        continue;
      }
      const isCollapsed = collapsed.has(node.key);
      items.push({
        kind: 'group',
        key: node.key,
        level: visualLevel,
        label: node.label,
        count: node.rows.length,
        collapsed: isCollapsed,
      });
      if (!isCollapsed) walk(node.rows, depth + 1, `${node.key}/`, visualLevel + 1);
    }
  };
  walk(rows, 0, '', 0);

  const offsets = new Float64Array(items.length + 1);
  const indexById = new Map<Id, number>();
  const indexByKey = new Map<string, number>();
  let y = 0;
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    offsets[i] = y;
    indexByKey.set(it.key, i);
    if (it.kind === 'row') {
      indexById.set(it.row.id, i);
      y += it.row.height ?? sizes.rowHeight;
    } else {
      y += sizes.groupHeight;
    }
  }
  offsets[items.length] = y;
  return { items, offsets, totalHeight: y, indexById, indexByKey, rowCount: rows.length };
}

/** Index of the display item at y (clamped to the list); -1 when the list is empty. */
export function indexAtY(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  if (n <= 0) return -1;
  if (y < 0) return 0;
  if (y >= offsets[n]) return n - 1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid] <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Nearest row item (not a group) from index i going in direction dir (±1); -1 if none. */
export function nearestRow(layout: RowLayout, i: number, dir: 1 | -1): number {
  for (let j = i; j >= 0 && j < layout.items.length; j += dir) {
    if (layout.items[j].kind === 'row') return j;
  }
  return -1;
}

export function toggleKey(set: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** Keys of the groups holding `row`, outermost first (to expand them). */
export function groupPathOf<R extends BoardRow>(row: R, groupBy: readonly GroupLevel<R>[]): string[] {
  const keys: string[] = [];
  let prefix = '';
  for (const level of groupBy.map(resolveLevel)) {
    const k = level.key(row);
    if (k === undefined || k === null || k === '') continue;
    const key = `${prefix}${level.name}:${String(k)}`;
    keys.push(key);
    prefix = `${key}/`;
  }
  return keys;
}
