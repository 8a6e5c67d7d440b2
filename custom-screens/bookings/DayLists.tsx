// The lists of a day: arrivals and departures (tick arrived, then gone), the
// departures to clean (rentals first, same-day re-lets flagged), who is on site, and
// the birthdays of the guests present.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Chip } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { addDays, todayParis } from '../../common/dates';
import { meta as taskMeta } from '../../common/generated/meta/cleaning-task';
import { enumLabels } from '../../common/entity-meta';
import {
  api,
  useCan,
  AskDialog,
  DataTable,
  DateBox,
  Page,
  dateFr,
  dateTimeFr,
  euros,
  phoneFr,
  type Column,
  type Row,
} from '../../admin/src/ui';
import { StatusChip } from './status';
import { warningsForDue } from '../billing/stay-money';

const TASK_TYPE = enumLabels(taskMeta, 'type');
const TASK_STATUS = enumLabels(taskMeta, 'status');
const STATUS_COLOR: Record<string, 'default' | 'warning' | 'info' | 'success'> = {
  todo: 'warning',
  taken: 'default',
  'in-progress': 'info',
  done: 'success',
};

function useDay(initial = todayParis()) {
  const [date, setDate] = useState(initial);
  return { date, setDate };
}

const base: Column[] = [
  { key: 'placeCode', label: 'Emplacement' },
  { key: 'placeTypeLabel', label: 'Type', optional: true },
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'persons', label: 'Pers.', align: 'right' },
  {
    key: 'statusId',
    label: 'Statut',
    render: (r) => <StatusChip statusId={r.statusId} cancellation={r.cancellation} />,
  },
];

type Tick = { row: Row; action: 'arrive' | 'depart' | 'undo-arrival' | 'undo-departure' };

const TICK_UI: Record<
  Tick['action'],
  { title: (r: Row) => string; text?: string; confirm: string; done: (r: Row) => string; reason?: boolean }
> = {
  arrive: {
    title: (r) => `Enregistrer l’arrivée de ${r.customerName ?? 'ce client'} ?`,
    text: 'Le client est noté arrivé maintenant ; l’arrivée ne peut être annulée que le jour même.',
    confirm: 'Enregistrer l’arrivée',
    done: (r) => `${r.customerName} : arrivée enregistrée`,
  },
  depart: {
    title: (r) => `Enregistrer le départ de ${r.customerName ?? 'ce client'} ?`,
    text: 'Le séjour passe en lecture seule.',
    confirm: 'Enregistrer le départ',
    done: (r) => `${r.customerName} : départ enregistré`,
  },
  'undo-arrival': {
    title: () => 'Annuler l’arrivée enregistrée ?',
    text: 'Possible le jour même seulement.',
    confirm: 'Annuler l’arrivée',
    done: (r) => `${r.customerName} : arrivée annulée`,
    reason: true,
  },
  'undo-departure': {
    title: () => 'Annuler le départ enregistré ?',
    text: 'Possible le jour même seulement.',
    confirm: 'Annuler le départ',
    done: (r) => `${r.customerName} : départ annulé`,
    reason: true,
  },
};

/** What the arrival or departure dialog says about the money still due, or paid too much (owed back). */
function tickMoneyText({ row, action }: Tick): string | null {
  const w = warningsForDue(row.balanceDue ?? 0);
  return action === 'arrive' ? w.arrival : action === 'depart' ? w.departure : null;
}

const sameParisDay = (at: string) => todayParis(new Date(at)) === todayParis();

