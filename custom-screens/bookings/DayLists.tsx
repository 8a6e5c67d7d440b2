// The lists of a day: arrivals and departures (./TickLists.tsx), the
// departures to clean (rentals first, same-day re-lets flagged), who is on site, and
// the birthdays of the guests present.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { addDays, todayParis } from '../../common/dates';
import { countFr } from '../../common/french';
import { meta as taskMeta } from '../../common/generated/meta/cleaning-task';
import { enumLabels } from '../../common/entity-meta';
import { useCan, DataTable, DateBox, Page, dateFr, dateTimeFr, rest } from '../../admin/src/ui';
import { base, useDay } from './dayColumns';

export { ArrivalList, DepartureList } from './TickLists';

const TASK_TYPE = enumLabels(taskMeta, 'type');
const TASK_STATUS = enumLabels(taskMeta, 'status');
const STATUS_COLOR: Record<string, 'default' | 'warning' | 'info' | 'success'> = {
  todo: 'warning',
  taken: 'default',
  'in-progress': 'info',
  done: 'success',
};

export function DepartureCleaning() {
  const { date, setDate } = useDay();
  const navigate = useNavigate();
  // The list only reads: who may write the cleaning planning first brings the day's tasks in step.
  const canSync = useCan('camp.planning', 'write');
  const rows = useQuery({
    queryKey: ['booking-day', 'cleaning', date, canSync],
    queryFn: async () => {
      if (canSync) await rest('post', '/planning/cleaning/sync', { body: { from: date, to: addDays(date, 1) } });
      return rest('get', '/booking/departure-cleaning', { query: { date } });
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
    queryFn: () => rest('get', '/booking/occupation', { query: { date } }),
  });
  const persons = (rows.data ?? []).reduce((s, r) => s + Number(r.persons ?? 0), 0);
  return (
    <Page title="Occupation">
      <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <DateBox label="Nuit du" value={date} onChange={setDate} name="date" />
        <span>
          {rows.data
            ? `${countFr(rows.data.length, 'emplacement occupé', 'emplacements occupés')}, ` +
              countFr(persons, 'personne', 'personnes')
            : ''}
        </span>
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
    queryFn: () => rest('get', '/booking/birthdays', { query: { from, to } }),
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
