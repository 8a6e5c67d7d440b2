// Pieces the residential screens share: labels of rent receipt states and line types,
// a year picker, and the payment dialog of a billed receipt.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { todayParis } from '../../common/dates';
import { DateBox, euros, records, type Row } from '../../admin/src/ui';

export const STATES: Record<string, string> = {
  'to-bill': 'À facturer',
  due: 'À payer',
  late: 'En retard',
  paid: 'Payée',
};
export const RECEIPT_STATES: Record<number, string> = { 1: 'Temporaire', 2: 'Abandonnée', 3: 'Enregistrée' };
export const LINE_TYPES: Record<number, string> = {
  2: 'Taxe de séjour',
  18: 'Échéance résidentielle',
  19: 'Redevance résidentielle',
  22: 'Compteur',
  24: 'Reversement de sous-location',
};

export const thisYear = () => Number(todayParis().slice(0, 4));

/** Records a payment of a billed receipt (a payment tied to its bill, like a stay's). */
export function PayDialog({ receipt, onClose }: { receipt: Row | null; onClose: (paid: boolean) => void }) {
  const methods = useQuery({
    queryKey: ['payment-methods-active'],
    queryFn: () => records.list('payment-method', { filter: { isActive: true } }),
    // read when the dialog opens: a method added meanwhile is offered
    enabled: !!receipt,
    staleTime: 0,
  });
  const [methodId, setMethodId] = useState<number | ''>('');
  const [date, setDate] = useState(todayParis());
  const [error, setError] = useState<string | null>(null);
  const due = receipt ? receipt.totalInclVat - (receipt.paid ?? 0) : 0;
  const pay = async () => {
    setError(null);
    try {
      // The button waits for a payment method: methodId is one here.
      await records.create('payment', {
        billId: receipt!.billId,
        customerId: receipt!.customerId,
        paymentMethodId: Number(methodId),
        amount: due,
        date,
      });
      onClose(true);
    } catch (e) {
      setError((e as Error)?.message ?? 'Une erreur est survenue');
    }
  };
  return (
    <Dialog open={!!receipt} onClose={() => onClose(false)}>
      <DialogTitle>Encaisser la quittance</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important', minWidth: 360 }}>
        <div>Montant dû : {euros(due)}</div>
        <TextField
          select
          size="small"
          label="Mode de paiement"
          value={methodId}
          onChange={(e) => setMethodId(Number(e.target.value))}
          inputProps={{ 'data-testid': 'pay-method' }}
        >
          {(methods.data ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.label}
            </MenuItem>
          ))}
        </TextField>
        <DateBox label="Date" value={date} onChange={setDate} name="pay-date" />
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Retour</Button>
        <Button variant="contained" disabled={!methodId || due <= 0} onClick={pay} data-testid="pay-confirm">
          Encaisser
        </Button>
      </DialogActions>
    </Dialog>
  );
}
