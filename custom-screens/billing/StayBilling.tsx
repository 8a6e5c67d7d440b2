// The money of a stay, on its screen (/booking/{bookingId}): billed, paid and due, its
// bills (PDF, screen), « Facture d'acompte » and « Facturer » (the final bill), and
// « Encaisser » (a payment of the stay: method, amount, date).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Link as MuiLink, MenuItem, Stack,
  Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { api } from '../../admin/src/api';
import { useCan } from '../../admin/src/auth/useCan';
import { formatCents, parseEurosToCents } from '../../common/money';
import { todayParis } from '../../common/dates';
import { billKindLabel, dateFr, pdfUrl, type Row } from './common';

export function StayBilling({ bookingId, billable }: { bookingId: number; billable: boolean }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const canRead = useCan('invoice.payment', 'read');
  const canBill = useCan('invoice.bill', 'write');
  const canPay = useCan('invoice.payment', 'write');
  const [paying, setPaying] = useState(false);
  const balance = useQuery({ queryKey: ['balance', bookingId], queryFn: () => api<Row>(`/booking/${bookingId}/balance`), enabled: canRead });
  if (!canRead) return null;
  const refresh = () => { qc.invalidateQueries({ queryKey: ['balance', bookingId] }); qc.invalidateQueries({ queryKey: ['booking', String(bookingId)] }); };
  const issue = async (kind: 'deposit' | 'final') => {
    try {
      const bill = await api<Row>(`/booking/${bookingId}/bill`, { method: 'POST', json: { kind } });
      notify(`${billKindLabel(bill)} ${bill.number} émise`, { type: 'success' });
      refresh();
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };
  const b = balance.data;
  return (
    <Card sx={{ mb: 2 }} data-testid="stay-billing">
      <CardContent>
        <Typography variant="overline">Facturation et paiements</Typography>
        {balance.error && <Alert severity="error">{(balance.error as Error).message}</Alert>}
        {b && (
          <Stack direction="row" spacing={3} sx={{ mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2">Facturé : <b data-testid="billed">{formatCents(b.billed)}</b></Typography>
            <Typography variant="body2">Payé : <b data-testid="paid">{formatCents(b.paid)}</b></Typography>
            <Typography variant="body2" color={b.due > 0 ? 'warning.main' : undefined}>Reste dû : <b data-testid="due">{formatCents(b.due)}</b></Typography>
            <Typography variant="body2">{b.isBilled ? 'Séjour facturé' : 'Séjour non facturé'}</Typography>
          </Stack>
        )}
        {b && b.bills?.length > 0 && (
          <Table size="small" sx={{ mb: 1 }}>
            <TableHead><TableRow><TableCell>Numéro</TableCell><TableCell>Nature</TableCell><TableCell>Date</TableCell><TableCell align="right">Total TTC</TableCell><TableCell /></TableRow></TableHead>
            <TableBody>
              {b.bills.map((x: Row) => (
                <TableRow key={x.id}>
                  <TableCell><MuiLink component={Link} to={`/bill/${x.id}`}>{x.number}</MuiLink></TableCell>
                  <TableCell>{billKindLabel(x)}</TableCell>
                  <TableCell>{dateFr(x.date)}</TableCell>
                  <TableCell align="right">{formatCents(x.totalInclVat)}</TableCell>
                  <TableCell><MuiLink href={pdfUrl(x.id)} target="_blank" rel="noopener">PDF</MuiLink></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canBill && billable && b && !b.isBilled && <Button variant="outlined" onClick={() => issue('deposit')} data-testid="bill-deposit">Facture d'acompte</Button>}
          {canBill && billable && b && !b.isBilled && <Button variant="contained" onClick={() => issue('final')} data-testid="bill-final">Facturer</Button>}
          {canPay && <Button variant="outlined" onClick={() => setPaying(true)} data-testid="pay">Encaisser</Button>}
        </Box>
        {paying && <PaymentDialog bookingId={bookingId} due={b?.due ?? 0} onClose={() => setPaying(false)} onSaved={() => { setPaying(false); refresh(); }} />}
      </CardContent>
    </Card>
  );
}

function PaymentDialog({ bookingId, due, onClose, onSaved }: { bookingId: number; due: number; onClose: () => void; onSaved: () => void }) {
  const notify = useNotify();
  const methods = useQuery({ queryKey: ['payment-methods-active'], queryFn: () => api<Row[]>('/payment-method?filter=' + encodeURIComponent(JSON.stringify({ isActive: true }))) });
  const [methodId, setMethodId] = useState<string>('');
  const [amount, setAmount] = useState(due > 0 ? formatCents(due, false) : '');
  const [date, setDate] = useState(todayParis());
  const [fields, setFields] = useState<Row>({});
  const [error, setError] = useState<string | null>(null);
  const method = methods.data?.find((m) => String(m.id) === methodId);
  const set = (k: string) => (e: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [k]: e.target.value || null });
  const save = async () => {
    const cents = parseEurosToCents(amount);
    if (cents == null || cents <= 0) { setError('Montant invalide'); return; }
    try {
      await api('/payment', { method: 'POST', json: { bookingId, paymentMethodId: Number(methodId), amount: cents, date, ...fields } });
      notify('Paiement enregistré', { type: 'success' });
      onSaved();
    } catch (e: any) {
      setError(e.message);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Encaisser</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField select label="Mode de paiement" value={methodId} onChange={(e) => setMethodId(e.target.value)} required inputProps={{ 'data-testid': 'payment-method' }}>
            {(methods.data ?? []).map((m) => <MenuItem key={m.id} value={String(m.id)}>{m.label}</MenuItem>)}
          </TextField>
          <TextField label="Montant (€)" value={amount} onChange={(e) => setAmount(e.target.value)} required inputProps={{ 'data-testid': 'payment-amount' }} />
          <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} InputLabelProps={{ shrink: true }} />
          {method?.kind === 'cheque' && (
            <>
              <TextField label="N° de chèque" onChange={set('chequeNumber')} />
              <TextField label="Titulaire du chèque" onChange={set('chequeHolder')} />
              <TextField label="Banque" onChange={set('chequeBank')} />
              <TextField label="Ne pas remettre avant le" type="date" onChange={set('doNotRemitBefore')} InputLabelProps={{ shrink: true }} />
            </>
          )}
          {method?.kind === 'card' && (
            <>
              <TextField label="Titulaire de la carte" onChange={set('cardHolder')} />
              <TextField label="4 derniers chiffres" inputProps={{ maxLength: 4 }} onChange={set('cardLast4')} helperText="Jamais le numéro complet ni le cryptogramme" />
              <TextField label="Expiration (MM/AA)" inputProps={{ maxLength: 5 }} onChange={set('cardExpiry')} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" disabled={!methodId} onClick={save} data-testid="payment-save">Enregistrer</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The warning shown before marking a guest gone while the stay still owes money
 * (« Le client doit encore 281,82 € »), or null. Shares the balance query of StayBilling.
 */
export function useDueWarning(bookingId: string): string | null {
  const canRead = useCan('invoice.payment', 'read');
  const valid = /^\d+$/.test(bookingId);
  const balance = useQuery({ queryKey: ['balance', Number(bookingId)], queryFn: () => api<Row>(`/booking/${bookingId}/balance`), enabled: canRead && valid });
  const due = balance.data?.due ?? 0;
  return due > 0 ? `Attention : le client doit encore ${formatCents(due)}. Confirmer le départ quand même ?` : null;
}
