// « Réserver » from the availability search: the place booked at once with the search's
// occupants (priced as the search showed), a customer and a nature.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem } from '@mui/material';
import { TextField } from '@mui/material';
import { CustomerPicker, type CustomerOption } from '../customers/CustomerPicker';
import { OccupancyFields, emptyDraft, occupancyBody, useAgeCategories, type OccupancyDraft } from './OccupancyForm';
import { rest, type Row } from '../../admin/src/ui';
import type { Criteria } from './useAvailabilitySearch';

type Kind = 'quote' | 'option' | 'booking' | 'passage';

export function BookDialog({ place, criteria, onClose }: { place: Row; criteria: Criteria; onClose: () => void }) {
  const navigate = useNavigate();
  const ages = useAgeCategories();
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [kind, setKind] = useState<Kind>('booking');
  // The occupants of the search come along: the booking is priced as the search showed.
  const [draft, setDraft] = useState<OccupancyDraft>({
    ...emptyDraft(criteria.startDate, criteria.endDate, place.placeId),
    counts: { ...criteria.counts },
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const book = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await rest('post', '/booking/create', {
        body: {
          kind,
          temporary: false,
          customerId: customer?.id ?? null,
          occupancies: [occupancyBody(draft, ages.data ?? [])],
        },
      });
      navigate(`/booking/${r.booking.id}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Réserver l’emplacement {place.code}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
          <CustomerPicker value={customer} onChange={setCustomer} />
          <TextField
            fullWidth={false}
            select
            size="small"
            label="Nature"
            value={kind}
            name="kind"
            onChange={(e) => setKind(e.target.value as Kind)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="booking">Réservation</MenuItem>
            <MenuItem value="option">Option</MenuItem>
            <MenuItem value="quote">Devis</MenuItem>
            <MenuItem value="passage">Passage</MenuItem>
          </TextField>
        </Box>
        <OccupancyFields draft={draft} onChange={setDraft} withPlace={false} />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" onClick={book} disabled={busy}>
          Réserver
        </Button>
      </DialogActions>
    </Dialog>
  );
}
