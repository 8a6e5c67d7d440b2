// /payment/{paymentId}: the payment's detail (the generated form) and, for paper holiday
// vouchers (Chèques-Vacances ANCV), the vouchers it was paid with by count × denomination
// — written with the payment, never changed on their own.
import { useParams } from 'react-router-dom';
import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../common/money';
import { vouchersCount } from '../../common/holiday-vouchers';
import { generatedScreen, isPositiveId, records } from '../../admin/src/ui';

const PaymentForm = generatedScreen('payment', 'Edit');

function Vouchers({ paymentId }: { paymentId: number }) {
  const q = useQuery({
    queryKey: ['payment-vouchers', paymentId],
    queryFn: () => records.byParent('payment-voucher', 'payment', paymentId),
  });
  const lines = q.data ?? [];
  if (!lines.length) return null;
  const total = lines.reduce((s, l) => s + l.denomination * l.count, 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, maxWidth: 480 }} data-testid="payment-voucher-lines">
      <Typography variant="subtitle2">Chèques-vacances ANCV reçus : {vouchersCount(lines)}</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Valeur</TableCell>
            <TableCell align="right">Nombre</TableCell>
            <TableCell align="right">Montant</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.denomination}>
              <TableCell>{formatCents(l.denomination)}</TableCell>
              <TableCell align="right">{l.count}</TableCell>
              <TableCell align="right">{formatCents(l.denomination * l.count)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={2}>
              <b>Total</b>
            </TableCell>
            <TableCell align="right">
              <b>{formatCents(total)}</b>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Paper>
  );
}

export default function PaymentScreen() {
  const { paymentId = '0' } = useParams();
  return (
    <Box>
      <PaymentForm />
      {isPositiveId(paymentId) && <Vouchers paymentId={Number(paymentId)} />}
    </Box>
  );
}
