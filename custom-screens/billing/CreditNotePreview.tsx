// The credit note as it will be issued (POST /rest/bill/{id}/credit-note/preview, the
// issue's own code, nothing written): what it credits and why, its lines, VAT per rate
// and totals, and what issuing it does — a number taken for good, the invoice reduced.
import { Alert, Stack, Typography } from '@mui/material';
import { formatCents } from '../../common/money';
import { dateFr, type Row } from './common';
import { BillDraftTable, type BillDraft } from './BillDraftTable';

export function CreditNotePreview({ bill, draft }: { bill: Row; draft: BillDraft }) {
  const after = bill.remaining + draft.totalInclVat;
  return (
    <Stack spacing={1} data-testid="credit-preview">
      <Typography variant="body2">
        {`Avoir sur la facture N° ${bill.number} du ${dateFr(bill.date)} · date d'émission ${dateFr(draft.date)}`}
      </Typography>
      <Typography variant="body2">{`Client : ${draft.customerName ?? ''}`}</Typography>
      <Typography variant="body2">{`Motif : ${draft.reason ?? ''}`}</Typography>
      <BillDraftTable draft={draft} totalLabel="Total TTC de l'avoir" />
      <Alert severity="warning" data-testid="credit-consequence">
        {`Émettre cet avoir lui donne le prochain numéro de la série des avoirs : il ne pourra plus être modifié ni ` +
          `supprimé. `}
        {after === 0
          ? `La facture ${bill.number} sera entièrement annulée.`
          : `La facture ${bill.number} ne vaudra plus que ${formatCents(after)} au lieu de ` +
            `${formatCents(bill.remaining)}.`}
      </Alert>
    </Stack>
  );
}
