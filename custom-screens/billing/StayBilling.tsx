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
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatCents } from '../../common/money';
import { billKindLabel, billStateLabel, dateFr, pdfUrl, type Row } from './common';
import { rest, useCan, useIdempotencyKeys } from '../../admin/src/ui';
import { RefundDialog } from './RefundDialog';
import { PaymentDialog } from './PaymentDialog';
import { BillPreviewDialog } from './BillPreviewDialog';
import { ChargesTable, PaymentsTable } from './StayMoneyTables';
import { HolidayAidBox } from './HolidayAidBox';
import { useStayMoney } from './stay-money';

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
  const [refunding, setRefunding] = useState(false);
  const idem = useIdempotencyKeys();
  const [previewing, setPreviewing] = useState<'deposit' | 'final' | null>(null);
  const balance = useStayMoney(bookingId);
  if (!canRead) return null;
  const refresh = () => {
    qc.invalidateQueries({ queryKey: ['balance', bookingId] });
    qc.invalidateQueries({ queryKey: ['booking', String(bookingId)] });
  };
  const issue = async (kind: 'deposit' | 'final' | 'cancellation') => {
    try {
      const bill = await rest('post', '/booking/{bookingId}/bill', {
        path: { bookingId },
        body: { kind },
        headers: { 'Idempotency-Key': idem.keyOf(kind) },
      });
      idem.done(kind);
      notify(`${billKindLabel(bill)} ${bill.number} émise`, { type: 'success' });
      setPreviewing(null);
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const partnerBill = async () => {
    try {
      const bill = await rest('post', '/booking/{bookingId}/partner-bill', {
        path: { bookingId },
        body: {},
        headers: { 'Idempotency-Key': idem.keyOf('partner') },
      });
      idem.done('partner');
      notify(`Facture partenaire ${bill.number} émise`, { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
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
            {b.charged !== 0 && (
              <Typography variant="body2">
                Tickets portés à facturer : <b data-testid="charged">{formatCents(b.charged)}</b>
              </Typography>
            )}
            <Typography variant="body2" color={b.due > 0 ? 'warning.main' : undefined}>
              Reste dû : <b data-testid="due">{formatCents(Math.max(b.due, 0))}</b>
            </Typography>
            {b.due < 0 && (
              <Chip
                size="small"
                color="info"
                data-testid="owed-back"
                label={`À rendre au client : ${formatCents(-b.due)}`}
              />
            )}
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
        {/* The actions under the figures, shown with them: the tables and the VACAF line below grow as rows are
            added, and a button below them would move between a user's aim and click. Disabled while the balance
            reloads: the payment and refund dialogs start from what is due. */}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          {canBill && billable && b && !b.isBilled && (
            <Button variant="outlined" onClick={() => setPreviewing('deposit')} data-testid="bill-deposit">
              {b.downPaymentNature === 'arrhes' ? "Facture d'arrhes" : "Facture d'acompte"}
            </Button>
          )}
          {canBill && billable && b && !b.isBilled && (
            <Button variant="contained" onClick={() => setPreviewing('final')} data-testid="bill-final">
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
          {canPay && b && (
            <Button variant="outlined" onClick={() => setPaying(true)} disabled={balance.isFetching} data-testid="pay">
              Encaisser
            </Button>
          )}
          {canPay && b && b.due < 0 && (
            <Button
              variant="outlined"
              color="warning"
              onClick={() => setRefunding(true)}
              disabled={balance.isFetching}
              data-testid="refund"
            >
              Rembourser
            </Button>
          )}
        </Box>
        {b && (b.bills?.length ?? 0) > 0 && (
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
              {(b.bills ?? []).map((x: Row) => (
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
                  <TableCell data-testid={`bill-state-${x.id}`}>{billState(x, b.bills ?? [])}</TableCell>
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
        {b && <PaymentsTable m={b} />}
        {b && <ChargesTable m={b} />}
        {b && <HolidayAidBox bookingId={bookingId} canPay={canPay} onSaved={refresh} />}
        {canPay && b && b.due < 0 && (
          <RefundDialog
            bookingId={bookingId}
            overpaid={-b.due}
            open={refunding}
            onClose={() => setRefunding(false)}
            onSaved={() => {
              setRefunding(false);
              refresh();
            }}
          />
        )}
        {previewing && (
          <BillPreviewDialog
            bookingId={bookingId}
            kind={previewing}
            onClose={() => setPreviewing(null)}
            onIssue={() => issue(previewing)}
          />
        )}
        {paying && (
          <PaymentDialog
            bookingId={bookingId}
            due={b?.due ?? 0}
            nature={b?.downPaymentNature ?? 'arrhes'}
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

/** An invoice's state from the credit notes among the stay's bills (as the bill screen derives it). */
function billState(x: Row, bills: Row[]): string {
  if (x.kind !== 'invoice')
    return x.creditedBillId ? `Sur ${bills.find((i) => i.id === x.creditedBillId)?.number ?? 'la facture'}` : '';
  const credited = bills.filter((c) => c.creditedBillId === x.id).reduce((s, c) => s + c.totalInclVat, 0);
  return billStateLabel[credited === 0 ? 'issued' : x.totalInclVat + credited === 0 ? 'cancelled' : 'partly-credited'];
}
