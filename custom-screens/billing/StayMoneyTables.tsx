// The stay's money in detail, under its totals: the payments (method, date, bank deposit
// slip, credit note used, holiday vouchers by count × denomination) and the till tickets
// charged to the stay (with the bill that took them, or « À facturer »).
import { Link } from 'react-router-dom';
import { Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatCents } from '../../common/money';
import { vouchersText } from '../../common/holiday-vouchers';
import { dateFr } from './common';
import type { StayMoney } from './stay-money';

const CATEGORY: Record<string, string> = {
  payment: 'Règlement',
  'down-payment': 'Versement anticipé',
  'cash-register-sale': 'Vente en caisse',
  refund: 'Remboursement',
};
const PAYER: Record<string, string> = { customer: 'Client', 'holiday-aid': 'Aide aux vacances', partner: 'Partenaire' };

export function PaymentsTable({ m }: { m: StayMoney }) {
  const payments = m.payments ?? [];
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        Paiements
      </Typography>
      {payments.length ? (
        <Table size="small" sx={{ mb: 1 }} data-testid="stay-payments">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Mode</TableCell>
              <TableCell>Catégorie</TableCell>
              <TableCell>Payeur</TableCell>
              <TableCell>Remise en banque</TableCell>
              <TableCell align="right">Montant</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{dateFr(p.date)}</TableCell>
                <TableCell>
                  {p.method}
                  {p.chequeNumber ? ` n° ${p.chequeNumber}` : ''}
                  {p.creditNoteNumber ? ` (avoir ${p.creditNoteNumber})` : ''}
                  {p.vouchers?.length ? ` : ${vouchersText(p.vouchers)}` : ''}
                </TableCell>
                <TableCell>{CATEGORY[p.category ?? ''] ?? ''}</TableCell>
                <TableCell>{PAYER[p.payerType ?? ''] ?? ''}</TableCell>
                <TableCell>
                  {p.bankDepositId != null ? (
                    <MuiLink component={Link} to={`/deposit/${p.bankDepositId}`}>
                      {`Bordereau ${p.bankDepositNumber ?? ''} du ${dateFr(p.bankDepositDate ?? '')}`}
                    </MuiLink>
                  ) : (
                    'Non remis'
                  )}
                </TableCell>
                <TableCell align="right">{formatCents(p.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Aucun paiement
        </Typography>
      )}
    </>
  );
}

export function ChargesTable({ m }: { m: StayMoney }) {
  const charges = m.charges ?? [];
  if (!charges.length) return null;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        Tickets de caisse portés sur le séjour
      </Typography>
      <Table size="small" sx={{ mb: 1 }} data-testid="stay-charges">
        <TableHead>
          <TableRow>
            <TableCell>Ticket</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Facturation</TableCell>
            <TableCell align="right">Montant porté</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {charges.map((c) => (
            <TableRow key={`${c.source}-${c.id}`}>
              <TableCell>{c.number}</TableCell>
              <TableCell>{dateFr(c.date)}</TableCell>
              <TableCell>
                {c.billId != null ? (
                  <MuiLink component={Link} to={`/bill/${c.billId}`}>
                    {`Sur la facture ${c.billNumber ?? ''}`}
                  </MuiLink>
                ) : (
                  'À facturer'
                )}
              </TableCell>
              <TableCell align="right">{formatCents(c.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
