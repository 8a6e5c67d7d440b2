// The price of a stay as the server computed it (api/domain/stays/pricing.ts), shown the
// same way by the wizard and the booking screen: the lines with their VAT, the totals
// per rate, the tourist tax, the down payment (arrhes or acompte: legally different,
// rules-fr §2 (docs/billing.md#vat-and-invoice-mentions)/§9, docs/constants.md) and the balance with their due dates,
// the §8 (docs/errors.md#messages) warnings. The types and the manual prices' editor live beside it (./priceModel.ts,
// ./ManualPrices.tsx).
import { Alert, Box, Chip, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import { Tooltip, Typography } from '@mui/material';
import { formatCents, formatRate } from '../../common/money';
import { formatDateFr } from '../../common/dates';
import { downPaymentLabel, LINE_STAY, type Quote } from './priceModel';

export * from './priceModel';
export { ManualChip, ManualPrices } from './ManualPrices';

export function PriceWarnings({
  warnings,
}: {
  warnings: { code: string; message: string; subject?: string | null }[];
}) {
  return (
    <>
      {warnings.map((w) => (
        <Alert key={`${w.code}-${w.subject ?? ''}`} severity="warning" sx={{ py: 0 }}>
          {w.message}
          {w.subject && w.code !== 'PRICE_MANUALLY_CHANGED' ? ` : ${w.subject}` : ''}
        </Alert>
      ))}
    </>
  );
}

export function QuoteTable({ quote, testId = 'nb-total' }: { quote: Quote; testId?: string }) {
  return (
    <Table size="small" aria-label="Détail du prix">
      <TableHead>
        <TableRow>
          <TableCell>Prestation</TableCell>
          <TableCell align="right">Quantité</TableCell>
          <TableCell align="right">Prix unitaire</TableCell>
          <TableCell align="right">TVA</TableCell>
          <TableCell align="right">Montant TTC</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {quote.lines.map((l, i) => (
          <TableRow key={i} data-testid={l.lineType === LINE_STAY ? 'line-stay' : undefined}>
            <TableCell>
              {l.label}
              {l.isManualPrice && (
                <Tooltip title={l.computedAmount != null ? `Prix de la grille : ${formatCents(l.computedAmount)}` : ''}>
                  <Chip size="small" color="warning" variant="outlined" label="prix manuel" sx={{ ml: 1 }} />
                </Tooltip>
              )}
            </TableCell>
            <TableCell align="right">{l.quantity}</TableCell>
            <TableCell align="right">
              {l.strikeoutUnitPrice != null && <s style={{ marginRight: 6 }}>{formatCents(l.strikeoutUnitPrice)}</s>}
              {formatCents(l.unitPrice)}
            </TableCell>
            <TableCell align="right">{l.vatRateBp == null ? 'hors TVA' : `${formatRate(l.vatRateBp)} %`}</TableCell>
            <TableCell align="right">{formatCents(l.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        {/* The engine extracts each line's VAT from its TTC amount and sums per rate
            (api/domain/pricing/vat.ts): base HT + VAT = TTC holds, rate × base may not. */}
        {quote.vatTotals.map((v) => (
          <TableRow key={v.vatRateBp}>
            <TableCell colSpan={4}>
              TVA {formatRate(v.vatRateBp)} % comprise dans {formatCents(v.totalInclVat)} TTC (base{' '}
              {formatCents(v.totalExclVat)} HT, calculée ligne par ligne)
            </TableCell>
            <TableCell align="right">{formatCents(v.vatAmount)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell colSpan={4}>Taxe de séjour (non soumise à la TVA)</TableCell>
          <TableCell align="right">{formatCents(quote.touristTaxTotal)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell colSpan={4}>
            {quote.touristTaxTotal !== 0 ? 'Total hors TVA, taxe de séjour comprise' : 'Total HT'}
          </TableCell>
          <TableCell align="right">{formatCents(quote.totalExclVat)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell colSpan={4}>
            <strong>Total TTC</strong>
          </TableCell>
          <TableCell align="right" data-testid={testId}>
            <strong>{formatCents(quote.total)}</strong>
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

/** Amounts and due dates of what is paid at booking and of the balance. */
export function PaymentSchedule({
  total,
  down,
  balance,
}: {
  total: number;
  down: {
    kind?: number | string | null;
    amount: number | null;
    dueDate: string | null;
    isFullPayment?: boolean;
  } | null;
  balance: { amount: number | null; dueDate: string | null } | null;
}) {
  const full =
    down?.isFullPayment ?? (down != null && down.amount === total && (balance?.amount ?? 0) === 0 && total > 0);
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto 1fr', columnGap: 3, rowGap: 1, maxWidth: 680 }}
    >
      <Typography component="dt" fontWeight={600}>
        Total du séjour
      </Typography>
      <Typography component="dd" sx={{ m: 0 }} data-testid="price-total">
        {formatCents(total)}
      </Typography>
      <span />
      <Typography component="dt" fontWeight={600} data-testid="down-payment-label">
        {downPaymentLabel(down?.kind, full)}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }} data-testid="nb-down-payment">
        {formatCents(down?.amount ?? 0)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {down?.dueDate && (down.amount ?? 0) > 0
          ? `à régler au plus tard le ${formatDateFr(down.dueDate)}`
          : 'aucun versement demandé'}
      </Typography>
      <Typography component="dt" fontWeight={600}>
        Solde
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {formatCents(balance?.amount ?? total)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {balance?.dueDate && (balance.amount ?? 0) > 0
          ? `à régler au plus tard le ${formatDateFr(balance.dueDate)}`
          : balance && balance.amount === 0
            ? 'rien à régler'
            : "à régler à l'arrivée"}
      </Typography>
    </Box>
  );
}

// `unit`: the price field's whole label (it was prefixed with « Prix », giving « Prix prix unitaire »)
