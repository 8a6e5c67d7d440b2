// The cleaning planning's model: tasks and staff as the API answers them, the board's
// rows (one per person, « À attribuer » first) and bars (a task is a one-day bar).
import { addDays } from '../../../common/dates';
import { meta as taskMeta } from '../../../common/generated/meta/cleaning-task';
import { enumLabels } from '../../../common/entity-meta';
import type { BoardBar, BoardRow } from '../board';
import type { EntityRecord } from '../../../admin/src/ui/client';

type StoredTask = EntityRecord<'cleaning-task'>;
/** A task of the cleaning window: the record's fields, with its place, stay and customer named. */
export interface Task extends Pick<
  StoredTask,
  'id' | 'date' | 'placeId' | 'type' | 'status' | 'mode' | 'cleaningUserId' | 'source' | 'occupancyId' | 'notes'
> {
  placeCode: string;
  bookingId: number | null;
  bookingCode: string | null;
  customer: string | null;
}
export interface Staff {
  id: number;
  lastName: string;
  firstName: string | null;
  team: string;
  color: string | null;
}
export type TaskBar = BoardBar & { data: Task; rowId: number };
export type StaffRow = BoardRow & { id: number; data: { team: string } };

export const TYPE = enumLabels(taskMeta, 'type');
export const STATUS = enumLabels(taskMeta, 'status');
export const MODE = enumLabels(taskMeta, 'mode');
export const TEAM: Record<string, string> = {
  cleaning: 'Équipe ménage',
  technical: 'Équipe technique',
  none: 'À attribuer',
};
export const GROUP_BY = [
  { name: 'team', key: (r: StaffRow) => r.data.team, label: (r: StaffRow) => TEAM[r.data.team] ?? r.data.team },
];
export const MESSAGES = { gridLabel: 'Planning ménage', rowsHeader: 'Personnel', freePlaces: 'Tâches à faire' };

/** The rows: « À attribuer » (id 0), then each person. */
export function staffRows(staff: Staff[] | null): StaffRow[] {
  return [
    { id: 0, label: 'À attribuer', data: { team: 'none' } },
    ...(staff ?? []).map((s) => ({
      id: s.id,
      label: `${s.firstName ?? ''} ${s.lastName}`.trim(),
      data: { team: s.team },
    })),
  ];
}

/** A task as a one-day bar on its person's row (locked without the write right). */
export function taskBars(tasks: Iterable<Task>, canWrite: boolean): TaskBar[] {
  return [...tasks].map((t) => ({
    id: `k${t.id}`,
    rowId: t.cleaningUserId ?? 0,
    startDate: t.date,
    endDate: addDays(t.date, 1),
    kind: 'cleaning-task',
    statusId: t.status,
    label: t.placeCode,
    code: TYPE[t.type],
    statusLabel: `${STATUS[t.status]} · ${MODE[t.mode]}`,
    locked: !canWrite,
    data: t,
  }));
}

/** Each row tall enough for its busiest day (tasks of a day stack in lanes). */
export function sizedRows(rows: StaffRow[], bars: TaskBar[]): StaffRow[] {
  const perDay = new Map<string, number>();
  for (const b of bars) {
    const k = `${b.rowId}|${b.startDate}`;
    perDay.set(k, (perDay.get(k) ?? 0) + 1);
  }
  const most = new Map<number, number>();
  for (const [k, n] of perDay) {
    const id = Number(k.split('|')[0]);
    most.set(id, Math.max(most.get(id) ?? 0, n));
  }
  return rows.map((r) => ({ ...r, height: Math.max(34, Math.min(8, most.get(r.id) ?? 1) * 22 + 8) }));
}

/** Tasks still to do, per day (the header's counts). */
export function todoCounts(tasks: Iterable<Task>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of tasks) if (t.status !== 'done') out[t.date] = (out[t.date] ?? 0) + 1;
  return out;
}

/** A new task on a day and a row (0: nobody yet). */
export const newTask = (date: string, rowId: number): Partial<Task> => ({
  id: 0,
  date,
  cleaningUserId: rowId || null,
  type: 'inter',
  status: 'todo',
  mode: 'free',
});
