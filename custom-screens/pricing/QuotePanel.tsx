// A quote simulator on the grid screen: dates, occupants by age category, the grid's
// options, promo code and channel → POST /rest/pricing/quote on this grid (and this
// version when an older one is shown), with the bill lines, totals and warnings.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import { addDays, todayParis } from '../../common/dates';
import { formatRate } from '../../common/money';
import { dateFr, euros, type Row } from './common';
import type { GridVersion } from './gridModel';
import { DateFieldFr, records, rest } from '../../admin/src/ui';
import type { HttpError } from 'react-admin';

const num = (s: string) => (/^\d{1,4}$/.test(s.trim()) ? Number(s.trim()) : 0);

export function QuotePanel({ grid, historyVersion }: { grid: GridVersion; historyVersion: number | null }) {
  const today = todayParis();
  const first = grid.periods[0]?.startDate > today ? grid.periods[0].startDate : today;
  const [startDate, setStart] = useState(first);
  const [endDate, setEnd] = useState(addDays(first, 7));
  const [quoteDate, setQuoteDate] = useState(today);
  const [promoCode, setPromo] = useState('');
  const [channelId, setChannel] = useState<number | ''>('');
  const [occupants, setOccupants] = useState<Record<number, string>>({});
  const [options, setOptions] = useState<Record<number, string>>({});
  const [result, setResult] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const categories = useQuery({
    queryKey: ['pricing', 'age-categories'],
    queryFn: () => records.list('age-category', { filter: { isActif: true }, sort: ['order', 'ASC'] }),
  });
  const channels = useQuery({
    queryKey: ['pricing', 'channels'],
    queryFn: () => records.list('access-channel', { sort: ['order', 'ASC'] }),
  });
  const itemOptions = useMemo(() => grid.options.filter((o) => !o.ageCategoryId), [grid.options]);
  const initial = (o: Row) => (o.isRequired ? 1 : o.includedQuantity > 0 ? o.includedQuantity : 0);
  /** two persons of the first category (adults) unless typed otherwise */
  const occupantValue = (c: Row, i: number) => occupants[c.id] ?? (i === 0 ? '2' : '0');

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = {
        priceGridId: grid.grid.id,
        historyVersion,
        startDate,
        endDate,
        quoteDate,
        occupants: (categories.data ?? [])
          .map((c, i) => ({ ageCategoryId: c.id, quantity: num(occupantValue(c, i)) }))
          .filter((o) => o.quantity > 0),
        options: itemOptions.map((o) => ({
          priceGridOptionId: o.id,
          quantity: num(options[o.id] ?? String(initial(o))),
        })),
        promoCode: promoCode.trim() || null,
        channelId: channelId === '' ? null : channelId,
      };
      setResult(await rest('post', '/pricing/quote', { body }));
    } catch (e) {
      setResult(null);
      const { body, message } = e as HttpError;
      const fields = body?.errors ? Object.values(body.errors).join(' ; ') : '';
      setError(fields ? `${message} : ${fields}` : message);
    } finally {
      setBusy(false);
    }
  };

  const small = { size: 'small' as const, margin: 'dense' as const, fullWidth: false };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="quote-panel">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <DateFieldFr
          label="Arrivée"
          name="quoteStartDate"
          sx={{ width: 180 }}
          value={startDate}
          onChange={(v) => setStart(v ?? '')}
        />
        <DateFieldFr
          label="Départ"
          name="quoteEndDate"
          sx={{ width: 180 }}
          value={endDate}
          onChange={(v) => setEnd(v ?? '')}
        />
        <DateFieldFr
          label="Date du devis"
          name="quoteDate"
          sx={{ width: 180 }}
          value={quoteDate}
          onChange={(v) => setQuoteDate(v ?? '')}
        />
        <TextField
          {...small}
          label="Code promo"
          sx={{ width: 180 }}
          value={promoCode}
          onChange={(e) => setPromo(e.target.value)}
        />
        <TextField
          {...small}
          select
          label="Canal de vente"
          value={channelId}
          onChange={(e) => setChannel(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">—</MenuItem>
          {(channels.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        Occupants
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {(categories.data ?? []).map((c, i) => (
          <TextField
            {...small}
            key={c.id}
            label={c.label}
            value={occupantValue(c, i)}
            onChange={(e) => setOccupants({ ...occupants, [c.id]: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'numeric', name: `occupants-${c.id}` } }}
            sx={{ width: 140 }}
          />
        ))}
      </Box>
      {itemOptions.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            Options
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {itemOptions.map((o) => (
              <TextField
                {...small}
                key={o.id}
                label={o.label || `Option ${o.id}`}
                value={options[o.id] ?? String(initial(o))}
                onChange={(e) => setOptions({ ...options, [o.id]: e.target.value })}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ width: 180 }}
              />
            ))}
          </Box>
        </>
      )}
      <Button variant="contained" startIcon={<CalculateIcon />} onClick={run} disabled={busy} sx={{ mt: 2 }}>
        Calculer le prix
      </Button>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {result && <QuoteResult quote={result} />}
    </Paper>
  );
}

