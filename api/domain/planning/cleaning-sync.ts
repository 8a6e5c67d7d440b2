// Departures feed the cleaning list (§2 (docs/screens.md#general) /booking-departure-cleanning,
// §4 (docs/stays.md#cleaning-tasks) cleaning tasks): each departure of a place on a day wants one task on that place
// and day — "Ménage" for a rental, "Contrôle" for a pitch — in mode "ready" when someone arrives
// on that place the same day (it must be ready for the afternoon), else "free".
// `planCleaningSync` is the pure reconciliation of what the departures want with the
// tasks that exist; cleaning.ts reads and writes the database around it.

export type CleaningType = 'cleaning' | 'control' | 'inter';
export type CleaningStatus = 'taken' | 'todo' | 'in-progress' | 'done';
export type CleaningMode = 'free' | 'ready';

export interface Departure {
  occupancyId: number;
  placeId: number;
  /** the departure day (the occupancy's endDate) */
  date: string;
  isRental: boolean;
  /** an arrival on the same place that day */
  arrivalSameDay: boolean;
}

export interface ExistingTask {
  id: number;
  placeId: number;
  date: string;
  type: CleaningType;
  status: CleaningStatus;
  mode: CleaningMode;
  source: 'departure' | 'manual';
  occupancyId: number | null;
}

export interface WantedTask {
  placeId: number;
  date: string;
  type: CleaningType;
  mode: CleaningMode;
  occupancyId: number;
}

export interface SyncPlan {
  insert: WantedTask[];
  update: { id: number; patch: Partial<WantedTask> }[];
  delete: number[];
}

const key = (t: { placeId: number; date: string; type: string }) => `${t.placeId}|${t.date}|${t.type}`;
/** A task not started yet may still move or go; one in progress or done stays as it is. */
const open = (t: ExistingTask) => t.status === 'todo' || t.status === 'taken';

/** `allReady`: the cleaning module's mode « Prêt » — every place ready on its departure day, arrival or not. */
export function wantedTask(d: Departure, allReady = false): WantedTask {
  return {
    placeId: d.placeId,
    date: d.date,
    type: d.isRental ? 'cleaning' : 'control',
    mode: d.arrivalSameDay || allReady ? 'ready' : 'free',
    occupancyId: d.occupancyId,
  };
}

/**
 * What to write so that every departure has its task:
 * 1. a task already on that place, day and type is kept (a departure task takes the
 *    mode and occupancy wanted, unless done; a hand-made one is only linked);
 * 2. else the open departure task of the same occupancy (its departure moved) moves
 *    there, keeping its status and assignee;
 * 3. else a new task "À faire".
 * Open departure tasks of `existing` that no departure wants any more (stay moved,
 * shortened or cancelled) are deleted; started or done ones are kept.
 */
export function planCleaningSync(
  departures: readonly Departure[],
  existing: readonly ExistingTask[],
  allReady = false,
): SyncPlan {
  const plan: SyncPlan = { insert: [], update: [], delete: [] };
  const byKey = new Map(existing.map((t) => [key(t), t]));
  const used = new Set<number>();
  const wanted = new Map<string, WantedTask>();
  for (const d of departures) wanted.set(key(wantedTask(d, allReady)), wantedTask(d, allReady));
  const pending: WantedTask[] = [];
  for (const [k, w] of wanted) {
    const t = byKey.get(k);
    if (!t) {
      pending.push(w);
      continue;
    }
    used.add(t.id);
    if (t.source === 'departure' && t.status !== 'done' && (t.mode !== w.mode || t.occupancyId !== w.occupancyId)) {
      plan.update.push({ id: t.id, patch: { mode: w.mode, occupancyId: w.occupancyId } });
    } else if (t.source === 'manual' && t.occupancyId == null) {
      plan.update.push({ id: t.id, patch: { occupancyId: w.occupancyId } });
    }
  }
  const movable = new Map<number, ExistingTask>();
  for (const t of existing) {
    if (t.source === 'departure' && t.occupancyId != null && open(t) && !used.has(t.id) && !wanted.has(key(t)))
      movable.set(t.occupancyId, t);
  }
  for (const w of pending) {
    const m = movable.get(w.occupancyId);
    if (m) {
      movable.delete(w.occupancyId);
      used.add(m.id);
      plan.update.push({ id: m.id, patch: { placeId: w.placeId, date: w.date, type: w.type, mode: w.mode } });
    } else {
      plan.insert.push(w);
    }
  }
  for (const t of existing) {
    if (used.has(t.id) || t.source !== 'departure' || !open(t)) continue;
    if (!wanted.has(key(t))) plan.delete.push(t.id);
  }
  return plan;
}
