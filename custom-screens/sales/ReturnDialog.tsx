// A return from /vente-annexe/{saleId}: how many units of each line come back and how
// they are refunded. The server issues a new negative ticket referencing this one (the
// ticket itself is never edited); the refund shown uses the server's arithmetic
// (common/sales-totals.ts returnShare), so the amount sent matches to the cent.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { euros, rest } from '../../admin/src/ui';
import { PAYMENT_KIND_LABELS, returnShare, type TillPaymentKind } from '../../common/sales-totals';
import { returnableLines, type SaleView } from './model';
import type { IssuedReturn } from './useSale';

const REFUNDS: TillPaymentKind[] = ['cash', 'card', 'cheque', 'credit-note'];

export function ReturnDialog({
  sale,
  open,
  onClose,
  onDone,
}: {
  sale: SaleView;
  open: boolean;
  onClose: () => void;
  onDone: (r: IssuedReturn) => void;
}) {
  const lines = returnableLines(sale.lines);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [kind, setKind] = useState<TillPaymentKind>('cash');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setQty({});
      setError(null);
    }
  }, [open]);
  const picked = lines
    .map((l) => ({ l, q: Number(qty[l.id] ?? 0) }))
    .filter((x) => Number.isInteger(x.q) && x.q > 0 && x.q <= x.l.quantity - x.l.returnedQuantity);
  const invalid = lines.some((l) => {
    const q = Number(qty[l.id] ?? 0);
    return !Number.isInteger(q) || q < 0 || q > l.quantity - l.returnedQuantity;
  });
  const refund = picked.reduce(
    (a, { l, q }) =>
      a +
      returnShare(
        { quantity: l.quantity, amountInclVat: l.amountInclVat },
        l.returnedQuantity,
        l.returnedAmount ?? 0,
        q,
      ),
    0,
  );
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(
        await rest('post', '/sales/{saleId}/return', {
          path: { saleId: sale.id },
          body: {
            cashRegisterId: sale.cashRegisterId,
            lines: picked.map(({ l, q }) => ({ saleLineId: l.id, quantity: q })),
            payments: refund ? [{ kind, amount: refund }] : [],
          },
        }),
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="return-title">
      <DialogTitle id="return-title">Retour sur le ticket {sale.number}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Articles rendus">
          <TableHead>
            <TableRow>
              <TableCell>Article</TableCell>
              <TableCell align="right">Restant</TableCell>
              <TableCell align="right">Rendus</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.label}</TableCell>
                <TableCell align="right">{l.quantity - l.returnedQuantity}</TableCell>
                <TableCell align="right">
                  <TextField
                    size="small"
                    sx={{ width: 80 }}
                    value={qty[l.id] ?? ''}
                    onChange={(e) => setQty({ ...qty, [l.id]: e.target.value })}
                    inputProps={{ inputMode: 'numeric', 'aria-label': `Quantité rendue : ${l.label}` }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TextField
          select
          label="Remboursement"
          value={kind}
          onChange={(e) => setKind(e.target.value as TillPaymentKind)}
          size="small"
          sx={{ mt: 2, minWidth: 200 }}
        >
          {REFUNDS.map((k) => (
            <MenuItem key={k} value={k}>
              {PAYMENT_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        <Typography sx={{ mt: 2 }} data-testid="return-refund">
          À rembourser : {euros(refund)}
        </Typography>
        {invalid && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Quantité rendue supérieure à ce qui reste du ticket
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" color="warning" disabled={busy || invalid || !picked.length} onClick={submit}>
          Émettre le ticket de retour
        </Button>
      </DialogActions>
    </Dialog>
  );
}
