// /cleanning-planning: cleaning tasks per day on the planning board — rows are the
// cleaning staff (and "À attribuer"), a task is a one-day bar coloured by status
// (taken / todo / in progress / done), showing its place, type (cleaning / control /
// inter) and mode (free / ready, ★ = an arrival the same day). The departures feed
// the list: displaying a span syncs its departure tasks on the server. Drag a task to
// a person or a day to assign or reschedule it; click it to change its status.
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  Autocomplete,
} from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import TodayIcon from '@mui/icons-material/Today';
import { useQuery } from '@tanstack/react-query';
import { Title, useNotify, useStore } from 'react-admin';
import { addDays, formatDateFr, nightsBetween } from '../../common/dates';
import { meta as taskMeta } from '../../common/generated/meta/cleaning-task';
import { enumLabels } from '../../common/entity-meta';
import {
  CLEANING_STATUS_PALETTE,
  Legend,
  PlanningBoard,
  type BoardBar,
  type BoardRow,
  type MoveRequest,
  type MoveResult,
  type PlanningBoardHandle,
  type RangeSelection,
  type VisibleWindow,
  type Zoom,
} from './board';
import { ALL_ROWS, useTiledWindow } from './shared/useTiledWindow';
import type { Setup } from './shared/model';
import { countFr } from '../../common/french';
import { api, useCan, DateFieldFr } from '../../admin/src/ui';

interface Task {
  id: number;
  date: string;
  placeId: number;
  placeCode: string;
  type: string;
  status: string;
  mode: string;
  cleaningUserId: number | null;
  source: string;
  occupancyId: number | null;
  bookingId: number | null;
  bookingCode: string | null;
  customer: string | null;
  notes: string | null;
}
interface Staff {
  id: number;
  lastName: string;
  firstName: string | null;
  team: string;
  color: string | null;
}
type TaskBar = BoardBar & { data: Task; rowId: number };
type StaffRow = BoardRow & { id: number; data: { team: string } };

const TYPE = enumLabels(taskMeta, 'type');
const STATUS = enumLabels(taskMeta, 'status');
const MODE = enumLabels(taskMeta, 'mode');
const TEAM: Record<string, string> = { cleaning: 'Équipe ménage', technical: 'Équipe technique', none: 'À attribuer' };
const GROUP_BY = [
  { name: 'team', key: (r: StaffRow) => r.data.team, label: (r: StaffRow) => TEAM[r.data.team] ?? r.data.team },
];
const MESSAGES = { gridLabel: 'Planning ménage', rowsHeader: 'Personnel', freePlaces: 'Tâches à faire' };

// Guarded by camp.planning where the route is declared (./index.ts).
export default function CleaningPlanningScreen() {
  return <CleaningPlanning />;
}

