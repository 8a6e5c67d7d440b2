// « Ajouter une occupation »: a place for some nights added to the stay, in a dialog.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { OccupancyFields, emptyDraft, occupancyBody, useAgeCategories, type OccupancyDraft } from '../OccupancyForm';
import { rest, type Row } from '../../../admin/src/ui';

export function AddOccupancy({ booking, onDone }: { booking: Row; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<OccupancyDraft>(emptyDraft(booking.startDate ?? '', booking.endDate ?? ''));
  const [error, setError] = useState<string | null>(null);
  const ages = useAgeCategories();
  const save = async () => {
    setError(null);
    try {
      await rest('post', '/booking/{id}/occupancy', {
        path: { id: booking.id },
        body: occupancyBody(draft, ages.data ?? []),
      });
      setOpen(false);
      onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      <Button
        startIcon={<AddIcon />}
        onClick={() => {
          setDraft(emptyDraft(booking.startDate ?? '', booking.endDate ?? ''));
          setOpen(true);
        }}
      >
        Ajouter une occupation
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>Ajouter une occupation</DialogTitle>
        <DialogContent>
          <OccupancyFields draft={draft} onChange={setDraft} />
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Annuler</Button>
          <Button variant="contained" onClick={save}>
            Ajouter
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