function DayList({ mode }: { mode: 'arrival' | 'departure' }) {
  const { date, setDate } = useDay();
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('booking.booking', 'write');
  const canUndo = useCan('booking.booking', 'delete');
  const [asked, setAsked] = useState<Tick | null>(null);
  const path = mode === 'arrival' ? 'arrivals' : 'departures';
  const rows = useQuery({
    queryKey: ['booking-day', path, date],
    queryFn: () => api<Row[]>(`/booking/${path}?date=${date}`),
  });
  // One click opens a confirmation: a slip of the hand no longer records an arrival or a departure.
  const run = async ({ row, action }: Tick, values: Record<string, string>) => {
    // The dialog showed the balance due: confirming it is the server's acceptBalance.
    const body = TICK_UI[action].reason
      ? { reason: values.reason }
      : action === 'depart' && row.balanceDue > 0
        ? { acceptBalance: true }
        : {};
    await api(`/booking/${row.bookingId}/${action}`, { method: 'POST', json: body });
    notify(TICK_UI[action].done(row), { type: 'success' });
    qc.invalidateQueries({ queryKey: ['booking-day'] });
  };
  const columns: Column[] = [
    ...base,
    {
      key: mode === 'arrival' ? 'endDate' : 'startDate',
      label: mode === 'arrival' ? 'Départ' : 'Arrivée',
      render: (r) => dateFr(mode === 'arrival' ? r.endDate : r.startDate),
    },
    { key: 'equipmentLabel', label: 'Équipement', optional: true },
    { key: 'licencePlates', label: 'Immatriculations', optional: true },
    { key: 'phone', label: 'Téléphone', optional: true, render: (r) => phoneFr(r.phone2 ?? r.phone1) },
    {
      key: 'balanceDue',
      label: 'Solde dû',
      align: 'right' as const,
      render: (r: Row) => (r.balanceDue > 0 ? euros(r.balanceDue) : ''),
    },
    {
      key: 'tick',
      label: mode === 'arrival' ? 'Arrivé' : 'Parti',
      render: (r) => {
        const done = mode === 'arrival' ? r.arrivedAt : r.goneAt;
        const undo = mode === 'arrival' ? 'undo-arrival' : 'undo-departure';
        // An arrival is undone only while the stay has not left.
        const undoable = done && canUndo && sameParisDay(done) && (mode === 'departure' || !r.goneAt);
        if (done) {
          return (
            <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color="success" label={dateTimeFr(done)} />
              {undoable && (
                <Button
                  size="small"
                  color="warning"
                  onClick={(e) => {
                    e.stopPropagation();
                    setAsked({ row: r, action: undo });
                  }}
                  data-testid={`tick-${undo}-${r.bookingId}`}
                >
                  Annuler
                </Button>
              )}
            </Box>
          );
        }
        if (!canWrite) return '';
        const action = mode === 'arrival' ? 'arrive' : 'depart';
        return (
          <Button
            size="small"
            variant="outlined"
            startIcon={mode === 'arrival' ? <LoginIcon /> : <LogoutIcon />}
            onClick={(e) => {
              e.stopPropagation();
              setAsked({ row: r, action });
            }}
            data-testid={`tick-${action}-${r.bookingId}`}
          >
            {mode === 'arrival' ? 'Arrivé' : 'Parti'}
          </Button>
        );
      },
    },
  ];
  const ui = asked ? TICK_UI[asked.action] : null;
  return (
    <Page title={mode === 'arrival' ? 'Arrivées' : 'Départs'}>
      <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <DateBox label="Jour" value={date} onChange={setDate} name="date" />
        <Button onClick={() => setDate(addDays(date, -1))}>Veille</Button>
        <Button onClick={() => setDate(todayParis())}>Aujourd'hui</Button>
        <Button onClick={() => setDate(addDays(date, 1))}>Lendemain</Button>
      </Box>
      <DataTable
        name={`booking-${mode}`}
        rowKey="occupancyId"
        loading={rows.isFetching}
        rows={rows.data}
        columns={columns}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty={mode === 'arrival' ? 'Aucune arrivée ce jour' : 'Aucun départ ce jour'}
      />
      <AskDialog
        open={!!asked}
        title={asked && ui ? ui.title(asked.row) : ''}
        confirmLabel={ui?.confirm}
        text={asked ? [ui?.text, tickMoneyText(asked)].filter(Boolean).join(' ') || undefined : undefined}
        fields={ui?.reason ? [{ name: 'reason', label: 'Motif', required: true }] : []}
        onConfirm={(values) => run(asked!, values)}
        onClose={() => setAsked(null)}
      />
    </Page>
  );
}

export const ArrivalList = () => <DayList mode="arrival" />;
export const DepartureList = () => <DayList mode="departure" />;

