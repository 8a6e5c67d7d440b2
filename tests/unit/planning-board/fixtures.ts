// Small builders shared by the planning board unit tests.
import type { BoardBar, BoardRow } from '../../../custom-screens/planning/board/types';

export function row(id: number, extra: Partial<BoardRow> = {}): BoardRow {
  return { id, label: `P${id}`, ...extra };
}

let n = 0;
export function bar(rowId: number, startDate: string, endDate: string, extra: Partial<BoardBar> = {}): BoardBar {
  n++;
  return {
    id: `b${n}`,
    rowId,
    startDate,
    endDate,
    kind: 'occupancy',
    statusId: 'booking',
    label: `Client ${n}`,
    code: `R-${n}`,
    ...extra,
  };
}
