// The foot of a wizard step: the stale-stay warning with its two ways out, « Précédent »,
// « Suivant » (on the last step, the button says what it saves) and the running total.
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { formatCents } from '../../common/money';
import type { Quote, SaveKind } from './PriceSteps';
import type { StepKey } from './wizardModel';

export function StepFooter({
  k,
  busy,
  stale,
  editing,
  intoCode,
  kind,
  quote,
  onReloadStale,
  onBack,
  onNext,
}: {
  k: StepKey;
  busy: boolean;
  stale: string | null;
  editing: boolean;
  intoCode: string | null;
  kind: SaveKind;
  quote: Quote | null;
  onReloadStale: (keepDraft: boolean) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  return (
    <>
      {stale && (
        <Alert severity="warning" role="alert" className="bv-stale-record" sx={{ mt: 2 }}>
          <div>{stale}</div>
          <div>Rien n’a été enregistré ; vos saisies sont toujours affichées.</div>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button size="small" variant="contained" disabled={busy} onClick={() => onReloadStale(false)}>
              Recharger le séjour
            </Button>
            <Button size="small" disabled={busy} onClick={() => onReloadStale(true)}>
              Garder mes saisies pour les enregistrer sur sa version actuelle
            </Button>
          </Stack>
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }} alignItems="center">
        <Button disabled={k === 1 || busy} onClick={onBack}>
          Précédent
        </Button>
        <Button variant="contained" disabled={busy} onClick={onNext} data-testid="nb-next">
          {k === 6
            ? editing
              ? 'Enregistrer les modifications'
              : intoCode
                ? "Ajouter l'occupation"
                : kind === 'quote'
                  ? 'Enregistrer le devis'
                  : kind === 'option'
                    ? "Enregistrer l'option"
                    : 'Enregistrer la réservation'
            : 'Suivant'}
        </Button>
        {busy && <Typography variant="body2">Enregistrement…</Typography>}
        <Box sx={{ flex: 1 }} />
        {k >= 4 && quote && (
          <Typography>
            Total : <strong data-testid="nb-running-total">{formatCents(quote.total)}</strong>
          </Typography>
        )}
      </Stack>
    </>
  );
}
