// /booking-list/{statusId}, /booking-cancelled-list/{statusId} and
// /partner-booking-list/{statusId}: stays by status (0 = all), with the kind, a text
// search from 3 characters (number, customer, partner) and a period; paged on the
// server. ?dueOptions=1 shows the options to follow up: past their expiry date, for a
// stay still to come (the home tile).
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Box, Button, MenuItem, Pagination, TextField } from '@mui/material';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { countFr } from '../../common/french';
import { rest, useCan, DataTable, DateBox, Page, dateFr, euros, type RestBody, type Row } from '../../admin/src/ui';
import { KIND_LABELS, STATUS_LABELS, StatusChip, kindLabel } from './status';

type Scope = 'active' | 'cancelled' | 'partner';
type Kind = NonNullable<RestBody<'/booking/list', 'post'>['kind']>;
const ROUTES: Record<Scope, { base: string; title: string }> = {
  active: { base: '/booking-list', title: 'Séjours' },
  cancelled: { base: '/booking-cancelled-list', title: 'Séjours annulés' },
  partner: { base: '/partner-booking-list', title: 'Séjours des partenaires' },
};

export function BookingList({ scope }: { scope: Scope }) {
  const { statusId = '0' } = useParams();
  const [search] = useSearchParams();
  const dueOptions = search.get('dueOptions') === '1';
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('booking.booking', 'write');
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<Kind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const text = q.trim().length >= 3 ? q.trim() : undefined;
  const body: RestBody<'/booking/list', 'post'> = {
    scope,
    statusId: Number(statusId) || null,
    kind: kind || null,
    q: text,
    from: from || null,
    to: to || null,
    dueOptions,
    page,
    pageSize: 20,
  };
  const list = useQuery({
    queryKey: ['booking-list', body],
    queryFn: () => rest('post', '/booking/list', { body }),
    placeholderData: keepPreviousData,
  });
  const expire = async () => {
    try {
      const r = await rest('post', '/booking/expire-options', { body: {} });
      notify(countFr(r.expired, 'option expirée', 'options expirées'), { type: 'success' });
      qc.invalidateQueries({ queryKey: ['booking-list'] });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  // "Acceptée" and "À intégrer" belong to online bookings before integration (/booking-import-list): no stay has them.
  const statuses = scope === 'cancelled' ? ['9'] : Object.keys(STATUS_LABELS).filter((s) => s !== '4' && s !== '12');
  return (
    <Page
      title={dueOptions ? 'Options expirées, séjour à venir' : ROUTES[scope].title}
      actions={
        dueOptions && canWrite ? (
          <Button startIcon={<TimerOffIcon />} onClick={expire}>
            Expirer les options échues
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          fullWidth={false}
          select
          size="small"
          label="Statut"
          value={statusId}
          sx={{ minWidth: 200 }}
          onChange={(e) => {
            setPage(1);
            navigate(`${ROUTES[scope].base}/${e.target.value}`);
          }}
        >
          <MenuItem value="0">{scope === 'cancelled' ? 'Annulés et en cours d’annulation' : 'Tous'}</MenuItem>
          {statuses.map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          select
          size="small"
          label="Nature"
          value={kind}
          sx={{ minWidth: 160 }}
          onChange={(e) => {
            setPage(1);
            setKind(e.target.value as Kind | '');
          }}
        >
          <MenuItem value="">Toutes</MenuItem>
          {Object.entries(KIND_LABELS).map(([k, l]) => (
            <MenuItem key={k} value={k}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          size="small"
          label="Rechercher (3 caractères min.)"
          value={q}
          onChange={(e) => {
            setPage(1);
            setQ(e.target.value);
          }}
          sx={{ minWidth: 280 }}
        />
        <DateBox
          label="Séjours à partir du"
          value={from}
          onChange={(v) => {
            setPage(1);
            setFrom(v);
          }}
        />
        <DateBox
          label="jusqu'au"
          value={to}
          onChange={(v) => {
            setPage(1);
            setTo(v);
          }}
        />
      </Box>
      <DataTable
        name={`booking-list-${scope}`}
        loading={list.isFetching}
        rows={list.data?.items}
        onOpen={(r) => navigate(`/booking/${r.id}`)}
        empty={list.error ? (list.error as Error).message : 'Aucun séjour'}
        columns={[
          { key: 'code', label: 'Numéro' },
          // A cancelled stay's nature is on demand: its reason takes the room (1 366 px).
          { key: 'kind', label: 'Nature', render: (r: Row) => kindLabel(r.kind), optional: scope === 'cancelled' },
          {
            key: 'statusId',
            label: 'Statut',
            render: (r) => <StatusChip statusId={r.statusId} cancellation={r.cancellation} />,
          },
          { key: 'customerName', label: 'Client' },
          ...(scope === 'partner' ? [{ key: 'partnerName', label: 'Partenaire' }] : []),
          { key: 'places', label: 'Emplacements' },
          { key: 'startDate', label: 'Arrivée', render: (r: Row) => dateFr(r.startDate) },
          { key: 'endDate', label: 'Départ', render: (r: Row) => dateFr(r.endDate) },
          { key: 'persons', label: 'Pers.', align: 'right' as const, optional: true },
          ...(scope === 'cancelled'
            ? [
                {
                  key: 'cancelReason',
                  label: "Motif d'annulation",
                  // A long reason wraps and stops at two lines (the table stays within 1 366 px), whole on hover.
                  render: (r: Row) => (
                    <Box
                      component="span"
                      title={r.cancelReason ?? ''}
                      sx={{
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                        minWidth: 120,
                        maxWidth: 200,
                      }}
                    >
                      {r.cancelReason ?? ''}
                    </Box>
                  ),
                },
              ]
            : [
                {
                  key: 'optionExpiryDate',
                  label: 'Échéance option',
                  render: (r: Row) => dateFr(r.optionExpiryDate),
                  // The due date is what the options to follow up are about; elsewhere on demand (1 366 px).
                  optional: !dueOptions,
                },
              ]),
          { key: 'totalAmount', label: 'Montant', align: 'right' as const, render: (r: Row) => euros(r.totalAmount) },
          // What the guest still owes (billing: billed or priced, less paid).
          {
            key: 'balanceDue',
            label: 'Solde dû',
            align: 'right' as const,
            render: (r: Row) => (r.balanceDue > 0 ? euros(r.balanceDue) : ''),
            // On demand for cancelled stays: their reason takes the room (1 366 px).
            optional: scope === 'cancelled',
          },
        ]}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
        <span>{list.data ? countFr(list.data.total, 'séjour') : ''}</span>
        <Pagination
          count={Math.max(1, Math.ceil((list.data?.total ?? 0) / 20))}
          page={page}
          onChange={(_e, p) => setPage(p)}
          size="small"
        />
      </Box>
    </Page>
  );
}

export const ActiveBookingList = () => <BookingList scope="active" />;
export const CancelledBookingList = () => <BookingList scope="cancelled" />;
export const PartnerBookingList = () => <BookingList scope="partner" />;