function QuoteResult({ quote }: { quote: Row }) {
  return (
    <Box sx={{ mt: 2 }} data-testid="quote-result">
      {quote.warnings.map((w: Row) => (
        <Alert key={`${w.code}-${w.subject}`} severity="warning" sx={{ mb: 1 }}>
          {w.message}
          {w.subject ? ` (${w.subject})` : ''}
        </Alert>
      ))}
      <Table size="small" aria-label="Lignes du devis">
        <TableHead>
          <TableRow>
            {['Libellé', 'Du', 'Au', 'Qté', 'Prix unitaire', 'Montant TTC', 'TVA'].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {quote.lines.map((l: Row, i: number) => (
            <TableRow key={i}>
              <TableCell>
                {l.label}
                {l.isManualPrice ? ' (prix manuel)' : ''}
              </TableCell>
              <TableCell>{dateFr(l.startDate)}</TableCell>
              <TableCell>{dateFr(l.endDate)}</TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell align="right">
                {l.strikeoutUnitPrice !== null && <s style={{ marginRight: 6 }}>{euros(l.strikeoutUnitPrice)}</s>}
                {euros(l.unitPrice)}
              </TableCell>
              <TableCell align="right">{euros(l.amount)}</TableCell>
              <TableCell align="right">{l.vatRateBp === null ? 'hors TVA' : `${formatRate(l.vatRateBp)} %`}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={5}>
              <strong>Total TTC</strong> ({quote.nights} nuit{quote.nights > 1 ? 's' : ''})
            </TableCell>
            <TableCell align="right" data-testid="quote-total">
              <strong>{euros(quote.total)}</strong>
            </TableCell>
            <TableCell />
          </TableRow>
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mt: 1 }}>
        <Typography variant="body2">dont TVA : {euros(quote.totalVat)}</Typography>
        {quote.vatTotals.map((v: Row) => (
          // Each line's VAT is taken out of its TTC amount, then summed per rate: base + VAT = TTC holds, rate × base
          // may not.
          <Typography variant="body2" key={v.vatRateBp}>
            TVA {formatRate(v.vatRateBp)} % comprise : {euros(v.vatAmount)} (base {euros(v.totalExclVat)} HT, calculée
            ligne par ligne)
          </Typography>
        ))}
        {quote.touristTaxTotal > 0 && (
          <Typography variant="body2">dont taxe de séjour : {euros(quote.touristTaxTotal)}</Typography>
        )}
        {quote.downPayment && (
          <Typography variant="body2">
            {quote.downPayment.isFullPayment
              ? 'Paiement intégral'
              : quote.downPayment.kind === 2
                ? 'Acompte'
                : 'Arrhes'}{' '}
            : {euros(quote.downPayment.amount)} le {dateFr(quote.downPayment.dueDate)}
            {quote.balance.amount > 0
              ? ` ; solde ${euros(quote.balance.amount)} le ${dateFr(quote.balance.dueDate)}`
              : ''}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
