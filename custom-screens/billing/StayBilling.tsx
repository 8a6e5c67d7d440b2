// The money of a stay, on its screen (/booking/{bookingId}): billed, paid and due, its
// bills (PDF, screen), « Facture d'acompte » and « Facturer » (the final bill), then
// « Facture partenaire » for a stay brought by a partner, and
// « Encaisser » (a payment of the stay: method, amount, date).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link as MuiLink,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatCents, parseEurosToCents } from '../../common/money';
import { todayParis } from '../../common/dates';
import { containsCardNumber } from '../../common/card-number';
import { formatMessage } from '../../common/messages';
import { DATE_INVALID_FR } from '../../common/date-input';
import { billKindLabel, billStateLabel, dateFr, pdfUrl, type Row } from './common';
import { api, useCan, DateFieldFr } from '../../admin/src/ui';

export function StayBilling({
  bookingId,
  billable,
  cancellationFee,
}: {
  bookingId: number;
  billable: boolean;
  /** a cancelled stay's fee kept at its cancellation: billed by its cancellation invoice */
  cancellationFee?: number | null;
}) {
  const qc = useQueryClient();
  const notify = useNotify();
  const canRead = useCan('invoice.payment', 'read');
  const canBill = useCan('invoice.bill', 'write');
  const canPay = useCan('invoice.payment', 'write');
  const [paying, setPaying] = useState(false);
  const balance = useQuery({
    queryKey: ['balance', bookingId],
    queryFn: () => api<Row>(`/booking/${bookingId}/balance`),
    enabled: canRead,
  });
  if (!canRead) return null;
  const refresh = () => {
    qc.invalidateQueries({ queryKey: ['balance', bookingId] });
    qc.invalidateQueries({ queryKey: ['booking', String(bookingId)] });
  };
  const issue = async (kind: 'deposit' | 'final' | 'cancellation') => {
    try {
      const bill = await api<Row>(`/booking/${bookingId}/bill`, { method: 'POST', json: { kind } });
      notify(`${billKindLabel(bill)} ${bill.number} émise`, { type: 'success' });
      refresh();
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };
  const partnerBill = async () => {
    try {
      const bill = await api<Row>(`/booking/${bookingId}/partner-bill`, { method: 'POST', json: {} });
      notify(`Facture partenaire ${bill.number} émise`, { type: 'success' });
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
            <Typography variant="body2">
              Facturé : <b data-testid="billed">{formatCents(b.billed)}</b>
            </Typography>
            <Typography variant="body2">
              Payé : <b data-testid="paid">{formatCents(b.paid)}</b>
            </Typography>
            <Typography variant="body2" color={b.due > 0 ? 'warning.main' : undefined}>
              Reste dû : <b data-testid="due">{formatCents(b.due)}</b>
            </Typography>
            {b.overdue && (
              <Chip
                size="small"
                color="error"
                data-testid="overdue"
                label={`En retard : ${formatCents(b.overdue.amount)} (échéance du ${dateFr(b.overdue.since)})`}
              />
            )}
            <Typography variant="body2">{b.isBilled ? 'Séjour facturé' : 'Séjour non facturé'}</Typography>
          </Stack>
        )}
        {b && b.bills?.length > 0 && (
          <Table size="small" sx={{ mb: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Numéro</TableCell>
                <TableCell>Nature</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>État</TableCell>
                <TableCell align="right">Total TTC</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {b.bills.map((x: Row) => (
                <TableRow key={x.id}>
                  <TableCell>
                    <MuiLink component={Link} to={`/bill/${x.id}`}>
                      {x.number}
                    </MuiLink>
                  </TableCell>
                  <TableCell>
                    {x.payerType === 'partner' && x.kind === 'invoice' ? 'Facture partenaire' : billKindLabel(x)}
                  </TableCell>
                  <TableCell>{dateFr(x.date)}</TableCell>
                  <TableCell data-testid={`bill-state-${x.id}`}>{billState(x, b.bills)}</TableCell>
                  <TableCell align="right">{formatCents(x.totalInclVat)}</TableCell>
                  <TableCell>
                    <MuiLink href={pdfUrl(x.id)} target="_blank" rel="noopener">
                      PDF
                    </MuiLink>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canBill && billable && b && !b.isBilled && (
            <Button variant="outlined" onClick={() => issue('deposit')} data-testid="bill-deposit">
              Facture d'acompte
            </Button>
          )}
          {canBill && billable && b && !b.isBilled && (
            <Button variant="contained" onClick={() => issue('final')} data-testid="bill-final">
              Facturer
            </Button>
          )}
          {canBill && !!cancellationFee && b && b.billed === 0 && (
            <Button variant="contained" onClick={() => issue('cancellation')} data-testid="bill-cancellation">
              Facturer les frais d'annulation ({formatCents(cancellationFee)})
            </Button>
          )}
          {canBill && b?.isBilled && b.partnerId != null && !b.partnerBillStands && (
            <Button variant="outlined" onClick={partnerBill} data-testid="bill-partner">
              Facture partenaire
            </Button>
          )}
          {/* Shown with the balance, not before: a button that moves down when the figures
              arrive takes the click meant for it somewhere else. */}
          {canPay && b && (
            <Button variant="outlined" onClick={() => setPaying(true)} data-testid="pay">
              Encaisser
            </Button>
          )}
        </Box>
        {paying && (
          <PaymentDialog
            bookingId={bookingId}
            due={b?.due ?? 0}
            creditNotes={b?.usableCreditNotes ?? []}
            onClose={() => setPaying(false)}
            onSaved={() => {
              setPaying(false);
              refresh();
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

function PaymentDialog({
  bookingId,
  due,
  creditNotes,
  onClose,
  onSaved,
}: {
  bookingId: number;
  due: number;
  creditNotes: Row[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const methods = useQuery({
    queryKey: ['payment-methods-active'],
    queryFn: () => api<Row[]>('/payment-method?filter=' + encodeURIComponent(JSON.stringify({ isActive: true }))),
  });
  const [methodId, setMethodId] = useState<string>('');
  const [amount, setAmount] = useState(due > 0 ? formatCents(due, false) : '');
  const [date, setDate] = useState(todayParis());
  // A date typed wrong keeps its French message under the field and holds the payment back.
  const [dateInvalid, setDateInvalid] = useState(false);
  const [fields, setFields] = useState<Row>({});
  const [error, setError] = useState<string | null>(null);
  const method = methods.data?.find((m) => String(m.id) === methodId);
  const set = (k: string) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields({ ...fields, [k]: e.target.value || null });
  const save = async () => {
    const cents = parseEurosToCents(amount);
    if (cents == null || cents <= 0) {
      setError('Montant invalide');
      return;
    }
    if (dateInvalid || !date) {
      setError(DATE_INVALID_FR);
      return;
    }
    if (Object.values(fields).some((v) => typeof v === 'string' && containsCardNumber(v))) {
      setError(formatMessage('CARD_NUMBER_FORBIDDEN'));
      return;
    }
    try {
      await api('/payment', {
        method: 'POST',
        json: { bookingId, paymentMethodId: Number(methodId), amount: cents, date, ...fields },
      });
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
          <TextField
            select
            label="Mode de paiement"
            value={methodId}
            onChange={(e) => setMethodId(e.target.value)}
            required
            inputProps={{ 'data-testid': 'payment-method' }}
          >
            {(methods.data ?? []).map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Montant (€)"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            required
            inputProps={{ 'data-testid': 'payment-amount' }}
          />
          <DateFieldFr
            label="Date"
            name="date"
            size="medium"
            required
            value={date}
            onChange={(v) => setDate(v ?? '')}
            onInvalid={setDateInvalid}
          />
          {method?.kind === 'cheque' && (
            <>
              <TextField label="N° de chèque" onChange={set('chequeNumber')} />
              <TextField label="Titulaire du chèque" onChange={set('chequeHolder')} />
              <TextField label="Banque" onChange={set('chequeBank')} />
              <TextField label="Établissement payeur" onChange={set('payingInstitution')} />
              <DateFieldFr
                label="Ne pas remettre avant le"
                name="doNotRemitBefore"
                size="medium"
                value={fields.doNotRemitBefore as string | null}
                onChange={(v) => setFields({ ...fields, doNotRemitBefore: v })}
                onInvalid={setDateInvalid}
              />
            </>
          )}
          {method?.kind === 'holiday-voucher' && (
            <TextField
              label="Établissement payeur"
              onChange={set('payingInstitution')}
              helperText="La commission est celle des préférences (frais)"
            />
          )}
          {method?.kind === 'gift' && <TextField label="Code du bon cadeau" onChange={set('giftVoucherCode')} />}
          {method?.kind === 'credit-note' && (
            <TextField
              select
              label="Avoir utilisé"
              value={fields.creditNoteBillId != null ? String(fields.creditNoteBillId) : ''}
              required
              inputProps={{ 'data-testid': 'payment-credit-note' }}
              helperText={!creditNotes.length ? "Ce client n'a aucun avoir disponible" : undefined}
              onChange={(e) => {
                const n = creditNotes.find((x) => String(x.id) === e.target.value);
                setFields({ ...fields, creditNoteBillId: n ? n.id : null });
                // never more than what is left of the credit note, nor than what is due
                if (n) setAmount(formatCents(due > 0 ? Math.min(n.remaining, due) : n.remaining, false));
              }}
            >
              {creditNotes.map((n) => (
                <MenuItem
                  key={n.id}
                  value={String(n.id)}
                >{`${n.number} du ${dateFr(n.date)} — reste ${formatCents(n.remaining)}`}</MenuItem>
              ))}
            </TextField>
          )}
          <TextField select label="Catégorie" value={fields.category ?? 'payment'} onChange={set('category')}>
            <MenuItem value="payment">Règlement</MenuItem>
            <MenuItem value="down-payment">Versement anticipé</MenuItem>
          </TextField>
          {fields.category === 'down-payment' && (
            <TextField
              select
              label="Nature"
              value={fields.downPaymentNature ?? 'arrhes'}
              onChange={set('downPaymentNature')}
              helperText="Arrhes : le client qui annule les perd (hors TVA) ; acompte : engagement ferme"
            >
              <MenuItem value="arrhes">Arrhes</MenuItem>
              <MenuItem value="acompte">Acompte</MenuItem>
            </TextField>
          )}
          <TextField select label="Payeur" value={fields.payerType ?? 'customer'} onChange={set('payerType')}>
            <MenuItem value="customer">Client</MenuItem>
            <MenuItem value="holiday-aid">Aide aux vacances (VACAF)</MenuItem>
            <MenuItem value="partner">Partenaire</MenuItem>
          </TextField>
          {method?.kind === 'card' && (
            <>
              <TextField label="Titulaire de la carte" onChange={set('cardHolder')} />
              <TextField
                label="4 derniers chiffres"
                inputProps={{ maxLength: 4 }}
                onChange={set('cardLast4')}
                helperText="Jamais le numéro complet ni le cryptogramme"
              />
              <TextField label="Expiration (MM/AA)" inputProps={{ maxLength: 5 }} onChange={set('cardExpiry')} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" disabled={!methodId} onClick={save} data-testid="payment-save">
          Enregistrer
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An invoice's state from the credit notes among the stay's bills (as the bill screen derives it). */
function billState(x: Row, bills: Row[]): string {
  if (x.kind !== 'invoice')
    return x.creditedBillId ? `Sur ${bills.find((i) => i.id === x.creditedBillId)?.number ?? 'la facture'}` : '';
  const credited = bills.filter((c) => c.creditedBillId === x.id).reduce((s, c) => s + c.totalInclVat, 0);
  return billStateLabel[credited === 0 ? 'issued' : x.totalInclVat + credited === 0 ? 'cancelled' : 'partly-credited'];
}

/**
 * The warning shown before marking a guest gone while the stay still owes money
 * (« Le client doit encore 281,82 € »), or null. Shares the balance query of StayBilling.
 */
export function useDueWarning(bookingId: string): string | null {
  const canRead = useCan('invoice.payment', 'read');
  const valid = /^\d+$/.test(bookingId);
  const balance = useQuery({
    queryKey: ['balance', Number(bookingId)],
    queryFn: () => api<Row>(`/booking/${bookingId}/balance`),
    enabled: canRead && valid,
  });
  const due = balance.data?.due ?? 0;
  return due > 0 ? `Attention : le client doit encore ${formatCents(due)}. Confirmer le départ quand même ?` : null;
}
