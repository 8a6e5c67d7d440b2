// The sales checks of §2 (docs/screens.md#utilities) Utilities: /verif-tickets-payment
// (tickets whose payments do not add up) and /check-sales (sales charged to stays, billed
// or not).
import { Link } from 'react-router-dom';
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { formatCents } from '../../common/money';
import { formatDateFr } from '../../common/dates';
import { Page, rest } from '../../admin/src/ui';
import { dateTime } from './model';

export function TicketsPaymentCheck() {
  const q = useQuery({
    queryKey: ['sales-check-payments'],
    queryFn: () => rest('get', '/sales/check/payments'),
  });
  if (q.isPending) return <Loading />;
  const rows = q.data ?? [];
  return (
    <Page title="Vérification des règlements des tickets">
      {q.error && <Alert severity="error">{q.error.message}</Alert>}
      {!q.error && !rows.length && <Alert severity="success">Tous les tickets sont réglés exactement.</Alert>}
      {rows.length > 0 && (
        <Table aria-label="Tickets dont les règlements ne correspondent pas">
          <TableHead>
            <TableRow>
              <TableCell>Ticket</TableCell>
              <TableCell>Date</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell align="right">Réglé</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  <Link to={`/vente-annexe/${r.id}`}>{r.number}</Link>
                </TableCell>
                <TableCell>{dateTime(r.issuedAt)}</TableCell>
                <TableCell align="right">{formatCents(r.totalInclVat)}</TableCell>
                <TableCell align="right">{formatCents(r.paid)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Page>
  );
}

export function CheckSales() {
  const q = useQuery({
    queryKey: ['sales-check-charged'],
    queryFn: () => rest('get', '/sales/check/charged'),
  });
  if (q.isPending) return <Loading />;
  const rows = q.data ?? [];
  return (
    <Page title="Contrôle des ventes portées sur les séjours">
      {q.error && <Alert severity="error">{q.error.message}</Alert>}
      {!rows.length && <Typography>Aucune vente portée sur un séjour.</Typography>}
      {rows.length > 0 && (
        <Table aria-label="Ventes portées sur les séjours">
          <TableHead>
            <TableRow>
              <TableCell>Ticket</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Séjour</TableCell>
              <TableCell>Client</TableCell>
              <TableCell align="right">Montant</TableCell>
              <TableCell>Facturée</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={`${r.id}-${r.bookingId}`}>
                <TableCell>
                  <Link to={`/vente-annexe/${r.id}`}>{r.number}</Link>
                </TableCell>
                <TableCell>{formatDateFr(r.date)}</TableCell>
                <TableCell>
                  <Link to={`/booking/${r.bookingId}`}>{r.bookingCode ?? r.bookingId}</Link>
                </TableCell>
                <TableCell>{r.customerName}</TableCell>
                <TableCell align="right">{formatCents(r.amount)}</TableCell>
                <TableCell>{r.isBilled ? 'Oui' : 'Non'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Page>
  );
}