function CleaningPlanning() {
  const notify = useNotify();
  const ref = useRef<PlanningBoardHandle>(null);
  const canWrite = useCan('camp.planning', 'write');
  const [zoom, setZoom] = useStore<Zoom>('cleaning.zoom', 'day');
  const { data: setup } = useQuery({
    queryKey: ['planning-setup'],
    queryFn: () => api<Setup>('/planning/setup'),
    staleTime: 60_000,
  });
  const [staff, setStaff] = useState<Staff[] | null>(null);
  const tasks = useRef(new Map<number, Task>());
  const lastWin = useRef<VisibleWindow | null>(null);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Partial<Task> | null>(null);

  const tiles = useTiledWindow<string>({
    rowsOf: ALL_ROWS,
    onError: (m) => notify(m, { type: 'error' }),
    fetch: async (req) => {
      const r = await api<{ users: Staff[]; taskFields: string[]; tasks: unknown[][] }>('/planning/cleaning/window', {
        method: 'POST',
        json: { from: req.from, to: req.to },
      });
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

  const today = setup?.today ?? new Date().toISOString().slice(0, 10);
  const range = setup?.range ?? { startDate: addDays(today, -60), endDate: addDays(today, 300) };

  const rows = useMemo<StaffRow[]>(
    () => [
      { id: 0, label: 'À attribuer', data: { team: 'none' } },
      ...(staff ?? []).map((s) => ({
        id: s.id,
        label: `${s.firstName ?? ''} ${s.lastName}`.trim(),
        data: { team: s.team },
      })),
    ],
    [staff],
  );

  const bars = useMemo<TaskBar[]>(
    () =>
      [...tasks.current.values()].map((t) => ({
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
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tasks live in a ref; version says when they changed
    [version, canWrite],
  );

  // Each row tall enough for its busiest day (tasks of a day stack in lanes).
  const sizedRows = useMemo(() => {
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
  }, [rows, bars]);

  const todo = useMemo(() => {
    const out: Record<string, number> = {};
    for (const t of tasks.current.values()) if (t.status !== 'done') out[t.date] = (out[t.date] ?? 0) + 1;
    return out;
    // Tasks live in a ref; version says when they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const save = async (id: number, patch: Partial<Task>) => {
    const saved = await api<Task>(`/cleaning-task/${id}`, { method: 'PUT', json: patch });
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
    } catch (e: any) {
      return { ok: false, message: e.message };
    }
  }, []);

  const sync = async () => {
    const w = ref.current?.getVisibleWindow();
    if (!w) return;
    try {
      const from = w.startDate < addDays(today, -31) ? addDays(today, -31) : w.startDate;
      const to = addDays(from, 90) < w.endDate ? addDays(from, 90) : w.endDate;
      const r = await api<{ inserted: number; updated: number; deleted: number }>('/planning/cleaning/sync', {
        method: 'POST',
        json: { from, to },
      });
      notify(
        `Départs synchronisés : ${countFr(r.inserted, 'tâche créée', 'tâches créées')}, ` +
          `${countFr(r.updated, 'mise à jour', 'mises à jour')}, ${countFr(r.deleted, 'supprimée')}`,
        { type: 'info' },
      );
      void load(w, true);
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 64px)', minHeight: 480 }}>
      <Title title="Planning ménage" />
      <Stack direction="row" spacing={1} sx={{ p: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup size="small" exclusive value={zoom} onChange={(_, z) => z && setZoom(z)} aria-label="Zoom">
          <ToggleButton value="day">Jour</ToggleButton>
          <ToggleButton value="week">Semaine</ToggleButton>
          <ToggleButton value="month">Mois</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" startIcon={<TodayIcon />} onClick={() => ref.current?.scrollToDate(today, 'start')}>
          Aujourd'hui
        </Button>
        {canWrite && (
          <Button size="small" startIcon={<SyncIcon />} onClick={() => void sync()}>
            Synchroniser les départs
          </Button>
        )}
        <Typography variant="body2" color="text.secondary">
          ★ = arrivée le jour même (mode « prêt »). Sélectionnez des jours sur une ligne pour créer une tâche.
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Legend statusPalette={CLEANING_STATUS_PALETTE} />
      </Stack>
      <Box sx={{ height: 4 }}>{tiles.loading && <LinearProgress aria-label="Chargement" />}</Box>
      <Box sx={{ flex: 1, minHeight: 0, borderTop: 1, borderColor: 'divider' }}>
        <PlanningBoard<StaffRow, TaskBar>
          ref={ref}
          rows={sizedRows}
          bars={bars}
          startDate={range.startDate}
          endDate={range.endDate}
          today={today}
          initialDate={addDays(today, -1)}
          zoom={zoom}
          dayWidth={zoom === 'day' ? 96 : undefined}
          labelWidth={180}
          barAnchor="day"
          groupBy={GROUP_BY}
          messages={MESSAGES}
          statusPalette={CLEANING_STATUS_PALETTE}
          freeCounts={todo}
          readOnly={!canWrite}
          selectAcrossBars
          onVisibleWindowChange={(w) => void load(w)}
          onMoveBar={onMoveBar}
          onOpenBar={(b) => setEditing(b.data)}
          onModify={(c) => c.bar && setEditing(c.bar.data)}
          onCreate={(c) =>
            c.range &&
            setEditing({
              id: 0,
              date: c.range.startDate,
              cleaningUserId: c.range.row.id || null,
              type: 'inter',
              status: 'todo',
              mode: 'free',
            })
          }
          onSelectRange={(s: RangeSelection<StaffRow>) =>
            canWrite &&
            setEditing({
              id: 0,
              date: s.startDate,
              cleaningUserId: s.row.id || null,
              type: 'inter',
              status: 'todo',
              mode: 'free',
            })
          }
          renderBarContent={(b, { width }) =>
            width < 24
              ? null
              : `${b.data.mode === 'ready' ? '★ ' : ''}${b.label}` +
                `${b.data.type !== 'cleaning' && width > 60 ? ` · ${TYPE[b.data.type]}` : ''}`
          }
          renderTooltip={(b) => (
            <div>
              <strong>{b.data.placeCode}</strong> — {TYPE[b.data.type]} ({MODE[b.data.mode]})<br />
              {STATUS[b.data.status]} · {formatDateFr(b.data.date)}
              {b.data.bookingCode && (
                <>
                  <br />
                  Départ {b.data.bookingCode}
                  {b.data.customer ? ` — ${b.data.customer}` : ''}
                </>
              )}
              {b.data.notes && (
                <>
                  <br />
                  {b.data.notes}
                </>
              )}
            </div>
          )}
        />
      </Box>
      {editing && (
        <TaskDialog
          task={editing}
          staff={staff ?? []}
          places={setup?.places ?? []}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            if (lastWin.current) void load(lastWin.current, true);
          }}
        />
      )}
    </Box>
  );
}

function TaskDialog({
  task,
  staff,
  places,
  canWrite,
  onClose,
  onSaved,
}: {
  task: Partial<Task>;
  staff: Staff[];
  places: Setup['places'];
  canWrite: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [t, setT] = useState<Partial<Task>>(task);
  const [error, setError] = useState<string | null>(null);
  const isNew = !t.id;
  const set = (patch: Partial<Task>) => setT((x) => ({ ...x, ...patch }));
  const submit = async () => {
    setError(null);
    try {
      const body = {
        placeId: t.placeId,
        date: t.date,
        type: t.type,
        status: t.status,
        mode: t.mode,
        cleaningUserId: t.cleaningUserId ?? null,
        notes: t.notes ?? null,
      };
      if (isNew) await api('/cleaning-task', { method: 'POST', json: body });
      else await api(`/cleaning-task/${t.id}`, { method: 'PUT', json: body });
      onSaved();
    } catch (e: any) {
      setError(e?.body?.errors ? Object.values(e.body.errors).join(' ; ') : e.message);
    }
  };
  const remove = async () => {
    if (!window.confirm('Supprimer cette tâche ?')) return;
    try {
      await api(`/cleaning-task/${t.id}`, { method: 'DELETE' });
      onSaved();
    } catch (e: any) {
      setError(e.message);
    }
  };
  const place = places.find((p) => p.id === t.placeId) ?? null;
  const select = (label: string, field: 'type' | 'status' | 'mode', choices: Record<string, string>) => (
    <TextField
      select
      size="small"
      label={label}
      value={t[field] ?? ''}
      onChange={(e) => set({ [field]: e.target.value })}
      disabled={!canWrite}
    >
      {Object.entries(choices).map(([k, v]) => (
        <MenuItem key={k} value={k}>
          {v}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="task-title" maxWidth="xs" fullWidth>
      <DialogTitle id="task-title">
        {isNew ? 'Nouvelle tâche' : `Tâche ${t.placeCode ?? ''} du ${formatDateFr(t.date)}`}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {isNew ? (
            <Autocomplete
              size="small"
              options={places}
              value={place}
              getOptionLabel={(p) => p.code}
              onChange={(_, p) => set({ placeId: p?.id })}
              renderInput={(params) => <TextField {...params} label="Emplacement" required />}
              noOptionsText="Aucun emplacement"
            />
          ) : (
            t.bookingCode && (
              <Typography variant="body2">
                Départ du séjour {t.bookingCode}
                {t.customer ? ` — ${t.customer}` : ''}
              </Typography>
            )
          )}
          <DateFieldFr
            label="Jour"
            name="date"
            value={t.date ?? ''}
            onChange={(v) => set({ date: v ?? '' })}
            disabled={!canWrite}
          />
          {select('Statut', 'status', STATUS)}
          {select('Type', 'type', TYPE)}
          {select('Mode', 'mode', MODE)}
          <TextField
            select
            size="small"
            label="Attribuée à"
            value={t.cleaningUserId ?? 0}
            onChange={(e) => set({ cleaningUserId: Number(e.target.value) || null })}
            disabled={!canWrite}
          >
            <MenuItem value={0}>À attribuer</MenuItem>
            {staff.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {`${s.firstName ?? ''} ${s.lastName}`.trim()}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Remarques"
            multiline
            minRows={2}
            value={t.notes ?? ''}
            onChange={(e) => set({ notes: e.target.value })}
            disabled={!canWrite}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {!isNew && canWrite && t.source === 'manual' && (
          <Button color="error" onClick={() => void remove()}>
            Supprimer
          </Button>
        )}
        <Button onClick={onClose}>Fermer</Button>
        {canWrite && (
          <Button variant="contained" onClick={() => void submit()}>
            Enregistrer
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
