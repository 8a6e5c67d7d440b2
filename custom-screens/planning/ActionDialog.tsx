// The function keys' actions on a bar, each confirmed first (§2 (docs/screens.md#general): confirmation before
// destructive actions): F9 cancels a stay (a reason is required) or deletes an
// unavailability; F12 validates a stay. Server errors are shown as they come.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { formatDateFr } from '../../common/dates';
import type { StayBar } from './shared/model';
import { errorBody, errorText, records, rest } from '../../admin/src/ui';

export type PendingAction = { kind: 'cancel' | 'validate' | 'delete-unavailability'; bar: StayBar };

const TITLES = {
  cancel: 'Annuler le séjour ?',
  validate: 'Valider le séjour ?',
  'delete-unavailability': "Supprimer l'indisponibilité ?",
};
/** Buttons that say what they do (issue 13 (docs/stays.md#preferences): not « Retour » / « Valider » / « Supprimer »):
 * [leave as it is, do it]. */
const BUTTONS = {
  cancel: ['Garder le séjour', 'Annuler le séjour'],
  validate: ['Ne pas valider', 'Valider le séjour'],
  'delete-unavailability': ["Garder l'indisponibilité", "Supprimer l'indisponibilité"],
} as const;

export function ActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: PendingAction | null;
  onClose: () => void;
  onDone: (a: PendingAction) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!action) return null;
  const b = action.bar;
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      if (action.kind === 'cancel')
        await rest('post', '/booking/{id}/cancel', { path: { id: b.data.bookingId! }, body: { reason } });
      else if (action.kind === 'validate')
        await rest('post', '/booking/{id}/validate', { path: { id: b.data.bookingId! }, body: {} });
      else await records.remove('unavailability', b.data.recordId);
      setReason('');
      onDone(action);
    } catch (e) {
      setError(errorBody(e)?.errors?.reason ?? errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : close} aria-labelledby="action-title" maxWidth="xs" fullWidth>
      <DialogTitle id="action-title">{TITLES[action.kind]}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          {b.code ? `${b.code} — ` : ''}
          {b.label ?? ''}, du {formatDateFr(b.startDate)} au {formatDateFr(b.endDate)}
        </Typography>
        {action.kind === 'cancel' && (
          <TextField
            autoFocus
            fullWidth
            required
            label="Motif d'annulation"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            margin="dense"
          />
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {BUTTONS[action.kind][0]}
        </Button>
        <Button
          variant="contained"
          color={action.kind === 'validate' ? 'primary' : 'error'}
          onClick={() => void run()}
          disabled={busy || (action.kind === 'cancel' && !reason.trim())}
        >
          {BUTTONS[action.kind][1]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
