// « Extras » on an occupancy of the stay screen: add, change or remove an extra (bread,
// electricity, visitor, extra car…) without the wizard. Only the extras the grid prices
// are offered, the others are listed with the reason; the occupancy's price after the
// change is computed by the engine (POST /rest/occupancy/{id}/quote, nothing written)
// and shown before « Enregistrer », which saves them in one go (POST …/extras).
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { euros, rest, type Row } from '../../../admin/src/ui';
import { deltaLabel, offered, rowsOf, type ExtraRow } from './extras-model';
import type { Summary } from './actions';

export function ExtrasDialog({ o, onClose, onSaved }: { o: Row; onClose: () => void; onSaved: (s: Summary) => void }) {
  const [rows, setRows] = useState<ExtraRow[]>(() => rowsOf(o.extras));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const offers = useQuery({
    queryKey: ['extra-offers', o.placeId, o.placeTypeId, o.startDate, o.endDate],
    queryFn: () =>
      rest('get', '/booking/extra-offers', {
        query: o.placeId
          ? { placeId: o.placeId, startDate: o.startDate, endDate: o.endDate }
          : { placeTypeId: o.placeTypeId, startDate: o.startDate, endDate: o.endDate },
      }),
  });
  const quote = (extras: ExtraRow[] | null) =>
    rest('post', '/occupancy/{id}/quote', {
      path: { id: o.id },
      body: extras ? { occupancy: { extras } } : {},
    });
  const before = useQuery({ queryKey: ['extras-quote', o.id, 'stored'], queryFn: () => quote(null), gcTime: 0 });
  const key = JSON.stringify(rows);
  const after = useQuery({
    queryKey: ['extras-quote', o.id, key],
    queryFn: () => quote(rows),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const label = (extraId: number) =>
    offers.data?.extras.find((x) => x.id === extraId)?.label ??
    o.extras?.find((x: Row) => x.extraId === extraId)?.extraLabel ??
    '';
  const { priced, unpriced } = offered(offers.data, rows);
  const total = (q: typeof before.data) => (q as Row | undefined)?.quote?.total as number | undefined;
  const was = total(before.data);
  const now = after.isPlaceholderData ? undefined : total(after.data);
  const priceError = (after.data as Row | undefined)?.error?.message as string | undefined;
  const setQuantity = (i: number, q: number) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, quantity: Math.max(1, Math.min(1000, q || 1)) } : r)));
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const s = await rest('post', '/occupancy/{id}/extras', {
        path: { id: o.id },
        body: { extras: rows, version: o.version },
      });
      onSaved(s as unknown as Summary);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{`Extras de l’occupation ${o.placeCode ?? ''}`.trim()}</DialogTitle>
      <DialogContent data-testid="extras-dialog">
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {rows.length === 0 && <Typography variant="body2">Aucun extra sur cette occupation</Typography>}
          {rows.map((r, i) => (
            <Box key={`${r.id ?? 'new'}-${r.extraId}`} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ flex: 1 }}>{label(r.extraId)}</Typography>
              <TextField
                type="number"
                size="small"
                label="Quantité"
                value={r.quantity}
                onChange={(e) => setQuantity(i, Number(e.target.value))}
                inputProps={{ min: 1, max: 1000, 'data-testid': `extra-quantity-${r.extraId}` }}
                sx={{ width: 110 }}
              />
              <IconButton
                aria-label={`Retirer ${label(r.extraId)}`}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          <TextField
            select
            size="small"
            label="Ajouter un extra"
            value=""
            disabled={!priced.length}
            helperText={offers.isPending ? 'Lecture de la grille…' : undefined}
            onChange={(e) => setRows([...rows, { extraId: Number(e.target.value), quantity: 1 }])}
            inputProps={{ 'data-testid': 'extra-add' }}
          >
            {priced.map((x) => (
              <MenuItem key={x.id} value={String(x.id)}>
                {x.label}
              </MenuItem>
            ))}
          </TextField>
          {unpriced.length > 0 && (
            <Typography variant="caption" color="text.secondary" data-testid="extras-unpriced">
              {`Non proposés, sans prix : ${unpriced.map((x) => x.label).join(', ')}. ${unpriced[0].reason ?? ''}`}
            </Typography>
          )}
          {priceError && <Alert severity="warning">{priceError}</Alert>}
          <Typography data-testid="extras-price">
            {was === undefined || now === undefined
              ? 'Calcul du prix…'
              : `Prix de l’occupation : ${euros(was)} → ${euros(now)} (${deltaLabel(now - was, euros)})`}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer sans enregistrer</Button>
        <Button variant="contained" disabled={saving || now === undefined} onClick={save} data-testid="extras-save">
          Enregistrer les extras
        </Button>
      </DialogActions>
    </Dialog>
  );
}
