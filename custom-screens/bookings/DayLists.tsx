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
import { api } from '../../admin/src/api';
import { useCan } from '../../admin/src/auth/useCan';
import { addDays, todayParis } from '../../common/dates';
import { DataTable, DateBox, Page, StatusChip, dateFr, dateTimeFr, phoneFr, type Column, type Row } from './common';
import { meta as taskMeta } from '../../common/generated/meta/cleaning-task';
import { enumLabels } from '../../common/entity-meta';

const TASK_TYPE = enumLabels(taskMeta, 'type');
const TASK_STATUS = enumLabels(taskMeta, 'status');
const STATUS_COLOR: Record<string, 'default' | 'warning' | 'info' | 'success'> = { todo: 'warning', taken: 'default', 'in-progress': 'info', done: 'success' };

function useDay(initial = todayParis()) {
  const [date, setDate] = useState(initial);
  return { date, setDate };
}

const base: Column[] = [
  { key: 'placeCode', label: 'Emplacement' },
  { key: 'placeTypeLabel', label: 'Type' },
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'persons', label: 'Pers.', align: 'right' },
  { key: 'statusId', label: 'Statut', render: (r) => <StatusChip statusId={r.statusId} cancellation={r.cancellation} /> },
];

function DayList({ mode }: { mode: 'arrival' | 'departure' }) {
  const { date, setDate } = useDay();
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('booking.booking', 'write');
  const path = mode === 'arrival' ? 'arrivals' : 'departures';
  const rows = useQuery({ queryKey: ['booking-day', path, date], queryFn: () => api<Row[]>(`/booking/${path}?date=${date}`) });
  const tick = async (r: Row, action: 'arrive' | 'depart') => {
    try {
      await api(`/booking/${r.bookingId}/${action}`, { method: 'POST', json: {} });
      notify(action === 'arrive' ? `${r.customerName} : arrivée enregistrée` : `${r.customerName} : départ enregistré`, { type: 'success' });
      qc.invalidateQueries({ queryKey: ['booking-day'] });
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };
  const columns: Column[] = [
    ...base,
    { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
    { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
    { key: 'equipmentLabel', label: 'Équipement' },
    { key: 'licencePlates', label: 'Immatriculations' },
    { key: 'phone', label: 'Téléphone', render: (r) => phoneFr(r.phone2 ?? r.phone1) },
    {
      key: 'tick', label: mode === 'arrival' ? 'Arrivé' : 'Parti',
      render: (r) => {
        const done = mode === 'arrival' ? r.arrivedAt : r.goneAt;
        if (done) return <Chip size="small" color="success" label={dateTimeFr(done)} />;
        if (!canWrite) return '';
        const action = mode === 'arrival' ? 'arrive' : 'depart';
        return (
          <Button
            size="small" variant="outlined" startIcon={mode === 'arrival' ? <LoginIcon /> : <LogoutIcon />}
            onClick={(e) => { e.stopPropagation(); tick(r, action); }}
            data-testid={`tick-${action}-${r.bookingId}`}
          >
            {mode === 'arrival' ? 'Arrivé' : 'Parti'}
          </Button>
        );
      },
    },
  ];
  return (
    <Page title={mode === 'arrival' ? 'Arrivées' : 'Départs'}>
      <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <DateBox label="Jour" value={date} onChange={setDate} name="date" />
        <Button onClick={() => setDate(addDays(date, -1))}>Veille</Button>
        <Button onClick={() => setDate(todayParis())}>Aujourd'hui</Button>
        <Button onClick={() => setDate(addDays(date, 1))}>Lendemain</Button>
      </Box>
      <DataTable name={`booking-${mode}`} rowKey="occupancyId" loading={rows.isFetching} rows={rows.data} columns={columns}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)} empty={mode === 'arrival' ? 'Aucune arrivée ce jour' : 'Aucun départ ce jour'} />
    </Page>
  );
}

export const ArrivalList = () => <DayList mode="arrival" />;
export const DepartureList = () => <DayList mode="departure" />;

export function DepartureCleaning() {
  const { date, setDate } = useDay();
  const navigate = useNavigate();
  const rows = useQuery({ queryKey: ['booking-day', 'cleaning', date], queryFn: () => api<Row[]>(`/booking/departure-cleaning?date=${date}`) });
  return (
    <Page title="Ménage des départs">
      <Box sx={{ mb: 2 }}><DateBox label="Jour" value={date} onChange={setDate} name="date" /></Box>
      <DataTable
        name="booking-cleaning" rowKey="occupancyId" loading={rows.isFetching} rows={rows.data} onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty="Aucun départ ce jour"
        columns={[
          { key: 'placeCode', label: 'Emplacement' },
          { key: 'placeTypeLabel', label: 'Type' },
          { key: 'customerName', label: 'Client sortant' },
          { key: 'goneAt', label: 'Parti', render: (r) => (r.goneAt ? dateTimeFr(r.goneAt) : 'pas encore') },
          { key: 'nextArrival', label: 'Prochaine arrivée', render: (r) => (r.nextArrival ? dateFr(r.nextArrival) : 'aucune') },
          { key: 'urgent', label: 'Priorité', render: (r) => (r.urgent ? <Chip size="small" color="warning" label="Relocation le jour même" /> : '') },
          { key: 'taskStatus', label: 'Tâche', render: (r) => (r.taskId ? <Chip size="small" variant="outlined" color={STATUS_COLOR[r.taskStatus] ?? 'default'} label={`${TASK_TYPE[r.taskType] ?? r.taskType} : ${TASK_STATUS[r.taskStatus] ?? r.taskStatus}`} /> : 'aucune') },
          { key: 'cleaner', label: 'Attribuée à', render: (r) => r.cleaner ?? (r.taskId ? 'personne' : '') },
        ]}
      />
    </Page>
  );
}

export function OccupationList() {
  const { date, setDate } = useDay();
  const navigate = useNavigate();
  const rows = useQuery({ queryKey: ['booking-day', 'occupation', date], queryFn: () => api<Row[]>(`/booking/occupation?date=${date}`) });
  const persons = (rows.data ?? []).reduce((s, r) => s + Number(r.persons ?? 0), 0);
  return (
    <Page title="Occupation">
      <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <DateBox label="Nuit du" value={date} onChange={setDate} name="date" />
        <span>{rows.data ? `${rows.data.length} emplacement(s) occupé(s), ${persons} personne(s)` : ''}</span>
      </Box>
      <DataTable
        name="booking-occupation" rowKey="occupancyId" loading={rows.isFetching} rows={rows.data} onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty="Aucun emplacement occupé"
        columns={[...base, { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) }, { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) }, { key: 'licencePlates', label: 'Immatriculations' }]}
      />
    </Page>
  );
}

export function BirthdayList() {
  const [from, setFrom] = useState(todayParis());
  const [to, setTo] = useState(addDays(todayParis(), 7));
  const navigate = useNavigate();
  const rows = useQuery({ queryKey: ['booking-day', 'birthdays', from, to], queryFn: () => api<Row[]>(`/booking/birthdays?from=${from}&to=${to}`) });
  return (
    <Page title="Anniversaires des occupants">
      <Box sx={{ mb: 2, display: 'flex', gap: 2 }}>
        <DateBox label="Du" value={from} onChange={setFrom} />
        <DateBox label="Au (31 jours au plus)" value={to} onChange={setTo} />
      </Box>
      <DataTable
        name="booking-birthdays" rowKey="personId" loading={rows.isFetching} rows={rows.data?.map((r) => ({ ...r, personId: `${r.personKind}-${r.personId}-${r.bookingId}` }))}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)} empty={rows.error ? (rows.error as Error).message : 'Aucun anniversaire sur la période'}
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
