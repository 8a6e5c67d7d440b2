// The confirmation of a move (CampOne style): where from, where to, the price change
// (old vs new total through the pricing engine), the warnings; blocking ones (minimum
// stay, arrival or departure day) make the button an explicit override.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { formatCents } from '../../common/money';
import { formatDateFr, nightsBetween } from '../../common/dates';
import { countFr } from '../../common/french';
import type { components } from '../../admin/src/ui/client';

/** POST /rest/planning/move/check: MoveCheck (api/domain/planning/openapi.ts), its summary a MoveSummary. */
export type MoveCheckAnswer = components['schemas']['MoveCheck'];

const span = (p: { startDate: string; endDate: string }) => {
  const n = nightsBetween(p.startDate, p.endDate);
  return `du ${formatDateFr(p.startDate)} au ${formatDateFr(p.endDate)} (${countFr(n, 'nuit')})`;
};
/**
 * What the change does, for the title and the button: a resize keeps the place and
 * changes the dates (« Déplacer » would mislead), a move changes the place.
 */
export function moveWording(s: Pick<MoveCheckAnswer['summary'], 'fromPlaceCode' | 'toPlaceCode' | 'from' | 'to'>): {
  title: string;
  button: string;
} {
  const placeChanges = (s.fromPlaceCode ?? null) !== (s.toPlaceCode ?? null);
  const datesChange = s.from.startDate !== s.to.startDate || s.from.endDate !== s.to.endDate;
  const shifted = nightsBetween(s.from.startDate, s.from.endDate) === nightsBetween(s.to.startDate, s.to.endDate);
  if (placeChanges && datesChange)
    return { title: 'Déplacer le séjour et changer ses dates', button: 'Déplacer le séjour' };
  if (placeChanges || !datesChange) return { title: 'Déplacer le séjour', button: 'Déplacer le séjour' };
  return shifted
    ? { title: 'Décaler les dates du séjour', button: 'Décaler les dates' }
    : { title: 'Modifier la durée du séjour', button: 'Modifier la durée' };
}

const signed = (c: number) => `${c > 0 ? '+' : c < 0 ? '−' : ''}${formatCents(Math.abs(c))}`;

export function MoveDialog({
  check,
  busy,
  onConfirm,
  onCancel,
}: {
  check: MoveCheckAnswer | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (!check) return null;
  const s = check.summary;
  const p = check.price;
  const wording = moveWording(s);
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="move-title" maxWidth="sm" fullWidth>
      <DialogTitle id="move-title">
        {wording.title} {s.code ?? ''}
        {s.customer ? ` — ${s.customer}` : ''}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            <Typography component="dt" fontWeight={600}>
              De
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="move-from">
              {s.fromPlaceCode ?? '—'}
              {s.fromTypeLabel ? ` (${s.fromTypeLabel})` : ''}, {span(s.from)}
            </Typography>
            <Typography component="dt" fontWeight={600}>
              Vers
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="move-to">
              {s.toPlaceCode ?? '—'}
              {s.toTypeLabel ? ` (${s.toTypeLabel})` : ''}, {span(s.to)}
            </Typography>
          </Box>
          {p ? (
            <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="move-price">
              <Typography>
                Total du séjour : {p.bookingTotalBefore == null ? '—' : formatCents(p.bookingTotalBefore)} →{' '}
                <strong>{formatCents(p.bookingTotalAfter)}</strong> (
                {p.difference === 0 ? 'prix inchangé' : signed(p.difference)})
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Tarif actuel de l'occupation : {formatCents(p.before)} avant, {formatCents(p.after)} après le
                changement.
              </Typography>
            </Box>
          ) : (
            <Alert severity="info">Prix non recalculé{check.priceMessage ? ` : ${check.priceMessage}` : ''}.</Alert>
          )}
          {check.warnings.map((w) => (
            <Alert key={w.code} severity={w.blocking ? 'warning' : 'info'}>
              {w.message}
              {w.blocking ? ' — confirmer force le changement.' : ''}
            </Alert>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Ne rien changer
        </Button>
        <Button
          variant="contained"
          color={check.needsForce ? 'warning' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
          autoFocus
        >
          {check.needsForce ? 'Forcer le changement' : wording.button}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
