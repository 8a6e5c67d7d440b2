// The "Compteurs" page of a place: its meters (rows of their own, camp.meter:
// type, number, installed and removed on, active), added and changed through the
// generic /rest/meter routes. Readings are another screen's.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNotify, type HttpError } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { records, useCan, DataTable, DateFieldFr, dateFr, type Row } from '../../admin/src/ui';
import { DATE_INVALID_FR } from '../../common/date-input';

const EMPTY: Row = { meterTypeId: '', number: '', installedOn: '', removedOn: '', isActive: true, notes: '' };

function MeterDialog({
  placeId,
  meter,
  types,
  onClose,
}: {
  placeId: number;
  meter: Row;
  types: Row[];
  onClose: (saved: boolean) => void;
}) {
  const [v, setV] = useState<Row>({ ...EMPTY, ...meter });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [badDates, setBadDates] = useState<Record<string, boolean>>({});
  const set = (k: string, value: unknown) => setV({ ...v, [k]: value });
  const save = async () => {
    setErrors({});
    setError(null);
    if (Object.values(badDates).some(Boolean)) {
      setError(DATE_INVALID_FR);
      return;
    }
    const body = {
      placeId,
      // No type: the field is left out, and the server says it is required.
      meterTypeId: v.meterTypeId === '' ? undefined : Number(v.meterTypeId),
      number: v.number,
      installedOn: v.installedOn || null,
      removedOn: v.removedOn || null,
      isActive: !!v.isActive,
      notes: v.notes || null,
    };
    try {
      await records.save('meter', { ...body, id: v.id });
      onClose(true);
    } catch (e) {
      setErrors((e as HttpError).body?.errors ?? {});
      setError((e as Error).message);
    }
  };
  const field = (name: string, label: string) => (
    <TextField
      name={name}
      label={label}
      value={v[name] ?? ''}
      onChange={(e) => set(name, e.target.value)}
      fullWidth
      margin="dense"
      error={!!errors[name]}
      helperText={errors[name]}
    />
  );
  // The French date field: DD/MM/YYYY typed, 'YYYY-MM-DD' sent; a wrong text is told under it.
  const dateField = (name: string, label: string) => (
    <DateFieldFr
      name={name}
      label={label}
      value={v[name] || null}
      onChange={(d) => set(name, d ?? '')}
      size="medium"
      fullWidth
      margin="dense"
      onInvalid={(bad) => setBadDates((b) => ({ ...b, [name]: bad }))}
      error={!!errors[name]}
      helperText={errors[name]}
    />
  );
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <DialogTitle>{v.id ? `Compteur ${meter.number}` : 'Nouveau compteur'}</DialogTitle>
      <DialogContent>
        <TextField
          select
          name="meterTypeId"
          label="Type de compteur"
          value={String(v.meterTypeId ?? '')}
          onChange={(e) => set('meterTypeId', e.target.value)}
          fullWidth
          margin="dense"
          required
          error={!!errors.meterTypeId}
          helperText={errors.meterTypeId}
        >
          {types.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>{`${t.label} (${t.unit})`}</MenuItem>
          ))}
        </TextField>
        {field('number', 'Numéro de compteur')}
        <Box sx={{ display: 'flex', gap: 2 }}>
          {dateField('installedOn', 'Posé le')}
          {dateField('removedOn', 'Déposé le')}
        </Box>
        <FormControlLabel
          label="Actif"
          control={
            <Checkbox checked={!!v.isActive} onChange={(e) => set('isActive', e.target.checked)} name="isActive" />
          }
        />
        {field('notes', 'Remarques')}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Annuler</Button>
        <Button variant="contained" onClick={save}>
          Enregistrer
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function PlaceMeters({ placeId }: { placeId: number }) {
  const canRead = useCan('camp.meter', 'read');
  const canWrite = useCan('camp.meter', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const meters = useQuery({
    queryKey: ['place-meters', placeId],
    queryFn: () => records.list('meter', { filter: { placeId }, sort: ['number', 'ASC'], range: [0, 199] }),
    enabled: canRead,
  });
  const types = useQuery({
    queryKey: ['meter-types'],
    queryFn: () => records.list('meter-type', { sort: ['label', 'ASC'] }),
    enabled: canRead,
  });
  const typeOf = (id: number) => types.data?.find((t) => t.id === id);
  if (!canRead)
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        401 Droit insuffisant
      </Alert>
    );
  return (
    <Box sx={{ p: 2 }}>
      {canWrite && (
        <Button startIcon={<AddIcon />} sx={{ mb: 1 }} onClick={() => setEditing({})}>
          Ajouter un compteur
        </Button>
      )}
      <DataTable
        name={`place-meters-${placeId}`}
        loading={meters.isFetching}
        rows={meters.data}
        empty={meters.error ? (meters.error as Error).message : 'Aucun compteur'}
        onOpen={canWrite ? (r) => setEditing(r) : undefined}
        columns={[
          { key: 'meterTypeId', label: 'Type', render: (r) => typeOf(r.meterTypeId)?.label ?? '' },
          { key: 'number', label: 'Numéro' },
          { key: 'unit', label: 'Unité', render: (r) => typeOf(r.meterTypeId)?.unit ?? '' },
          { key: 'installedOn', label: 'Posé le', render: (r) => dateFr(r.installedOn) },
          { key: 'removedOn', label: 'Déposé le', render: (r) => dateFr(r.removedOn) },
          { key: 'isActive', label: 'Actif', render: (r) => (r.isActive ? 'Oui' : 'Non') },
        ]}
      />
      {editing && (
        <MeterDialog
          placeId={placeId}
          meter={editing}
          types={types.data ?? []}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              notify('Enregistrement effectué', { type: 'success' });
              qc.invalidateQueries({ queryKey: ['place-meters', placeId] });
            }
          }}
        />
      )}
    </Box>
  );
}