export function DepartureCleaning() {
  const { date, setDate } = useDay();
  const navigate = useNavigate();
  // The list only reads: who may write the cleaning planning first brings the day's tasks in step.
  const canSync = useCan('camp.planning', 'write');
  const rows = useQuery({
    queryKey: ['booking-day', 'cleaning', date, canSync],
    queryFn: async () => {
      if (canSync) await api('/planning/cleaning/sync', { method: 'POST', json: { from: date, to: addDays(date, 1) } });
      return api<Row[]>(`/booking/departure-cleaning?date=${date}`);
    },
  });
  return (
    <Page title="Ménage des départs">
      <Box sx={{ mb: 2 }}>
        <DateBox label="Jour" value={date} onChange={setDate} name="date" />
      </Box>
      <DataTable
        name="booking-cleaning"
        rowKey="occupancyId"
        loading={rows.isFetching}
        rows={rows.data}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty="Aucun départ ce jour"
        columns={[
          { key: 'placeCode', label: 'Emplacement' },
          { key: 'placeTypeLabel', label: 'Type' },
          { key: 'customerName', label: 'Client sortant' },
          { key: 'goneAt', label: 'Parti', render: (r) => (r.goneAt ? dateTimeFr(r.goneAt) : 'pas encore') },
          {
            key: 'nextArrival',
            label: 'Prochaine arrivée',
            render: (r) => (r.nextArrival ? dateFr(r.nextArrival) : 'aucune'),
          },
          {
            key: 'urgent',
            label: 'Priorité',
            render: (r) => (r.urgent ? <Chip size="small" color="warning" label="Relocation le jour même" /> : ''),
          },
          {
            key: 'taskStatus',
            label: 'Tâche',
            render: (r) =>
              r.taskId ? (
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATUS_COLOR[r.taskStatus] ?? 'default'}
                  label={`${TASK_TYPE[r.taskType] ?? r.taskType} : ${TASK_STATUS[r.taskStatus] ?? r.taskStatus}`}
                />
              ) : (
                'aucune'
              ),
          },
          { key: 'cleaner', label: 'Attribuée à', render: (r) => r.cleaner ?? (r.taskId ? 'personne' : '') },
        ]}
      />
    </Page>
  );
}

export function OccupationList() {
  const { date, setDate } = useDay();
  const navigate = useNavigate();
  const rows = useQuery({
    queryKey: ['booking-day', 'occupation', date],
    queryFn: () => api<Row[]>(`/booking/occupation?date=${date}`),
  });
  const persons = (rows.data ?? []).reduce((s, r) => s + Number(r.persons ?? 0), 0);
  return (
    <Page title="Occupation">
      <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <DateBox label="Nuit du" value={date} onChange={setDate} name="date" />
        <span>{rows.data ? `${rows.data.length} emplacement(s) occupé(s), ${persons} personne(s)` : ''}</span>
      </Box>
      <DataTable
        name="booking-occupation"
        rowKey="occupancyId"
        loading={rows.isFetching}
        rows={rows.data}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty="Aucun emplacement occupé"
        columns={[
          ...base,
          { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
          { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
          { key: 'licencePlates', label: 'Immatriculations' },
        ]}
      />
    </Page>
  );
}

export function BirthdayList() {
  const [from, setFrom] = useState(todayParis());
  const [to, setTo] = useState(addDays(todayParis(), 7));
  const navigate = useNavigate();
  const rows = useQuery({
    queryKey: ['booking-day', 'birthdays', from, to],
    queryFn: () => api<Row[]>(`/booking/birthdays?from=${from}&to=${to}`),
  });
  return (
    <Page title="Anniversaires des occupants">
      <Box sx={{ mb: 2, display: 'flex', gap: 2 }}>
        <DateBox label="Du" value={from} onChange={setFrom} />
        <DateBox label="Au (31 jours au plus)" value={to} onChange={setTo} />
      </Box>
      <DataTable
        name="booking-birthdays"
        rowKey="personId"
        loading={rows.isFetching}
        rows={rows.data?.map((r) => ({ ...r, personId: `${r.personKind}-${r.personId}-${r.bookingId}` }))}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty={rows.error ? (rows.error as Error).message : 'Aucun anniversaire sur la période'}
        columns={[
          { key: 'birthday', label: 'Jour', render: (r) => dateFr(r.birthday) },
          { key: 'name', label: 'Occupant', render: (r) => `${r.lastName ?? ''} ${r.firstName ?? ''}`.trim() },
          { key: 'personKind', label: '', render: (r) => (r.personKind === 'customer' ? 'Client' : 'Accompagnant') },
          { key: 'age', label: 'Âge', align: 'right' },
          { key: 'placeCode', label: 'Emplacement' },
          { key: 'code', label: 'Séjour' },
        ]}
      />
    </Page>
  );
}
