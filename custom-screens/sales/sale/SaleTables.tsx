// The two tables of a ticket: its lines with the totals, and its payments with the change.
import { Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatCents } from '../../../common/money';
import { paymentText, rateLabel, type SaleView } from '../model';

export function SaleLinesTable({ s }: { s: SaleView }) {
  return (
    <Paper sx={{ mt: 2 }}>
      <Table size="small" aria-label="Lignes">
        <TableHead>
          <TableRow>
            <TableCell>Article</TableCell>
            <TableCell align="right">Qté</TableCell>
            <TableCell align="right">PU TTC</TableCell>
            <TableCell align="right">Remises</TableCell>
            <TableCell>TVA</TableCell>
            <TableCell align="right">TTC</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.lines.map((l) => (
            <TableRow key={l.id}>
              <TableCell>
                {l.label}
                {l.giftVoucherCode ? ` — bon ${l.giftVoucherCode}` : ''}
              </TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell align="right">{formatCents(l.unitPrice)}</TableCell>
              <TableCell align="right">{formatCents(l.lineDiscount + l.ticketDiscountShare)}</TableCell>
              <TableCell>{rateLabel(l.vatRateBp)}</TableCell>
              <TableCell align="right">{formatCents(l.amountInclVat)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={5}>
              <strong>Total TTC</strong> (HT {formatCents(s.totalExclVat)}, TVA {formatCents(s.totalVat)})
            </TableCell>
            <TableCell align="right">
              <strong>{formatCents(s.totalInclVat)}</strong>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Paper>
  );
}

export function SalePaymentsTable({ s }: { s: SaleView }) {
  return (
    <Paper sx={{ mt: 2 }}>
      <Table size="small" aria-label="Règlements">
        <TableHead>
          <TableRow>
            <TableCell>Règlement</TableCell>
            <TableCell align="right">Montant</TableCell>
            <TableCell align="right">Reçu</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.payments.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{paymentText(p)}</TableCell>
              <TableCell align="right">{formatCents(p.amount)}</TableCell>
              <TableCell align="right">{formatCents(p.received)}</TableCell>
            </TableRow>
          ))}
          {s.changeGiven > 0 && (
            <TableRow>
              <TableCell>Monnaie rendue</TableCell>
              <TableCell />
              <TableCell align="right">{formatCents(s.changeGiven)}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
