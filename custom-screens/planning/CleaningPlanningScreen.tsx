// /cleanning-planning: cleaning tasks per day on the planning board — rows are the
// cleaning staff (and "À attribuer"), a task is a one-day bar coloured by status
// (taken / todo / in progress / done), showing its place, type (cleaning / control /
// inter) and mode (free / ready, ★ = an arrival the same day). The departures feed
// the list: displaying a span syncs its departure tasks on the server. Drag a task to
// a person or a day to assign or reschedule it; click it to change its status.
// The model: ./cleaning/model.ts; the state: ./cleaning/useCleaningData.ts.
import { useRef, useState } from 'react';
import { Box, Button, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import TodayIcon from '@mui/icons-material/Today';
import { Title, useStore } from 'react-admin';
import { addDays, formatDateFr } from '../../common/dates';
import {
  CLEANING_STATUS_PALETTE,
  Legend,
  PlanningBoard,
  type PlanningBoardHandle,
  type RangeSelection,
  type Zoom,
} from './board';
import { useCan } from '../../admin/src/ui';
import {
  GROUP_BY,
  MESSAGES,
  MODE,
  STATUS,
  TYPE,
  newTask,
  type StaffRow,
  type Task,
  type TaskBar,
} from './cleaning/model';
import { useCleaningData } from './cleaning/useCleaningData';
import { TaskDialog } from './cleaning/TaskDialog';

// Guarded by camp.planning where the route is declared (./index.ts).
export default function CleaningPlanningScreen() {
  return <CleaningPlanning />;
}

function CleaningPlanning() {
  const ref = useRef<PlanningBoardHandle>(null);
  const canWrite = useCan('camp.planning', 'write');
  const [zoom, setZoom] = useStore<Zoom>('cleaning.zoom', 'day');
  const [editing, setEditing] = useState<Partial<Task> | null>(null);
  const { setup, staff, today, range, rows, bars, todo, loading, load, reload, onMoveBar, sync } =
    useCleaningData(canWrite);

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
          <Button
            size="small"
            startIcon={<SyncIcon />}
            onClick={() => {
              const w = ref.current?.getVisibleWindow();
              if (w) void sync(w);
            }}
          >
            Synchroniser les départs
          </Button>
        )}
        <Typography variant="body2" color="text.secondary">
          ★ = arrivée le jour même (mode « prêt »). Sélectionnez des jours sur une ligne pour créer une tâche.
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Legend statusPalette={CLEANING_STATUS_PALETTE} />
      </Stack>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Chargement" />}</Box>
      <Box sx={{ flex: 1, minHeight: 0, borderTop: 1, borderColor: 'divider' }}>
        <PlanningBoard<StaffRow, TaskBar>
          ref={ref}
          rows={rows}
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
          onCreate={(c) => c.range && setEditing(newTask(c.range.startDate, c.range.row.id))}
          onSelectRange={(s: RangeSelection<StaffRow>) => canWrite && setEditing(newTask(s.startDate, s.row.id))}
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
            reload();
          }}
        />
      )}
    </Box>
  );
}
