// « Facturer » and « Facture d'acompte » on the stay screen open the bill as it will be
// issued — lines, VAT per rate, totals, payment terms and mentions — computed by the
// server with the issue's own code (GET /rest/booking/{id}/bill/preview, nothing
// written); the bill is issued only on « Émettre la facture ».
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../common/money';
import { rest } from '../../admin/src/ui';
import { dateFr, rateLabel } from './common';

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
            <Table size="small" sx={{ my: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Désignation</TableCell>
                  <TableCell align="right">Qté</TableCell>
                  <TableCell align="right">PU HT</TableCell>
                  <TableCell align="right">TVA</TableCell>
                  <TableCell align="right">Montant TTC</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {p.lines.map((l) => (
                  <TableRow key={l.position}>
                    <TableCell>{l.label}</TableCell>
                    <TableCell align="right">{l.quantity}</TableCell>
                    <TableCell align="right">{formatCents(l.unitPriceExclVat)}</TableCell>
                    <TableCell align="right">{rateLabel(l.vatRateBp)}</TableCell>
                    <TableCell align="right">{formatCents(l.amountInclVat)}</TableCell>
                  </TableRow>
                ))}
                {p.vatTotals.map((v) => (
                  <TableRow key={`vat-${v.vatRateBp}`}>
                    <TableCell
                      colSpan={4}
                    >{`TVA ${rateLabel(v.vatRateBp)} sur ${formatCents(v.totalExclVat)} HT`}</TableCell>
                    <TableCell align="right">{formatCents(v.vatAmount)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={4}>Total HT</TableCell>
                  <TableCell align="right">{formatCents(p.totalExclVat)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={4}>Total TVA</TableCell>
                  <TableCell align="right">{formatCents(p.totalVat)}</TableCell>
                </TableRow>
                {(p.touristTaxAmount ?? 0) > 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>dont taxe de séjour (hors TVA)</TableCell>
                    <TableCell align="right">{formatCents(p.touristTaxAmount ?? 0)}</TableCell>
                  </TableRow>
                )}
                <TableRow>
                  <TableCell colSpan={4}>
                    <b>Total TTC</b>
                  </TableCell>
                  <TableCell align="right" data-testid="preview-total">
                    <b>{formatCents(p.totalInclVat)}</b>
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
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
