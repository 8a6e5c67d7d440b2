// A concierge service ordered for a stay: the service, how many, the day (a night of the
// stay) and the hour; the stay is priced again by the engine (the service is its extra).
import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { DateBox, rest, type Row } from '../../admin/src/ui';
import { addDays, todayParis } from '../../common/dates';

export function OrderForm({ bookingId, services, onDone }: { bookingId: number; services: Row[]; onDone: () => void }) {
  const [extraId, setExtraId] = useState<number | ''>('');
  const [quantity, setQuantity] = useState('1');
  const [serviceDate, setServiceDate] = useState(addDays(todayParis(), 1));
  const [serviceTime, setServiceTime] = useState('08:00');
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  if (!services.length)
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        Aucun service de conciergerie : cochez « Service de conciergerie » sur un extra (Fichiers › Prestations).
      </Alert>
    );
  const order = async () => {
    setError(null);
    try {
      const summary = await rest('get', '/booking/{id}/summary', { path: { id: bookingId } });
      const occupancy = summary.occupancies.find((o) => !o.isCancelled);
      if (!occupancy) throw new Error('Ce séjour n’a aucune occupation en cours');
      await rest('post', '/concierge/order', {
        body: {
          occupancyId: occupancy.id,
          extraId: Number(extraId),
          quantity: Number(quantity),
          serviceDate,
          serviceTime,
        },
      });
      notify('Service commandé', { type: 'success' });
      onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Service"
          value={extraId}
          onChange={(e) => setExtraId(Number(e.target.value))}
          sx={{ minWidth: 200 }}
        >
          {services.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Quantité"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          sx={{ width: 100 }}
        />
        <DateBox label="Jour" value={serviceDate} onChange={setServiceDate} />
        <TextField
          size="small"
          type="time"
          label="Heure"
          value={serviceTime}
          onChange={(e) => setServiceTime(e.target.value)}
          InputLabelProps={{ shrink: true }}
        />
        <Button variant="contained" onClick={() => void order()} disabled={!extraId || !/^\d+$/.test(quantity)}>
          Commander
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
    </>
  );
}
