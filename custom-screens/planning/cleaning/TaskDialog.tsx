// A cleaning task, new or existing: place, day, person, type, status, mode and notes;
// saved through the generic cleaning-task routes, or deleted after confirmation.
import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { formatDateFr } from '../../../common/dates';
import { DateFieldFr, errorBody, records } from '../../../admin/src/ui';
import type { Setup } from '../shared/model';
import { MODE, STATUS, TYPE, type Staff, type Task } from './model';

export function TaskDialog({
  task,
  staff,
  places,
  canWrite,
  onClose,
  onSaved,
}: {
  task: Partial<Task>;
  staff: Staff[];
  places: Setup['places'];
  canWrite: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [t, setT] = useState<Partial<Task>>(task);
  const [error, setError] = useState<string | null>(null);
  const isNew = !t.id;
  const set = (patch: Partial<Task>) => setT((x) => ({ ...x, ...patch }));
  const submit = async () => {
    setError(null);
    try {
      const body = {
        placeId: t.placeId,
        date: t.date,
        type: t.type,
        status: t.status,
        mode: t.mode,
        cleaningUserId: t.cleaningUserId ?? null,
        notes: t.notes ?? null,
      };
      if (t.id) await records.update('cleaning-task', t.id, body);
      else await records.create('cleaning-task', body);
      onSaved();
    } catch (e) {
      const errors = errorBody(e)?.errors;
      setError(errors ? Object.values(errors).join(' ; ') : (e as Error).message);
    }
  };
  const remove = async () => {
    if (!t.id || !window.confirm('Supprimer cette tâche ?')) return;
    try {
      await records.remove('cleaning-task', t.id);
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const place = places.find((p) => p.id === t.placeId) ?? null;
  const select = (label: string, field: 'type' | 'status' | 'mode', choices: Record<string, string>) => (
    <TextField
      select
      size="small"
      label={label}
      value={t[field] ?? ''}
      onChange={(e) => set({ [field]: e.target.value })}
      disabled={!canWrite}
    >
      {Object.entries(choices).map(([k, v]) => (
        <MenuItem key={k} value={k}>
          {v}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="task-title" maxWidth="xs" fullWidth>
      <DialogTitle id="task-title">
        {isNew ? 'Nouvelle tâche' : `Tâche ${t.placeCode ?? ''} du ${formatDateFr(t.date)}`}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {isNew ? (
            <Autocomplete
              size="small"
              options={places}
              value={place}
              getOptionLabel={(p) => p.code}
              onChange={(_, p) => set({ placeId: p?.id })}
              renderInput={(params) => <TextField {...params} label="Emplacement" required />}
              noOptionsText="Aucun emplacement"
            />
          ) : (
            t.bookingCode && (
              <Typography variant="body2">
                Départ du séjour {t.bookingCode}
                {t.customer ? ` — ${t.customer}` : ''}
              </Typography>
            )
          )}
          <DateFieldFr
            label="Jour"
            name="date"
            value={t.date ?? ''}
            onChange={(v) => set({ date: v ?? '' })}
            disabled={!canWrite}
          />
          {select('Statut', 'status', STATUS)}
          {select('Type', 'type', TYPE)}
          {select('Mode', 'mode', MODE)}
          <TextField
            select
            size="small"
            label="Attribuée à"
            value={t.cleaningUserId ?? 0}
            onChange={(e) => set({ cleaningUserId: Number(e.target.value) || null })}
            disabled={!canWrite}
          >
            <MenuItem value={0}>À attribuer</MenuItem>
            {staff.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {`${s.firstName ?? ''} ${s.lastName}`.trim()}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Remarques"
            multiline
            minRows={2}
            value={t.notes ?? ''}
            onChange={(e) => set({ notes: e.target.value })}
            disabled={!canWrite}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {!isNew && canWrite && t.source === 'manual' && (
          <Button color="error" onClick={() => void remove()}>
            Supprimer
          </Button>
        )}
        <Button onClick={onClose}>Fermer</Button>
        {canWrite && (
          <Button variant="contained" onClick={() => void submit()}>
            Enregistrer
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
