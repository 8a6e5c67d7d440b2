// One table of /surety-list: its stays with their amounts and e-mail error; a double-click
// opens the stay in a new tab.
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateFr } from '../../common/dates';
import { euros } from '../../admin/src/ui';
import { columnsOf, type Calcul, type SuretyRow } from './surety-list-model';

export function SuretyTable({
  title,
  data,
  testId,
  c,
}: {
  title: string;
  data: SuretyRow[];
  testId: string;
  c: Calcul;
}) {
  const show = columnsOf(c);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6">
        {title} ({data.length})
      </Typography>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>Séjour</TableCell>
            <TableCell>Client</TableCell>
            <TableCell>Arrivée</TableCell>
            <TableCell>Départ</TableCell>
            {show.surety && <TableCell align="right">Caution</TableCell>}
            {show.balance && <TableCell align="right">Solde restant</TableCell>}
            <TableCell>Erreur</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((r) => (
            <TableRow
              key={r.bookingId}
              hover
              data-booking={r.bookingCode}
              onDoubleClick={() => window.open(`/booking/${r.bookingId}`, '_blank', 'noopener')}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>{r.bookingCode}</TableCell>
              <TableCell>{r.customerName}</TableCell>
              <TableCell>{formatDateFr(r.startDate)}</TableCell>
              <TableCell>{formatDateFr(r.endDate)}</TableCell>
              {show.surety && <TableCell align="right">{euros(r.suretyAmount)}</TableCell>}
              {show.balance && <TableCell align="right">{euros(r.balanceAmount)}</TableCell>}
              <TableCell sx={{ color: 'error.main' }}>{r.error}</TableCell>
            </TableRow>
          ))}
          {!data.length && (
            <TableRow>
              <TableCell colSpan={7}>Aucun séjour</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
