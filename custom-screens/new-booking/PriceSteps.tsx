// The wizard's last steps: the price breakdown (lines, VAT by rate, tourist tax,
// desk discounts), then the down payment and balance with their due dates and the
// save as a quote, an option (with its expiry date) or a booking; then what was saved.
import { Alert, Autocomplete, Box, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { formatCents, formatRate } from '../../common/money';
import { addDays, formatDateFr, todayParis } from '../../common/dates';
import type { Draft } from './wizardModel';
import type { References } from './reference';

export interface QuoteLine { lineType: number; label: string; quantity: number; unitPrice: number; amount: number; vatRateBp: number | null; vatAmount: number; strikeoutUnitPrice?: number | null; isManualPrice?: boolean }
export interface Quote {
  lines: QuoteLine[];
  vatTotals: { vatRateBp: number; totalExclVat: number; vatAmount: number; totalInclVat: number }[];
  total: number; totalVat: number; totalExclVat: number; touristTaxTotal: number;
  downPayment: { amount: number; dueDate: string | null; kind?: number; isFullPayment?: boolean } | null;
  balance: { amount: number; dueDate: string | null } | null;
  warnings: { code: string; message: string }[];
}

export function QuoteTable({ quote }: { quote: Quote }) {
  return (
    <Table size="small" aria-label="Détail du prix">
      <TableHead>
        <TableRow><TableCell>Prestation</TableCell><TableCell align="right">Quantité</TableCell><TableCell align="right">Prix unitaire</TableCell><TableCell align="right">TVA</TableCell><TableCell align="right">Montant TTC</TableCell></TableRow>
      </TableHead>
      <TableBody>
        {quote.lines.map((l, i) => (
          <TableRow key={i}>
            <TableCell>{l.label}{l.isManualPrice ? ' (prix manuel)' : ''}</TableCell>
            <TableCell align="right">{l.quantity}</TableCell>
            <TableCell align="right">{l.strikeoutUnitPrice != null && <s style={{ marginRight: 6 }}>{formatCents(l.strikeoutUnitPrice)}</s>}{formatCents(l.unitPrice)}</TableCell>
            <TableCell align="right">{l.vatRateBp == null ? 'hors TVA' : `${formatRate(l.vatRateBp)} %`}</TableCell>
            <TableCell align="right">{formatCents(l.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        {quote.vatTotals.map((v) => (
          <TableRow key={v.vatRateBp}>
            <TableCell colSpan={4}>TVA {formatRate(v.vatRateBp)} % sur {formatCents(v.totalExclVat)} HT</TableCell>
            <TableCell align="right">{formatCents(v.vatAmount)}</TableCell>
          </TableRow>
        ))}
        <TableRow><TableCell colSpan={4}>Dont taxe de séjour (hors TVA)</TableCell><TableCell align="right">{formatCents(quote.touristTaxTotal)}</TableCell></TableRow>
        <TableRow><TableCell colSpan={4}>Total HT</TableCell><TableCell align="right">{formatCents(quote.totalExclVat)}</TableCell></TableRow>
        <TableRow>
          <TableCell colSpan={4}><strong>Total TTC</strong></TableCell>
          <TableCell align="right" data-testid="nb-total"><strong>{formatCents(quote.total)}</strong></TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

export function PriceStep({ draft, set, refs, quote, quoteError }: { draft: Draft; set: (p: Partial<Draft>) => void; refs: References; quote: Quote | null; quoteError: string | null }) {
  return (
    <Stack spacing={2}>
      <Autocomplete multiple size="small" options={refs.discounts} value={refs.discounts.filter((d) => draft.discountIds.includes(d.id))} sx={{ maxWidth: 480 }}
        getOptionLabel={(d) => d.label} isOptionEqualToValue={(a, b) => a.id === b.id} onChange={(_, v) => set({ discountIds: v.map((d) => d.id) })}
        renderInput={(p) => <TextField {...p} label="Remises" />} noOptionsText="Aucune remise" />
      {quoteError && <Alert severity="error" role="alert">{quoteError}</Alert>}
      {quote && quote.warnings.map((w) => <Alert key={w.code} severity="warning">{w.message}</Alert>)}
      {quote ? <QuoteTable quote={quote} /> : !quoteError && <Typography>Calcul du prix…</Typography>}
    </Stack>
  );
}

export type SaveKind = 'quote' | 'option' | 'booking';

export function SaveStep({ quote, kind, setKind, optionExpiry, setOptionExpiry, intoCode }: {
  quote: Quote | null; kind: SaveKind; setKind: (k: SaveKind) => void; optionExpiry: string; setOptionExpiry: (d: string) => void; intoCode: string | null;
}) {
  return (
    <Stack spacing={2}>
      {quote && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto 1fr', columnGap: 3, rowGap: 1, maxWidth: 640 }}>
          <Typography component="dt" fontWeight={600}>Total du séjour</Typography>
          <Typography component="dd" sx={{ m: 0 }}>{formatCents(quote.total)}</Typography><span />
          <Typography component="dt" fontWeight={600}>{quote.downPayment?.isFullPayment ? 'Paiement intégral' : 'Acompte'}</Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid="nb-down-payment">{formatCents(quote.downPayment?.amount ?? 0)}</Typography>
          <Typography variant="body2" color="text.secondary">{quote.downPayment?.dueDate ? `à régler au plus tard le ${formatDateFr(quote.downPayment.dueDate)}` : 'aucun acompte demandé'}</Typography>
          <Typography component="dt" fontWeight={600}>Solde</Typography>
          <Typography component="dd" sx={{ m: 0 }}>{formatCents(quote.balance?.amount ?? quote.total)}</Typography>
          <Typography variant="body2" color="text.secondary">{quote.balance?.dueDate ? `à régler au plus tard le ${formatDateFr(quote.balance.dueDate)}` : "à régler à l'arrivée"}</Typography>
        </Box>
      )}
      <Alert severity="info">L'encaissement de l'acompte se fait depuis le séjour une fois enregistré (module des paiements).</Alert>
      {intoCode ? (
        <Typography>L'occupation sera ajoutée au séjour <strong>{intoCode}</strong>.</Typography>
      ) : (
        <FormControl>
          <FormLabel id="nb-kind">Enregistrer comme</FormLabel>
          <RadioGroup row aria-labelledby="nb-kind" value={kind} onChange={(e) => setKind(e.target.value as SaveKind)}>
            <FormControlLabel value="quote" control={<Radio />} label="Devis" />
            <FormControlLabel value="option" control={<Radio />} label="Option" />
            <FormControlLabel value="booking" control={<Radio />} label="Réservation" />
          </RadioGroup>
        </FormControl>
      )}
      {!intoCode && kind === 'option' && (
        <TextField type="date" size="small" label="Échéance de l'option" InputLabelProps={{ shrink: true }} value={optionExpiry} sx={{ width: 220 }}
          inputProps={{ min: todayParis() }} onChange={(e) => setOptionExpiry(e.target.value)} helperText={`Par défaut : ${formatDateFr(addDays(todayParis(), 7))}`} />
      )}
    </Stack>
  );
}

export function Done({ summary, onPlanning, onOpen, onNew }: { summary: any; onPlanning: () => void; onOpen: () => void; onNew: () => void }) {
  const b = summary.booking;
  const label = b.kind === 'quote' ? 'Devis' : b.kind === 'option' ? 'Option' : 'Réservation';
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Alert severity="success" role="status" data-testid="nb-done">{label} {b.code} enregistrée : {formatCents(b.totalAmount ?? 0)}, du {formatDateFr(b.startDate)} au {formatDateFr(b.endDate)}.</Alert>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={onPlanning}>Voir sur le planning</Button>
        <Button onClick={onOpen}>Ouvrir le séjour</Button>
        <Button onClick={onNew}>Nouvelle réservation</Button>
      </Stack>
    </Stack>
  );
}
