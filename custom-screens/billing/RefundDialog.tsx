// « Rembourser » on a stay whose guest paid too much: the method and the amount paid
// back (at most the overpayment, proposed in full). The server records a refund payment
// (negative, in the ledger) and refuses beyond the overpayment.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { formatCents, parseEurosToCents } from '../../common/money';
import { rest } from '../../admin/src/ui';
import { usePaymentMethods } from './usePaymentMethods';

/** Methods money can be paid back with (not vouchers, credit notes, gifts or groups). */
const REFUNDABLE = new Set(['none', 'cash', 'card', 'cheque', 'regulation']);

export function RefundDialog({
  bookingId,
  overpaid,
  open,
  onClose,
  onSaved,
}: {
  bookingId: number;
  overpaid: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const methods = usePaymentMethods('active', open);
  const [methodId, setMethodId] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setAmount(formatCents(overpaid, false));
      setError(null);
    }
  }, [open, overpaid]);
  const save = async () => {
    const cents = parseEurosToCents(amount);
    if (cents == null || cents <= 0) return setError('Montant invalide');
    try {
      await rest('post', '/booking/{bookingId}/refund', {
        path: { bookingId },
        body: { paymentMethodId: Number(methodId), amount: cents },
      });
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>Rembourser le trop-perçu ({formatCents(overpaid)})</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1, minWidth: 360 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            select
            label="Mode de remboursement"
            value={methodId}
            onChange={(e) => setMethodId(e.target.value)}
            inputProps={{ 'data-testid': 'refund-method' }}
          >
            {(methods.data ?? [])
              .filter((m) => REFUNDABLE.has(m.kind))
              .map((m) => (
                <MenuItem key={m.id} value={String(m.id)}>
                  {m.label}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            label="Montant remboursé"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputProps={{ 'data-testid': 'refund-amount', inputMode: 'decimal' }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Retour</Button>
        <Button variant="contained" disabled={!methodId} onClick={save} data-testid="refund-save">
          Rembourser
        </Button>
      </DialogActions>
    </Dialog>
  );
}
