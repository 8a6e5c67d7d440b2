// « Fusionner avec… » on the stay screen.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import MergeIcon from '@mui/icons-material/MergeType';
import { useQuery } from '@tanstack/react-query';
import { keepsOccupancies, STATUS } from '../../../common/stay-status';
import { dateFr, records, rest, type Row } from '../../../admin/src/ui';
import { kindLabel, statusLabel } from '../status';
import type { Summary } from './actions';

/**
 * "Fusionner avec…": the occupancies of another stay of the same customer move into
 * this one, and the other is reset (it keeps its number) — hence the delete right.
 * Offered stays: still open, not arrived, of the same kind (or temporary).
 */
export function MergeWith({ booking, onMerged }: { booking: Row; onMerged: (answer: Summary) => void }) {
  const [open, setOpen] = useState(false);
  const [fromId, setFromId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const others = useQuery({
    queryKey: ['booking-merge-candidates', booking.id, booking.customerId],
    queryFn: () =>
      records.list('booking', {
        filter: { customerId: booking.customerId },
        sort: ['startDate', 'ASC'],
        range: [0, 199],
      }),
    enabled: open,
  });
  const candidates = (others.data ?? []).filter(
    (o) =>
      o.id !== booking.id &&
      !keepsOccupancies(o.statusId) &&
      (o.kind === booking.kind || o.statusId === STATUS.TEMPORARY),
  );
  const chosen = candidates.find((o) => String(o.id) === fromId);
  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      onMerged(
        await rest('post', '/booking/{id}/merge', {
          path: { id: booking.id },
          body: { fromBookingId: Number(fromId) },
        }),
      );
      setOpen(false);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        startIcon={<MergeIcon />}
        onClick={() => {
          setFromId('');
          setError(null);
          setOpen(true);
        }}
        data-testid="merge-open"
      >
        Fusionner avec…
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Fusionner avec un autre séjour du client</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            margin="dense"
            label="Séjour à reprendre"
            value={fromId}
            onChange={(e) => setFromId(e.target.value)}
            name="fromBookingId"
            helperText={
              others.isSuccess && !candidates.length
                ? 'Aucun autre séjour de ce client ne peut être fusionné'
                : undefined
            }
          >
            {candidates.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                {`${o.code} · ${kindLabel(o.kind)} ${statusLabel(o.statusId).toLowerCase()} · ${dateFr(o.startDate)}` +
                  ` → ${dateFr(o.endDate)}`}
              </MenuItem>
            ))}
          </TextField>
          {chosen && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              Les occupations du séjour {chosen.code} sont reprises dans le séjour {booking.code}, puis le séjour{' '}
              {chosen.code} est supprimé (il garde son numéro).
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Annuler</Button>
          <Button variant="contained" color="error" disabled={!chosen || busy} onClick={merge}>
            Fusionner
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
