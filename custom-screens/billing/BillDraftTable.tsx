// A bill or credit note not yet issued, as the server computed it with the issue's own
// code (a BillPreview): lines, VAT per rate, totals. Shared by the bill preview of the
// stay screen and the credit-note preview of the bill screen.
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatCents } from '../../common/money';
import type { components } from '../../admin/src/ui/client';
import { rateLabel } from './common';

export type BillDraft = components['schemas']['BillPreview'];

export function BillDraftTable({ draft: p, totalLabel = 'Total TTC' }: { draft: BillDraft; totalLabel?: string }) {
  return (
    <Table size="small" sx={{ my: 1 }} aria-label="Lignes et totaux">
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
          <TableRow key={`vat-${v.vatRateBp}`} data-testid={`preview-vat-${v.vatRateBp}`}>
            <TableCell colSpan={4}>{`TVA ${rateLabel(v.vatRateBp)} sur ${formatCents(v.totalExclVat)} HT`}</TableCell>
            <TableCell align="right">{formatCents(v.vatAmount)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell colSpan={4}>Total HT</TableCell>
          <TableCell align="right" data-testid="preview-total-excl">
            {formatCents(p.totalExclVat)}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell colSpan={4}>Total TVA</TableCell>
          <TableCell align="right" data-testid="preview-total-vat">
            {formatCents(p.totalVat)}
          </TableCell>
        </TableRow>
        {(p.touristTaxAmount ?? 0) !== 0 && (
          <TableRow>
            <TableCell colSpan={4}>dont taxe de séjour (hors TVA)</TableCell>
            <TableCell align="right">{formatCents(p.touristTaxAmount ?? 0)}</TableCell>
          </TableRow>
        )}
        <TableRow>
          <TableCell colSpan={4}>
            <b>{totalLabel}</b>
          </TableCell>
          <TableCell align="right" data-testid="preview-total">
            <b>{formatCents(p.totalInclVat)}</b>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
