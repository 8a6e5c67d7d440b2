// The price of a stay as the server computed it (api/domain/stays/pricing.ts), shown the
// same way by the wizard and the booking screen: the lines with their VAT, the totals
// per rate, the tourist tax, the down payment (arrhes or acompte: legally different,
// rules-fr §2/§9) and the balance with their due dates, the §8 warnings; and the editor
// of manual prices (the accommodation per night, an option's unit price).
import { useState } from 'react';
import {
  Alert,
  Box,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { formatCents, formatRate, parseEurosToCents } from '../../common/money';
import { formatDateFr } from '../../common/dates';

export interface QuoteLine {
  lineType: number;
  label: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  vatRateBp: number | null;
  vatAmount: number;
  priceGridOptionId?: number | null;
  strikeoutUnitPrice?: number | null;
  isManualPrice?: boolean;
  computedAmount?: number | null;
}
export interface Quote {
  nights?: number;
  lines: QuoteLine[];
  vatTotals: { vatRateBp: number; totalExclVat: number; vatAmount: number; totalInclVat: number }[];
  total: number;
  totalVat: number;
  totalExclVat: number;
  touristTaxTotal: number;
  downPayment: { amount: number; dueDate: string | null; kind?: number; isFullPayment?: boolean } | null;
  balance: { amount: number; dueDate: string | null } | null;
  warnings: { code: string; message: string; subject?: string | null }[];
}
/** occupancy.pricedQuote, and the answer of POST /rest/occupancy/{id}/quote. */
export interface StoredPrice {
  quoteDate: string;
  withBookingFees: boolean;
  quote: Quote | null;
  error: { code: string; message: string } | null;
}
export interface PriceOverride {
  priceGridOptionId: number | null;
  unitPrice: number;
}

export const MANUAL_LABEL = 'Prix modifié manuellement';
const LINE_STAY = 1;

/**
 * The down payment's name: arrhes (engine kind 1, booking 'arrhes') or acompte (2, 'acompte'); the whole when paid at
 * once.
 */
export function downPaymentLabel(kind: number | string | null | undefined, isFullPayment = false): string {
  if (isFullPayment) return 'Paiement intégral';
  if (kind === 2 || kind === 'acompte') return 'Acompte';
  if (kind === 1 || kind === 'arrhes') return 'Arrhes';
  return 'Versement à la réservation';
}

export function ManualChip() {
  return <Chip size="small" color="warning" label={MANUAL_LABEL} data-testid="manual-price" />;
}

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
interface Item {
  key: number | null;
  label: string;
  unit: string;
  current: number | null;
}

/**
 * What a manual price can replace: the accommodation, per night (always: a manual price
 * also answers a period the grid does not price), and each grid option charged.
 */
export function priceItems(quote: Quote): Item[] {
  const stay = quote.lines.filter((l) => l.lineType === LINE_STAY);
  const nights = quote.nights || stay.reduce((s, l) => s + l.quantity, 0) || 1;
  const amount = stay.reduce((s, l) => s + l.amount, 0);
  const items: Item[] = [
    {
      key: null,
      label: 'Hébergement',
      unit: 'Prix par nuit',
      current: stay.length ? Math.round(amount / nights) : null,
    },
  ];
  const seen = new Set<number>();
  for (const l of quote.lines) {
    if (l.priceGridOptionId == null || seen.has(l.priceGridOptionId)) continue;
    seen.add(l.priceGridOptionId);
    items.push({ key: l.priceGridOptionId, label: l.label, unit: 'Prix unitaire', current: l.unitPrice });
  }
  return items;
}

function PriceInput({
  item,
  override,
  disabled,
  onChange,
}: {
  item: Item;
  override: number | null;
  disabled?: boolean;
  onChange: (cents: number | null) => void;
}) {
  const [text, setText] = useState(override == null ? '' : formatCents(override, false));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const cents = parseEurosToCents(text);
    if (cents !== null && (Number.isNaN(cents) || cents < 0)) {
      setError('Prix incorrect');
      return;
    }
    setError(null);
    if (cents !== override) onChange(cents);
  };
  const id = item.key == null ? 'stay' : String(item.key);
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Typography sx={{ minWidth: 220 }}>{item.label}</Typography>
      <TextField
        size="small"
        sx={{ width: 170 }}
        label={item.unit}
        value={text}
        disabled={disabled}
        placeholder={item.current == null ? '' : formatCents(item.current, false)}
        error={!!error}
        helperText={
          error ??
          (override != null
            ? ' '
            : item.current == null
              ? 'aucun prix de grille'
              : `grille : ${formatCents(item.current)}`)
        }
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        inputProps={{ inputMode: 'decimal', 'data-testid': `price-override-${id}` }}
      />
      {override != null && (
        <>
          <ManualChip />
          <Tooltip title="Revenir au prix de la grille">
            <span>
              <IconButton
                size="small"
                aria-label={`Prix de la grille : ${item.label}`}
                disabled={disabled}
                onClick={() => {
                  setText('');
                  onChange(null);
                }}
              >
                <RestoreIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}

/** The manual prices of an occupancy: empty field = the grid's price. */
export function ManualPrices({
  quote,
  overrides,
  onChange,
  disabled,
}: {
  quote: Quote;
  overrides: PriceOverride[];
  onChange: (o: PriceOverride[]) => void;
  disabled?: boolean;
}) {
  const items = priceItems(quote);
  const set = (key: number | null, cents: number | null) => {
    const others = overrides.filter((o) => o.priceGridOptionId !== key);
    onChange(cents == null ? others : [...others, { priceGridOptionId: key, unitPrice: cents }]);
  };
  return (
    <Stack spacing={1} aria-label="Prix manuels">
      <Typography variant="subtitle2">Prix manuels (vide : prix de la grille)</Typography>
      {items.map((item) => {
        const o = overrides.find((x) => x.priceGridOptionId === item.key);
        return (
          <PriceInput
            key={`${item.key}-${o?.unitPrice ?? ''}`}
            item={item}
            override={o?.unitPrice ?? null}
            disabled={disabled}
            onChange={(c) => set(item.key, c)}
          />
        );
      })}
    </Stack>
  );
}
