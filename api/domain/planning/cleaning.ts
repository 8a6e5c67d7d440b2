// Cleaning planning (/cleanning-planning): the departures of a span of days turned
// into cleaning tasks (cleaning-sync.ts), and what the board shows — the cleaning
// staff as rows, the tasks of the window as one-day bars.
import { independent } from '../../db/queries';
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { addDays, todayParis } from '../../../common/dates';
import { RELEASING } from '../stays/status';
import { planCleaningSync, type Departure, type ExistingTask } from './cleaning-sync';
import { moduleSettings } from '../establishment/module-settings';
import type { CleaningTaskRecord, CleaningUserRecord } from '../../../common/generated/types';

type Db = Knex | Knex.Transaction;

/** A departure as its query answers it (arrivalSameDay: the EXISTS column). */
interface DepartureRow {
  id: number;
  placeId: number;
  endDate: string;
  isRental: boolean | null;
  arrivalSameDay: boolean | null;
}

/**
 * The cleaning module (Admin › Modules › Ménage): its mode « Prêt » makes every departure
 * task « ready » (the default « Libre » only those with an arrival the same day), and
 * « Contrôle après ménage » adds a control of the place when its cleaning is done.
 */
export async function cleaningSettings(db: Db): Promise<{ allReady: boolean; controlAfterCleaning: boolean }> {
  const s = await moduleSettings(db, 'cleanning');
  return { allReady: s.mode === 'ready', controlAfterCleaning: s.controlAfterCleaning === true };
}

/** Departures of [from, to) that hold a place, with "someone arrives the same day". */
export async function departuresBetween(db: Db, from: string, to: string): Promise<Departure[]> {
  const rows: DepartureRow[] = await db('occupancy as o')
    .join('booking as b', 'b.id', 'o.bookingId')
    .join('place as p', 'p.id', 'o.placeId')
    .join('place_type as t', 't.id', 'p.placeTypeId')
    .where('o.endDate', '>=', from)
    .where('o.endDate', '<', to)
    .where('o.isCancelled', false)
    .whereNot('b.kind', 'quote')
    .whereNotIn('b.statusId', RELEASING as number[])
    .select('o.id', 'o.placeId', 'o.endDate', 't.isRental')
    .select(
      db.raw(`EXISTS (SELECT 1 FROM occupancy n JOIN booking nb ON nb.id = n.booking_id
        WHERE n.place_id = o.place_id AND n.start_date = o.end_date AND NOT n.is_cancelled AND nb.kind <> 'quote'
          AND nb.status_id NOT IN (${RELEASING.join(', ')})) AS arrival_same_day`),
    )
    // A stable order: the tasks are created in it (the demo's statuses and cleaners follow it).
    .orderBy('o.endDate')
    .orderBy('o.id');
  return rows.map((r) => ({
    occupancyId: r.id,
    placeId: r.placeId,
    date: r.endDate,
    isRental: !!r.isRental,
    arrivalSameDay: !!r.arrivalSameDay,
  }));
}

/**
 * Brings the departure tasks of [from, to) in step with the departures; answers what
 * changed. Idempotent; safe to run on every display of the cleaning planning.
 */
export async function syncDepartureTasks(
  db: Db,
  from: string,
  to: string,
): Promise<{ inserted: number; updated: number; deleted: number }> {
  const departures = await departuresBetween(db, from, to);
  const occIds = departures.map((d) => d.occupancyId);
  const existing: ExistingTask[] = await db('cleaning_task')
    .where((w) => {
      w.where((x) => x.where('date', '>=', from).where('date', '<', to));
      if (occIds.length) w.orWhere((x) => x.where('source', 'departure').whereIn('occupancyId', occIds));
    })
    .select('id', 'placeId', 'date', 'type', 'status', 'mode', 'source', 'occupancyId');
  const plan = planCleaningSync(departures, existing, (await cleaningSettings(db)).allReady);
  for (const u of plan.update)
    await db('cleaning_task')
      .where('id', u.id)
      .update({ ...u.patch, updatedAt: db.fn.now() });
  if (plan.delete.length) await db('cleaning_task').whereIn('id', plan.delete).delete();
  for (let i = 0; i < plan.insert.length; i += 500) {
    const part = plan.insert.slice(i, i + 500).map((w) => ({ ...w, status: 'todo', source: 'departure' }));
    await db('cleaning_task').insert(part).onConflict(['place_id', 'date', 'type']).ignore();
  }
  return { inserted: plan.insert.length, updated: plan.update.length, deleted: plan.delete.length };
}

