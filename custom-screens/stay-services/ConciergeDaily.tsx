// /concierge-daily-list: the concierge's orders of a day by time — the provider's list, to
// print, export (CSV) or e-mail now to the module's address (it is also sent each morning).
// From a stay (?bookingId=): its orders, and a service ordered for it (priced as an extra).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { DataTable, DateBox, Page, dateFr, euros, useCan, type Row, rest } from '../../admin/src/ui';
import { todayParis } from '../../common/dates';
import { OrderForm } from './OrderForm';

const commandes = (n: number) => (n === 0 ? 'Aucune commande' : n === 1 ? '1 commande' : `${n} commandes`);

export default function ConciergeDaily() {
  const [params] = useSearchParams();
  const bookingId = Number(params.get('bookingId')) || null;
  const [date, setDate] = useState(todayParis());
  const canWrite = useCan('booking.booking', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const query = bookingId ? { bookingId } : { date };
  const list = useQuery({
    queryKey: ['concierge', query],
    queryFn: () => rest('get', '/concierge/order-list', { query }),
    enabled: !!bookingId || /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['concierge'] });
  const send = async () => {
    try {
      await rest('post', '/concierge/daily-send', { body: { date } });
      notify(`Liste envoyée à ${list.data?.contactEmail}`, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const cancel = async (id: number) => {
    await rest('post', '/concierge/order/{id}/cancel', { path: { id } });
    notify('Commande annulée', { type: 'success' });
    await refresh();
  };
  const rows: Row[] = list.data?.rows ?? [];
  return (
    <Page
      title={bookingId ? `Conciergerie du séjour n° ${bookingId}` : 'Conciergerie : liste du jour'}
      actions={
        !bookingId && (
          <Stack direction="row" spacing={1} className="no-print">
            <Button variant="outlined" onClick={() => window.print()}>
              Imprimer
            </Button>
            <Button variant="outlined" href={`/rest/concierge/daily-export?date=${date}`} data-testid="concierge-csv">
              Exporter (CSV)
            </Button>
            {canWrite && (
              <Button variant="contained" onClick={() => void send()} disabled={!list.data?.contactEmail}>
                Envoyer au prestataire
              </Button>
            )}
          </Stack>
        )
      }
    >
      {!bookingId && (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
          <DateBox label="Jour" value={date} onChange={setDate} />
          <Typography color="text.secondary">
            {list.data?.contactEmail
              ? `Envoyée chaque matin à ${list.data.contactEmail}`
              : 'Aucun e-mail du service : renseignez-le dans le module « Conciergerie »'}
          </Typography>
        </Stack>
      )}
      {bookingId && canWrite && list.data && (
        <OrderForm bookingId={bookingId} services={list.data.services} onDone={refresh} />
      )}
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(list.error as Error).message}
        </Alert>
      )}
      <Typography sx={{ mb: 1 }} data-testid="concierge-count">
        {commandes(rows.length)}
      </Typography>
      <DataTable
        name="concierge-orders"
        loading={list.isFetching}
        rows={rows}
        empty="Aucune commande"
        columns={[
          ...(bookingId ? [{ key: 'serviceDate', label: 'Jour', render: (o: Row) => dateFr(o.serviceDate) }] : []),
          { key: 'serviceTime', label: 'Heure' },
          { key: 'service', label: 'Service' },
          { key: 'quantity', label: 'Quantité', align: 'right' as const },
          { key: 'placeCode', label: 'Emplacement', render: (o) => o.placeCode ?? '—' },
          { key: 'guest', label: 'Client' },
          {
            key: 'bookingId',
            label: 'Séjour',
            render: (o) => (
              <MuiLink component={Link} to={`/booking/${o.bookingId}`}>
                n° {o.bookingId}
              </MuiLink>
            ),
          },
          { key: 'note', label: 'Remarque', render: (o) => o.note ?? '' },
          {
            key: 'cancel',
            label: '',
            render: (o) =>
              canWrite ? (
                <Button size="small" color="error" onClick={() => void cancel(o.id)}>
                  Annuler la commande
                </Button>
              ) : null,
          },
        ]}
      />
      {!!list.data?.services.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Services proposés : {list.data.services.map((s: Row) => `${s.label} (${euros(s.price)})`).join(', ')}
        </Typography>
      )}
    </Page>
  );
}
