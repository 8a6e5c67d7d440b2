// « Encaisser » on the stay screen: a payment of the stay (method, amount, date, and what
// its method asks: cheque, card, credit note, gift voucher…).
import { useState } from 'react';
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
import { useNotify } from 'react-admin';
import { formatCents, parseEurosToCents } from '../../common/money';
import { todayParis } from '../../common/dates';
import { containsCardNumber } from '../../common/card-number';
import { formatMessage } from '../../common/messages';
import { DATE_INVALID_FR } from '../../common/date-input';
import { ANCV_DENOMINATIONS, vouchersCount, vouchersText, vouchersTotal } from '../../common/holiday-vouchers';
import { VoucherCounts } from './VoucherCounts';
import { dateFr, type Row } from './common';
import { records, rest, newIdempotencyKey, DateFieldFr, type ApiInit } from '../../admin/src/ui';
import type { Payment } from '../../common/generated/types';
import { usePaymentMethods } from './usePaymentMethods';

/** What the dialog's fields add to the payment, as its record names them. */
type PaymentFields = Partial<
  Pick<
    Payment,
    | 'chequeNumber'
    | 'chequeHolder'
    | 'chequeBank'
    | 'payingInstitution'
    | 'doNotRemitBefore'
    | 'giftVoucherCode'
    | 'creditNoteBillId'
    | 'downPaymentNature'
    | 'payerType'
    | 'cardHolder'
    | 'cardLast4'
    | 'cardExpiry'
  >
> & { category?: 'payment' | 'down-payment' };
type HttpFailure = Error & { status?: number; body?: { code?: string } };

export function PaymentDialog({
  bookingId,
  due,
  nature,
  creditNotes,
  onClose,
  onSaved,
}: {
  bookingId: number;
  due: number;
  /** the stay's down payment: arrhes or acompte, the nature a down payment takes by default */
  nature: 'arrhes' | 'acompte';
  creditNotes: Row[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const methods = usePaymentMethods('active');
  const [methodId, setMethodId] = useState<string>('');
  const [amount, setAmount] = useState(due > 0 ? formatCents(due, false) : '');
  const [date, setDate] = useState(todayParis());
  // A date typed wrong keeps its French message under the field and holds the payment back.
  const [dateInvalid, setDateInvalid] = useState(false);
  const [fields, setFields] = useState<PaymentFields>({ downPaymentNature: nature });
  const [error, setError] = useState<string | null>(null);
  // « Le séjour sera payé deux fois… »: the server's 409 message, until the user confirms.
  const [overpaid, setOverpaid] = useState<string | null>(null);
  // One key for this dialog's payment: « Enregistrer » clicked again after a lost answer pays once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const method = methods.data?.find((m) => String(m.id) === methodId);
  // Paper holiday vouchers (ANCV): counted by denomination, the amount is their sum.
  const [counts, setCounts] = useState<Record<number, string>>({});
  const paper = method?.isPaperVoucher === true;
  const vouchers = ANCV_DENOMINATIONS.map((denomination) => ({
    denomination,
    count: /^\d+$/.test(counts[denomination] ?? '') ? Number(counts[denomination]) : 0,
  })).filter((v) => v.count > 0);
  const set = (k: keyof PaymentFields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields({ ...fields, [k]: e.target.value || null } as PaymentFields);
  const save = async (confirmOverpayment = false) => {
    const cents = paper ? vouchersTotal(vouchers) : parseEurosToCents(amount);
    if (cents == null || cents <= 0) {
      setError(paper ? 'Indiquez le nombre de chèques-vacances de chaque valeur' : 'Montant invalide');
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
      const common = {
        bookingId,
        paymentMethodId: Number(methodId),
        amount: cents,
        date,
        ...fields,
      } satisfies Partial<Payment>;
      const headers: ApiInit['headers'] = {
        'Idempotency-Key': idempotencyKey,
        ...(confirmOverpayment ? { 'X-Confirm': 'overpayment' } : {}),
      };
      // Paper vouchers have their declared route; other payments the generic one.
      if (paper) await rest('post', '/payment/vouchers', { headers, body: { ...common, vouchers } });
      else await records.create('payment', common, { headers });
      notify('Paiement enregistré', { type: 'success' });
      onSaved();
    } catch (err) {
      const e = err as HttpFailure;
      if (e?.status === 409 && e?.body?.code === 'PAYMENT_OVERPAYS_CONFIRM') {
        setError(null);
        setOverpaid(e.message);
      } else setError(e.message);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Encaisser</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {overpaid && (
            <Alert severity="warning" data-testid="payment-overpaid">
              {overpaid}
            </Alert>
          )}
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
          {paper && (
            <VoucherCounts
              counts={counts}
              onChange={(c) => {
                setCounts(c);
                setOverpaid(null);
              }}
            />
          )}
          <TextField
            label="Montant (€)"
            value={paper ? formatCents(vouchersTotal(vouchers), false) : amount}
            disabled={paper}
            helperText={paper ? `${vouchersCount(vouchers)} : ${vouchersText(vouchers) || 'aucun'}` : undefined}
            onChange={(e) => {
              setAmount(e.target.value);
              setOverpaid(null);
            }}
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
                value={fields.doNotRemitBefore ?? null}
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
              value={fields.downPaymentNature ?? nature}
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
        {overpaid ? (
          <Button variant="contained" color="warning" onClick={() => save(true)} data-testid="payment-confirm-overpaid">
            Enregistrer quand même
          </Button>
        ) : (
          <Button variant="contained" disabled={!methodId} onClick={() => save()} data-testid="payment-save">
            Enregistrer
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
