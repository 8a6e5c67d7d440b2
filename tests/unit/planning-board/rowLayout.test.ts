import { describe, expect, it } from 'vitest';
import {
  buildRowLayout,
  groupPathOf,
  indexAtY,
  nearestRow,
  toggleKey,
} from '../../../custom-screens/planning/board/rowLayout';
import type { BoardRow, GroupLevel } from '../../../custom-screens/planning/board/types';
import { row } from './fixtures';

const sizes = { rowHeight: 28, groupHeight: 24 };
const place = (id: number, layout: number, family: number, type: number) =>
  row(id, {
    layoutId: layout,
    layoutLabel: `Secteur ${layout}`,
    familyId: family,
    familyLabel: `Famille ${family}`,
    typeId: type,
    typeLabel: `Type ${type}`,
  });
const levels: GroupLevel[] = ['layout', 'family', 'type'];

describe('rowLayout', () => {
  const rows = [place(1, 1, 1, 1), place(2, 1, 1, 1), place(3, 1, 2, 3), place(4, 2, 1, 1), place(5, 1, 1, 2)];

  it('groups by layout → family → type keeping first-appearance order', () => {
    const l = buildRowLayout(rows, levels, new Set(), sizes);
    expect(
      l.items.map((i) =>
        i.kind === 'group' ? `${'  '.repeat(i.level)}${i.label} (${i.count})` : `${'  '.repeat(i.level)}${i.row.label}`,
      ),
    ).toEqual([
      'Secteur 1 (4)',
      '  Famille 1 (3)',
      '    Type 1 (2)',
      '      P1',
      '      P2',
      '    Type 2 (1)',
      '      P5',
      '  Famille 2 (1)',
      '    Type 3 (1)',
      '      P3',
      'Secteur 2 (1)',
      '  Famille 1 (1)',
      '    Type 1 (1)',
      '      P4',
    ]);
    expect(l.rowCount).toBe(5);
  });

  it('computes offsets for rows and group headers', () => {
    const l = buildRowLayout(rows, levels, new Set(), sizes);
    expect(l.offsets[0]).toBe(0);
    expect(l.offsets[3]).toBe(3 * 24);
    expect(l.offsets[4]).toBe(3 * 24 + 28);
    expect(l.totalHeight).toBe(9 * 24 + 5 * 28);
    expect(l.indexById.get(4)).toBe(13);
  });

  it('collapses a group: header stays, descendants go', () => {
    const full = buildRowLayout(rows, levels, new Set(), sizes);
    const key = full.items[1].key; // Secteur 1 / Famille 1
    const l = buildRowLayout(rows, levels, new Set([key]), sizes);
    expect(l.items[1]).toMatchObject({ kind: 'group', collapsed: true, count: 3 });
    expect(l.items[2].kind === 'group' && l.items[2].label).toBe('Famille 2');
    expect(l.indexById.has(1)).toBe(false);
    expect(l.indexById.has(3)).toBe(true);
  });

  it('gives group keys matching groupPathOf, so a row can be revealed', () => {
    const l = buildRowLayout(rows, levels, new Set(), sizes);
    const path = groupPathOf(rows[4], levels);
    expect(path).toEqual(['layout:1', 'layout:1/family:1', 'layout:1/family:1/type:2']);
    for (const k of path) expect(l.indexByKey.has(k)).toBe(true);
  });

  it('works without groups and with rows lacking a level', () => {
    const flat = buildRowLayout([row(1), row(2)], [], new Set(), sizes);
    expect(flat.items.map((i) => i.kind)).toEqual(['row', 'row']);
    const mixed = buildRowLayout([row(1), place(2, 1, 1, 1), row(3)], ['layout'], new Set(), sizes);
    expect(mixed.items.map((i) => (i.kind === 'row' ? i.row.id : i.label))).toEqual([1, 'Secteur 1', 2, 3]);
  });

  it('accepts custom levels and row heights', () => {
    const byUser: GroupLevel<BoardRow> = {
      name: 'team',
      key: (r) => (Number(r.id) % 2 ? 'odd' : 'even'),
      label: (r) => (Number(r.id) % 2 ? 'Impairs' : 'Pairs'),
    };
    const l = buildRowLayout([row(1), row(2, { height: 50 }), row(3)], [byUser], new Set(), sizes);
    expect(l.items.map((i) => (i.kind === 'row' ? i.row.id : i.label))).toEqual(['Impairs', 1, 3, 'Pairs', 2]);
    expect(l.totalHeight).toBe(24 * 2 + 28 * 2 + 50);
  });

  it('finds the item at y and the nearest row', () => {
    const l = buildRowLayout(rows, levels, new Set(), sizes);
    expect(indexAtY(l.offsets, -5)).toBe(0);
    expect(indexAtY(l.offsets, 0)).toBe(0);
    expect(indexAtY(l.offsets, 24)).toBe(1);
    expect(indexAtY(l.offsets, 3 * 24 + 27.9)).toBe(3);
    expect(indexAtY(l.offsets, 1e9)).toBe(l.items.length - 1);
    expect(nearestRow(l, 0, 1)).toBe(3);
    expect(nearestRow(l, 5, -1)).toBe(4);
    expect(indexAtY(new Float64Array([0]), 10)).toBe(-1);
  });

  it('toggles keys immutably', () => {
    const a = new Set(['x']);
    const b = toggleKey(a, 'y');
    expect([...b]).toEqual(['x', 'y']);
    expect([...toggleKey(b, 'x')]).toEqual(['y']);
    expect([...a]).toEqual(['x']);
  });
});
