// The payment of a ticket: tenders split across kinds (cash with the change to give,
// card, cheque, holiday vouchers, gift voucher by code, credit note), or charged to the
// stay of a guest on site (searched by name, pitch or plate). The server decides; this
// dialog shows what is left to pay and the change with the same arithmetic. By keyboard:
// the amount field has the focus with what is left; Enter adds it, Enter again pays.
// Paper holiday vouchers (a « chèques-vacances papier » method) are counted by
// denomination, as at the desk: the tender's amount is their sum. The state is
// payment/usePayment.ts, the arithmetic payment/model.ts.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { formatCents } from '../../common/money';
import { PAYMENT_KIND_LABELS, type TillPaymentKind } from '../../common/sales-totals';
import { VoucherTender } from './VoucherTender';
import { availableKinds } from './payment/model';
import { usePayment, type PaymentProps } from './payment/usePayment';
import { StaySearch, TenderList } from './payment/TenderParts';

export type { Tender } from './payment/model';

export function PaymentDialog(props: PaymentProps & { kinds: string[]; onClose: () => void }) {
  const { open, total, kinds, onClose } = props;
  const s = usePayment(props);
  const { kind, left, counting, busy } = s;
  const available = availableKinds(kinds);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pay-title">
      <DialogTitle id="pay-title">Encaisser {formatCents(total)}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          {available
            .filter((k) => k !== 'stay' && k !== 'gift' && !(k === 'holiday-voucher' && s.paperMethod))
            .map((k) => (
              <Button key={k} variant="outlined" onClick={s.quick(k)} disabled={!left} data-testid={`quick-${k}`}>
                {PAYMENT_KIND_LABELS[k]} : le reste
              </Button>
            ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            select
            label="Nature"
            value={kind}
            onChange={(e) => s.setKind(e.target.value as TillPaymentKind)}
            size="small"
            sx={{ minWidth: 170 }}
            inputProps={{ 'data-testid': 'tender-kind' }}
          >
            {available.map((k) => (
              <MenuItem key={k} value={k}>
                {PAYMENT_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Montant (€)"
            value={counting ? formatCents(s.counted, false) : s.amount}
            disabled={counting}
            onChange={(e) => s.setAmount(e.target.value)}
            size="small"
            sx={{ width: 130 }}
            inputProps={{ inputMode: 'decimal', 'data-testid': 'tender-amount' }}
            autoFocus
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (left === 0 && s.tenders.length && !busy) s.pay();
              else s.add();
            }}
          />
          {kind === 'gift' && (
            <TextField
              label="Code du bon"
              value={s.code}
              onChange={(e) => s.setCode(e.target.value)}
              size="small"
              inputProps={{ 'data-testid': 'tender-code' }}
            />
          )}
          <Button variant="contained" onClick={() => s.add()} data-testid="tender-add">
            Ajouter
          </Button>
        </Box>
        {kind === 'holiday-voucher' && (
          <VoucherTender
            paper={s.paperMethod}
            electronic={s.eMethod}
            chosen={s.chosenVoucher}
            onChoose={s.setVoucherMethodId}
            counts={s.counts}
            onCounts={s.setCounts}
          />
        )}
        {kind === 'stay' && <StaySearch s={s} />}
        <TenderList s={s} />
        <Typography data-testid="pay-left">Reste à payer : {formatCents(left)}</Typography>
        {s.change > 0 && (
          <Typography variant="h6" data-testid="pay-change">
            Monnaie à rendre : {formatCents(s.change)}
          </Typography>
        )}
        {s.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {s.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" onClick={s.pay} disabled={busy || left > 0} data-testid="pay-confirm">
          Valider le paiement
        </Button>
      </DialogActions>
    </Dialog>
  );
}
