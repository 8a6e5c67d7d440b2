// /booking-import-list and /booking-import/{id}: the bookings received from the
// online channels. Source filter (§4, docs/stays.md#states-and-transitions): to integrate, or already processed; plus
// those cancelled by the channel while the stay is still live here. A booking is accepted
// before it is integrated, and integrated once only.
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { meta } from '../../common/generated/meta/booking-import';
import { enumLabels } from '../../common/entity-meta';
import { countFr } from '../../common/french';
import { formatMessage } from '../../common/messages';
import { ChannelDetails } from './ChannelDetails';
import { STATUS } from '../../common/stay-status';
import {
  records,
  rest,
  useCan,
  NotFound,
  AskDialog,
  DataTable,
  Page,
  dateFr,
  dateTimeFr,
  euros,
} from '../../admin/src/ui';

const IMPORT_STATUS = enumLabels(meta, 'statusId');
const SOURCES = [
  { id: 'to-integrate', name: 'Internet à intégrer' },
  { id: 'processed', name: 'Déjà traitées' },
  { id: 'cancelled', name: 'Annulées par le canal' },
];

export function BookingImportList() {
  const [search, setSearch] = useSearchParams();
  const source = search.get('source') ?? 'to-integrate';
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ['booking-imports', source, page],
    queryFn: () =>
      rest('post', '/booking-import/list', {
        body: { source: source as 'to-integrate' | 'processed' | 'cancelled', page, pageSize: 50 },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title="Réservations en ligne">
      <TextField
        fullWidth={false}
        select
        size="small"
        label="Source"
        value={source}
        sx={{ minWidth: 240, mb: 2 }}
        onChange={(e) => {
          setPage(1);
          setSearch({ source: e.target.value });
        }}
      >
        {SOURCES.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <DataTable
        name="booking-imports"
        loading={list.isFetching}
        rows={list.data?.items}
        onOpen={(r) => navigate(`/booking-import/${r.id}`)}
        empty="Aucune réservation en ligne"
        columns={[
          { key: 'externalRef', label: 'Référence' },
          { key: 'channelLabel', label: 'Canal' },
          {
            key: 'statusId',
            label: 'Statut',
            render: (r) =>
              `${IMPORT_STATUS[String(r.statusId)] ?? r.statusId}` +
              `${r.channelCancelled ? ' (annulée par le canal)' : ''}`,
          },
          { key: 'name', label: 'Client', render: (r) => `${r.lastName} ${r.firstName ?? ''}`.trim() },
          { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
          { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
          { key: 'persons', label: 'Pers.', align: 'right', render: (r) => r.adults + r.children + r.babies },
          { key: 'amount', label: 'Montant', align: 'right', render: (r) => euros(r.amount) },
          { key: 'bookingCode', label: 'Séjour' },
        ]}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Pagination
          count={Math.max(1, Math.ceil((list.data?.total ?? 0) / 50))}
          page={page}
          onChange={(_e, p) => setPage(p)}
          size="small"
        />
      </Box>
    </Page>
  );
}

export function BookingImportScreen() {
  const { bookingImportId = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('booking.booking', 'write');
  const [asking, setAsking] = useState<'accept' | 'refuse' | 'integrate' | null>(null);
  const [placeId, setPlaceId] = useState<number | null>(null);
  const valid = /^\d+$/.test(bookingImportId);
  const row = useQuery({
    queryKey: ['booking-import', bookingImportId],
    queryFn: () => records.get('booking-import', Number(bookingImportId)),
    enabled: valid,
  });
  if (!valid) return <NotFound />;
  if (row.isPending) return <Loading />;
  if (row.error)
    return (
      <Page title="Réservation en ligne">
        <Alert severity="error">{(row.error as Error).message}</Alert>
      </Page>
    );
  const r = row.data;
  const run = async (call: (path: { id: number }) => Promise<unknown>) => {
    await call({ id: r.id });
    notify('Enregistrement effectué', { type: 'success' });
    qc.invalidateQueries({ queryKey: ['booking-import', bookingImportId] });
    qc.invalidateQueries({ queryKey: ['booking-imports'] });
  };
  const open = r.statusId === STATUS.TO_INTEGRATE || r.statusId === STATUS.ACCEPTED;
  const accepted = r.statusId === STATUS.ACCEPTED;
  return (
    <Page
      title={`Réservation en ligne ${r.externalRef}`}
      actions={
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/booking-import-list')}>
          Retour
        </Button>
      }
    >
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography>
            Statut : <strong>{IMPORT_STATUS[String(r.statusId)]}</strong>
            {r.channelCancelled ? ' — annulée par le canal' : ''}
          </Typography>
          <Typography>
            Client : {r.lastName} {r.firstName ?? ''} {r.email ? `· ${r.email}` : ''} {r.phone ? `· ${r.phone}` : ''}
          </Typography>
          <Typography>
            Séjour demandé : du {dateFr(r.startDate)} au {dateFr(r.endDate)} ·{' '}
            {[
              countFr(r.adults ?? 0, 'adulte'),
              countFr(r.children ?? 0, 'enfant'),
              countFr(r.babies ?? 0, 'bébé'),
            ].join(', ')}
          </Typography>
          {r.amount != null && <Typography>Montant payé sur le canal : {euros(r.amount)}</Typography>}
          {r.refusalReason && <Typography>Motif du refus : {r.refusalReason}</Typography>}
          {r.bookingId && (
            <Typography>
              Intégrée le {dateTimeFr(r.integratedAt)} :{' '}
              <MuiLink component={Link} to={`/booking/${r.bookingId}`}>
                voir le séjour
              </MuiLink>
            </Typography>
          )}
        </CardContent>
      </Card>
      <ChannelDetails row={r} placeId={placeId} onPlace={setPlaceId} />
      {canWrite && open && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {r.statusId === STATUS.TO_INTEGRATE && (
            <Button variant="outlined" onClick={() => setAsking('accept')}>
              Accepter
            </Button>
          )}
          {/* §4 (docs/stays.md#states-and-transitions): accepted before integrated — the button says why it waits
             (issue 29 §6, docs/history.md#issue-29) */}
          <Button
            variant="contained"
            disabled={!accepted}
            aria-describedby={accepted ? undefined : 'integrate-why'}
            onClick={() => setAsking('integrate')}
          >
            Intégrer
          </Button>
          <Button color="error" onClick={() => setAsking('refuse')}>
            Refuser
          </Button>
          {!accepted && (
            <Typography id="integrate-why" variant="body2" color="text.secondary">
              {formatMessage('BOOKING_NOT_ACCEPTED')}
            </Typography>
          )}
        </Stack>
      )}
      <AskDialog
        open={asking === 'accept'}
        title="Accepter cette réservation ?"
        text="La réservation est acceptée : elle peut ensuite être intégrée comme séjour. Rien n'est encore créé."
        confirmLabel="Accepter la réservation"
        keepLabel="Ne pas accepter"
        onClose={() => setAsking(null)}
        onConfirm={() => run((path) => rest('post', '/booking-import/{id}/accept', { path }))}
      />
      <AskDialog
        open={asking === 'integrate'}
        title="Intégrer cette réservation ?"
        text={
          'Un séjour confirmé est créé (client retrouvé par son e-mail, sinon créé) ; une réservation en ligne ' +
          "n'est intégrée qu'une fois."
        }
        onClose={() => setAsking(null)}
        onConfirm={() => run((path) => rest('post', '/booking-import/{id}/integrate', { path, body: { placeId } }))}
      />
      <AskDialog
        open={asking === 'refuse'}
        title="Refuser cette réservation ?"
        text="Le refus n'est pas transmis au canal de vente."
        fields={[{ name: 'reason', label: 'Motif du refus', required: true }]}
        onClose={() => setAsking(null)}
        onConfirm={(v) =>
          run((path) => rest('post', '/booking-import/{id}/refuse', { path, body: { reason: v.reason } }))
        }
      />
    </Page>
  );
}
