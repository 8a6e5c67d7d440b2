// Shared pieces of the fiscal screens: labels, the totals tables of a closure.
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { euros, type Row } from '../../admin/src/ui';
import { formatDateFr } from '../../common/dates';

export type { Row };
export const LEVEL: Record<string, string> = { day: 'Journée (Z)', month: 'Mois', year: 'Exercice' };
export const KIND: Record<string, string> = {
  bill: 'Facture',
  'credit-note': 'Avoir',
  'cash-ticket': 'Ticket de caisse',
  payment: 'Paiement',
  'payment-cancel': 'Annulation de paiement',
};
export const rate = (bp: number) => `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
export const period = (c: Row) =>
  c.date === c.periodEnd ? formatDateFr(c.date) : `du ${formatDateFr(c.date)} au ${formatDateFr(c.periodEnd)}`;
export const closurePdf = (seq: number) => `/rest/closure/document/${seq}`;
export { euros };

/** Sales per VAT rate and takings per payment method of a closure or a day. */
export function TotalsTables({ t }: { t: Row }) {
  return (
    <>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        Ventes par taux de TVA
      </Typography>
      <Table size="small" data-testid="totals-vat">
        <TableHead>
          <TableRow>
            <TableCell>Taux</TableCell>
            <TableCell align="right">Base HT</TableCell>
            <TableCell align="right">TVA</TableCell>
            <TableCell align="right">TTC</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(t.vat ?? []).map((v: Row) => (
            <TableRow key={v.rateBp}>
              <TableCell>{rate(v.rateBp)}</TableCell>
              <TableCell align="right">{euros(v.exclVat)}</TableCell>
              <TableCell align="right">{euros(v.vat)}</TableCell>
              <TableCell align="right">{euros(v.inclVat)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell>Hors champ de la TVA</TableCell>
            <TableCell />
            <TableCell />
            <TableCell align="right">{euros(t.outsideVat ?? 0)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>
              <b>Total TTC</b>
            </TableCell>
            <TableCell />
            <TableCell />
            <TableCell align="right">
              <b>{euros(t.sales ?? 0)}</b>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        Encaissements par mode de paiement
      </Typography>
      <Table size="small" data-testid="totals-payments">
        <TableHead>
          <TableRow>
            <TableCell>Mode</TableCell>
            <TableCell align="right">Montant</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(t.payments ?? []).map((p: Row) => (
            <TableRow key={p.label}>
              <TableCell>{p.label}</TableCell>
              <TableCell align="right">{euros(p.amount)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell>
              <b>Total des encaissements</b>
            </TableCell>
            <TableCell align="right">
              <b>{euros(t.paymentsTotal ?? 0)}</b>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </>
  );
}
