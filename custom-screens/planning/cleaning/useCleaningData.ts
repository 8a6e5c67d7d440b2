// The cleaning planning's state: the board's set-up (dates, places), the staff and the
// tasks of the windows shown (loaded by tiles, the departures synced on the way), and
// the changes made on the board (a task moved, the departures synced again).
import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { addDays, nightsBetween } from '../../../common/dates';
import { countFr } from '../../../common/french';
import { records, rest } from '../../../admin/src/ui';
import type { MoveRequest, MoveResult, VisibleWindow } from '../board';
import { ALL_ROWS, useTiledWindow } from '../shared/useTiledWindow';
import { sizedRows, staffRows, taskBars, todoCounts, type Staff, type Task, type TaskBar } from './model';

export function useCleaningData(canWrite: boolean) {
  const notify = useNotify();
  const { data: setup } = useQuery({
    queryKey: ['planning-setup'],
    queryFn: () => rest('get', '/planning/setup'),
    staleTime: 60_000,
  });
  const [staff, setStaff] = useState<Staff[] | null>(null);
  const tasks = useRef(new Map<number, Task>());
  const lastWin = useRef<VisibleWindow | null>(null);
  const [version, setVersion] = useState(0);

  const tiles = useTiledWindow<string>({
    rowsOf: ALL_ROWS,
    onError: (m) => notify(m, { type: 'error' }),
    fetch: async (req) => {
      const r = await rest('post', '/planning/cleaning/window', { body: { from: req.from, to: req.to } });
      setStaff(r.users);
      for (const [id, t] of tasks.current) if (t.date >= req.from && t.date < req.to) tasks.current.delete(id);
      for (const row of r.tasks) {
        const t = Object.fromEntries(r.taskFields.map((f, i) => [f, row[i]])) as unknown as Task;
        tasks.current.set(t.id, t);
      }
      setVersion((v) => v + 1);
    },
  });
  const { load: loadTiles, reset: resetTiles } = tiles;
  /** A window's tasks; `force` asks every tile again (after a sync or an edit). */
  const load = useCallback(
    (win: VisibleWindow, force = false) => {
      lastWin.current = win;
      if (force) resetTiles();
      return loadTiles(win);
    },
    [loadTiles, resetTiles],
  );
  /** The last window again, every tile (after an edit). */
  const reload = useCallback(() => {
    if (lastWin.current) void load(lastWin.current, true);
  }, [load]);

  const today = setup?.today ?? new Date().toISOString().slice(0, 10);
  const range = setup?.range ?? { startDate: addDays(today, -60), endDate: addDays(today, 300) };

  const rows = useMemo(() => staffRows(staff), [staff]);
  // Tasks live in a ref; version says when they changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const bars = useMemo(() => taskBars(tasks.current.values(), canWrite), [version, canWrite]);
  const sized = useMemo(() => sizedRows(rows, bars), [rows, bars]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const todo = useMemo(() => todoCounts(tasks.current.values()), [version]);

  const save = async (id: number, patch: Partial<Task>) => {
    const saved = await records.update('cleaning-task', id, patch);
    const cur = tasks.current.get(id);
    if (cur) tasks.current.set(id, { ...cur, ...patch, status: saved.status ?? cur.status });
    setVersion((v) => v + 1);
  };

  const onMoveBar = useCallback(async (req: MoveRequest<TaskBar>): Promise<MoveResult> => {
    if (nightsBetween(req.startDate, req.endDate) !== 1)
      return { ok: false, message: 'Une tâche de ménage dure une journée : déplacez-la.' };
    try {
      await save(req.bar.data.id, { cleaningUserId: (req.rowId as number) || null, date: req.startDate });
      return true;
    } catch (e) {
      return { ok: false, message: (e as Error).message };
    }
  }, []);

  /** Syncs the departure tasks of the window shown (a month back at most, three months long at most). */
  const sync = async (w: VisibleWindow) => {
    try {
      const from = w.startDate < addDays(today, -31) ? addDays(today, -31) : w.startDate;
      const to = addDays(from, 90) < w.endDate ? addDays(from, 90) : w.endDate;
      const r = await rest('post', '/planning/cleaning/sync', { body: { from, to } });
      notify(
        `Départs synchronisés : ${countFr(r.inserted, 'tâche créée', 'tâches créées')}, ` +
          `${countFr(r.updated, 'mise à jour', 'mises à jour')}, ${countFr(r.deleted, 'supprimée')}`,
        { type: 'info' },
      );
      void load(w, true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  return { setup, staff, today, range, rows: sized, bars, todo, loading: tiles.loading, load, reload, onMoveBar, sync };
}
