// Parts of the till's payment dialog: the guest's stay to charge, and the tenders added.
import { Box, IconButton, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatCents } from '../../../common/money';
import { PAYMENT_KIND_LABELS } from '../../../common/sales-totals';
import { vouchersText } from '../../../common/holiday-vouchers';
import type { PaymentState } from './usePayment';

export function StaySearch({ s }: { s: PaymentState }) {
  return (
    <Box sx={{ mt: 2 }}>
      <TextField
        label="Client présent (nom, emplacement, immatriculation)"
        value={s.stayQuery}
        onChange={(e) => s.setStayQuery(e.target.value)}
        size="small"
        fullWidth
      />
      <List dense>
        {s.stays.map((x) => (
          <ListItemButton key={x.id} selected={s.stay?.id === x.id} onClick={() => s.setStay(x)}>
            <ListItemText
              primary={`${x.customerName ?? 'Client'} — ${x.places ?? ''}`}
              secondary={`Séjour ${x.code ?? x.id}`}
            />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}

export function TenderList({ s }: { s: PaymentState }) {
  return (
    <List dense aria-label="Règlements">
      {s.tenders.map((t, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ flex: 1 }}>
            {PAYMENT_KIND_LABELS[t.kind]}
            {t.giftVoucherCode ? ` ${t.giftVoucherCode}` : ''}
            {t.vouchers ? ` : ${vouchersText(t.vouchers)}` : ''}
            {t.kind === 'stay' && s.stay ? ` — ${s.stay.customerName}` : ''}
          </Typography>
          <Typography>{formatCents(t.amount)}</Typography>
          <IconButton aria-label="Retirer ce règlement" onClick={() => s.remove(i)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </List>
  );
}