/** The span synced by a display: the window, clipped to a month back and three months ahead. */
export function syncSpan(from: string, to: string, today = todayParis()): { from: string; to: string } | null {
  const lo = from > addDays(today, -31) ? from : addDays(today, -31);
  const hi = to < addDays(today, 93) ? to : addDays(today, 93);
  return lo < hi ? { from: lo, to: hi } : null;
}

export const TASK_FIELDS = [
  'id',
  'date',
  'placeId',
  'placeCode',
  'type',
  'status',
  'mode',
  'cleaningUserId',
  'source',
  'occupancyId',
  'bookingId',
  'bookingCode',
  'customer',
  'notes',
  'layoutId',
] as const;

type CleaningStaff = Pick<CleaningUserRecord, 'id' | 'lastName' | 'firstName' | 'team' | 'color' | 'phone'>;
/** A task of the board as its query answers it, before it becomes a tuple of TASK_FIELDS. */
type TaskRow = Pick<
  CleaningTaskRecord,
  'id' | 'date' | 'placeId' | 'type' | 'status' | 'mode' | 'cleaningUserId' | 'source' | 'occupancyId' | 'notes'
> & {
  placeCode: string;
  bookingId: number | null;
  bookingCode: string | null;
  customer: string | null;
  layoutId: number | null;
};

/** What the cleaning board reads: the staff, and the tasks as tuples in the order of taskFields. */
export interface CleaningWindow {
  from: string;
  to: string;
  users: CleaningStaff[];
  taskFields: typeof TASK_FIELDS;
  tasks: TaskRow[(typeof TASK_FIELDS)[number]][][];
}

/** Staff rows and the tasks of [from, to). */
export async function cleaningWindow(db: Db, from: string, to: string): Promise<CleaningWindow> {
  const [users, tasks] = await independent<[CleaningStaff[], TaskRow[]]>(db, [
    () =>
      db('cleaning_user')
        .where('isActive', true)
        .orderBy('order')
        .orderBy('lastName')
        .select('id', 'lastName', 'firstName', 'team', 'color', 'phone'),
    () =>
      db('cleaning_task as k')
        .join('place as p', 'p.id', 'k.placeId')
        .leftJoin('occupancy as o', 'o.id', 'k.occupancyId')
        .leftJoin('booking as b', 'b.id', 'o.bookingId')
        .leftJoin('customer as c', 'c.id', 'b.customerId')
        .where('k.date', '>=', from)
        .where('k.date', '<', to)
        .orderBy('k.date')
        .orderBy('p.code')
        .select(
          'k.id',
          'k.date',
          'k.placeId',
          'p.code as placeCode',
          'k.type',
          'k.status',
          'k.mode',
          'k.cleaningUserId',
          'k.source',
          'k.occupancyId',
          'o.bookingId',
          'b.code as bookingCode',
          'k.notes',
          'p.layoutId',
        )
        .select(db.raw(`trim(concat_ws(' ', c.last_name, c.first_name)) AS customer`)),
  ]);
  return {
    from,
    to,
    users,
    taskFields: TASK_FIELDS,
    tasks: tasks.map((t) => TASK_FIELDS.map((f) => t[f] ?? null)),
  };
}

/** The task's "done" time follows its status (a read-only column: written here, never by clients). */
export function registerCleaningHooks(): void {
  registerHooks('cleaning-task', {
    async afterSave(saved, existing, { trx }) {
      const doneAt =
        saved.status === 'done'
          ? existing?.status === 'done'
            ? (existing.doneAt ?? new Date().toISOString())
            : new Date().toISOString()
          : null;
      if ((saved.doneAt ?? null) === doneAt) return;
      await trx('cleaning_task').where('id', saved.id).update({ doneAt });
      saved.doneAt = doneAt;
      // A cleaning just done: its control, when the module asks for one (once: unique place, day and type).
      if (doneAt && existing?.status !== 'done' && saved.type === 'cleaning')
        if ((await cleaningSettings(trx)).controlAfterCleaning)
          await trx('cleaning_task')
            .insert({
              placeId: saved.placeId,
              date: saved.date,
              type: 'control',
              status: 'todo',
              mode: saved.mode ?? 'free',
              source: 'manual',
              occupancyId: saved.occupancyId ?? null,
              notes: 'Contrôle après ménage',
            })
            .onConflict(['place_id', 'date', 'type'])
            .ignore();
    },
  });
}
