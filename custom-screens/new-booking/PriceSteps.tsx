// The wizard's last steps: the price breakdown as the server computes it (lines, VAT
// by rate, tourist tax, desk discounts) with the manual prices the desk may set, then
// the down payment — arrhes or acompte — and the balance with their due dates and the
// save as a quote, an option (with its expiry date) or a booking; then what was saved.
import {
  Alert,
  Autocomplete,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { formatCents } from '../../common/money';
import { addDays, formatDateFr, todayParis } from '../../common/dates';
import {
  ManualPrices,
  PaymentSchedule,
  PriceWarnings,
  QuoteTable,
  downPaymentLabel,
  type Quote,
} from '../bookings/PriceBreakdown';
import type { Draft, WizardSummary } from './wizardModel';
import type { References } from './reference';
import { DateFieldFr } from '../../admin/src/ui';

export type { Quote };

export function PriceStep({
  draft,
  set,
  refs,
  quote,
  quoteError,
}: {
  draft: Draft;
  set: (p: Partial<Draft>) => void;
  refs: References;
  quote: Quote | null;
  quoteError: string | null;
}) {
  return (
    <Stack spacing={2}>
      <Autocomplete
        multiple
        size="small"
        options={refs.discounts}
        value={refs.discounts.filter((d) => draft.discountIds.includes(d.id))}
        sx={{ maxWidth: 480 }}
        getOptionLabel={(d) => d.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, v) => set({ discountIds: v.map((d) => d.id) })}
        renderInput={(p) => <TextField {...p} label="Remises" />}
        noOptionsText="Aucune remise"
      />
      {quoteError && (
        <Alert severity="error" role="alert">
          {quoteError}
        </Alert>
      )}
      {quote && <PriceWarnings warnings={quote.warnings} />}
      {quote && <ManualPrices quote={quote} overrides={draft.overrides} onChange={(overrides) => set({ overrides })} />}
      {quote ? <QuoteTable quote={quote} /> : !quoteError && <Typography>Calcul du prix…</Typography>}
    </Stack>
  );
}

export type SaveKind = 'quote' | 'option' | 'booking';

const collected = (quote: Quote | null) => {
  const down = quote?.downPayment;
  if (!down) return 'du versement';
  return (
    ({ Acompte: "de l'acompte", Arrhes: 'des arrhes' } as Record<string, string>)[
      downPaymentLabel(down.kind, down.isFullPayment)
    ] ?? 'du paiement'
  );
};

export function SaveStep({
  quote,
  kind,
  setKind,
  optionExpiry,
  setOptionExpiry,
  intoCode,
  editing,
}: {
  quote: Quote | null;
  kind: SaveKind;
  setKind: (k: SaveKind) => void;
  optionExpiry: string;
  setOptionExpiry: (d: string) => void;
  intoCode: string | null;
  /** the code of the booking whose occupancy is edited */
  editing: string | null;
}) {
  return (
    <Stack spacing={2}>
      {quote && <PaymentSchedule total={quote.total} down={quote.downPayment} balance={quote.balance} />}
      {quote?.warnings.some((w) => w.code === 'PRICE_MANUALLY_CHANGED') && (
        <Alert severity="warning">Prix modifié manuellement</Alert>
      )}
      <Alert severity="info">
        L'encaissement {collected(quote)} se fait depuis le séjour une fois enregistré (module des paiements).
      </Alert>
      {editing ? (
        <Typography>
          Les modifications seront enregistrées sur le séjour <strong>{editing}</strong>.
        </Typography>
      ) : intoCode ? (
        <Typography>
          L'occupation sera ajoutée au séjour <strong>{intoCode}</strong>.
        </Typography>
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
      {!intoCode && !editing && kind === 'option' && (
        <DateFieldFr
          label="Échéance de l'option"
          value={optionExpiry}
          sx={{ width: 220 }}
          onChange={(v) => setOptionExpiry(v ?? '')}
          helperText={`Par défaut : ${formatDateFr(addDays(todayParis(), 7))}`}
        />
      )}
    </Stack>
  );
}

export function Done({
  summary,
  onPlanning,
  onOpen,
  onNew,
  edited,
}: {
  summary: WizardSummary;
  onPlanning: () => void;
  onOpen: () => void;
  onNew: () => void;
  edited?: boolean;
}) {
  const b = summary.booking;
  const label = b.kind === 'quote' ? 'Devis' : b.kind === 'option' ? 'Option' : 'Réservation';
  const total = b.totalAmount == null ? 'prix non calculé' : formatCents(b.totalAmount);
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Alert severity="success" role="status" data-testid="nb-done">
        {edited ? `${label} ${b.code} modifiée` : `${label} ${b.code} enregistrée`} : {total}
        {b.isManualPrice ? ' (prix modifié manuellement)' : ''}, du {formatDateFr(b.startDate)} au{' '}
        {formatDateFr(b.endDate)}.
      </Alert>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={onPlanning}>
          Voir sur le planning
        </Button>
        <Button onClick={onOpen}>Ouvrir le séjour</Button>
        <Button onClick={onNew}>Nouvelle réservation</Button>
      </Stack>
    </Stack>
  );
}
