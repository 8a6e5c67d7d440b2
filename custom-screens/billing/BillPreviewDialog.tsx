// « Facturer » and « Facture d'acompte » on the stay screen open the bill as it will be
// issued — lines, VAT per rate, totals, payment terms and mentions — computed by the
// server with the issue's own code (GET /rest/booking/{id}/bill/preview, nothing
// written); the bill is issued only on « Émettre la facture ».
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { rest } from '../../admin/src/ui';
import { dateFr } from './common';
import { BillDraftTable } from './BillDraftTable';

export function BillPreviewDialog({
  bookingId,
  kind,
  onClose,
  onIssue,
}: {
  bookingId: number;
  kind: 'deposit' | 'final';
  onClose: () => void;
  onIssue: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['bill-preview', bookingId, kind],
    queryFn: () => rest('get', '/booking/{bookingId}/bill/preview', { path: { bookingId }, query: { kind } }),
    gcTime: 0,
  });
  const p = q.data;
  const title = kind === 'deposit' ? "Aperçu de la facture d'acompte" : 'Aperçu de la facture';
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent data-testid="bill-preview">
        {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
        {q.isPending && <Typography>Calcul de la facture…</Typography>}
        {p && (
          <>
            <Typography variant="body2">
              {`Facturé à ${p.customerName ?? ''} · date d'émission ${dateFr(p.date)}`}
              {p.serviceStartDate && p.serviceEndDate
                ? ` · prestation du ${dateFr(p.serviceStartDate)} au ${dateFr(p.serviceEndDate)}`
                : ''}
            </Typography>
            <BillDraftTable draft={p} />
            {p.paymentTerms && <Typography variant="body2">{`Conditions de paiement : ${p.paymentTerms}`}</Typography>}
            {p.dueDate && <Typography variant="body2">{`Date d'échéance : ${dateFr(p.dueDate)}`}</Typography>}
            <Alert severity="info" sx={{ mt: 1 }}>
              Le numéro est attribué à l’émission. Une facture émise ne peut plus être modifiée : seul un avoir
              l’annule.
            </Alert>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Ne pas émettre</Button>
        <Button
          variant="contained"
          disabled={!p || busy}
          data-testid="bill-issue"
          onClick={async () => {
            setBusy(true);
            try {
              await onIssue();
            } finally {
              setBusy(false);
            }
          }}
        >
          Émettre la facture
        </Button>
      </DialogActions>
    </Dialog>
  );
}
