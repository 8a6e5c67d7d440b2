// The running ticket: its lines (quantity, line discount, amount), the ticket discount, the
// total, « Encaisser », and the last ticket sold with its print button.
import { Alert, Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { formatCents } from '../../../common/money';
import { PrintButton } from '../../../admin/src/ui';
import { discountText } from './model';
import type { TillState } from './useTill';

export function TicketPanel({ s }: { s: TillState }) {
  const { lines, ticket, last } = s;
  return (
    <Paper sx={{ p: 2 }} aria-label="Ticket en cours">
      <Typography variant="h6">Ticket en cours</Typography>
      {!lines.length && <Typography color="text.secondary">Aucun article</Typography>}
      {lines.map((l, i) => {
        const a = s.byId.get(l.articleId)!;
        return (
          <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }} data-testid="ticket-line">
            <Typography sx={{ flex: 1 }}>{a.label}</Typography>
            <IconButton size="small" aria-label={`Retirer un ${a.label}`} onClick={() => s.setQty(i, -1)}>
              <RemoveIcon fontSize="small" />
            </IconButton>
            <Typography>{l.quantity}</Typography>
            <IconButton
              size="small"
              aria-label={`Ajouter un ${a.label}`}
              onClick={() => s.setQty(i, 1)}
              disabled={a.giftType !== 'none'}
            >
              <AddIcon fontSize="small" />
            </IconButton>
            <TextField
              size="small"
              label="Remise"
              sx={{ width: 90 }}
              value={discountText(l.lineDiscount)}
              onChange={(e) => s.setLineDiscount(i, e.target.value)}
              inputProps={{ inputMode: 'decimal' }}
            />
            <Typography sx={{ width: 80, textAlign: 'right' }}>
              {ticket ? formatCents(ticket.lines[i].amountInclVat) : '—'}
            </Typography>
          </Box>
        );
      })}
      <TextField
        size="small"
        label="Remise sur le ticket (€)"
        value={s.ticketDiscount}
        onChange={(e) => s.setTicketDiscount(e.target.value)}
        sx={{ mt: 1 }}
        inputProps={{ inputMode: 'decimal' }}
      />
      <Typography variant="h5" sx={{ mt: 2 }} data-testid="ticket-total">
        Total : {formatCents(ticket?.totalInclVat ?? 0)}
      </Typography>
      {lines.length > 0 && !ticket && <Alert severity="warning">Remise supérieure au montant</Alert>}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          size="large"
          disabled={!ticket || !s.canWrite}
          onClick={() => s.setPaying(true)}
          data-testid="encaisser"
        >
          Encaisser
        </Button>
        <Button onClick={s.clear} disabled={!lines.length}>
          Vider le ticket
        </Button>
      </Stack>
      {s.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {s.error}
        </Alert>
      )}
      {last && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="last-ticket">
          Ticket {last.number} : {formatCents(last.totalInclVat ?? 0)}
          {last.changeGiven ? `, monnaie rendue ${formatCents(last.changeGiven)}` : ''}.{' '}
          <PrintButton path={`/sales/document/${last.id}`} variant="text" size="small" testId="ticket-print">
            Imprimer le ticket
          </PrintButton>
        </Alert>
      )}
    </Paper>
  );
}
