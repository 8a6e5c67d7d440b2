// /arrivals and /departures: the day's stays arriving or leaving, ticked arrived then
// gone (each tick confirmed, undone the same day only).
import { useNavigate } from 'react-router-dom';
import { Box, Button, Chip } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { addDays, todayParis } from '../../common/dates';
import {
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
import { base } from './dayColumns';
import { sameParisDay, TICK_UI, tickMoneyText } from './dayTicks';
import { useTickList } from './useTickList';

function DayList({ mode }: { mode: 'arrival' | 'departure' }) {
  const navigate = useNavigate();
  const canWrite = useCan('booking.booking', 'write');
  const canUndo = useCan('booking.booking', 'delete');
  const { date, setDate, rows, asked, setAsked, run } = useTickList(mode);
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
