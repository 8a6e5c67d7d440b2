// The plan's toolbar: the night(s) shown, the size, edit mode and the image upload.
import { useRef } from 'react';
import { Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import UploadIcon from '@mui/icons-material/Upload';
import SaveIcon from '@mui/icons-material/Save';
import { addDays, formatDateFr } from '../../common/dates';
import { useCan, DateFieldFr } from '../../admin/src/ui';
import { rateText } from './planModel';
import type { PlanState } from './usePlan';

export function PlanToolbar({ state }: { state: PlanState }) {
  const { date, setDate, nights, setNights, occ, fit, setFit, edit, setEdit, moved } = state;
  const { savePositions, cancelEdit, upload } = state;
  const canWrite = useCan('camp.plan', 'write');
  const fileRef = useRef<HTMLInputElement>(null);
  const hasImage = !!state.data?.plan?.imageMime;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
      <DateFieldFr label="Nuit du" value={date} onChange={(v) => v && setDate(v)} data-testid="plan-date" />
      <TextField
        size="small"
        type="number"
        label="Nuits"
        value={nights}
        onChange={(e) => setNights(Math.max(1, Math.min(366, Number(e.target.value) || 1)))}
        sx={{ width: 90 }}
        inputProps={{ min: 1, max: 366 }}
      />
      <Typography variant="body2">
        du {formatDateFr(date)} au {formatDateFr(addDays(date, nights))}
        {occ ? ` — occupation ${rateText(occ.total.rate)}` : ''}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={fit ? 'fit' : 'real'}
        onChange={(_, v) => v && setFit(v === 'fit')}
        aria-label="Taille"
      >
        <ToggleButton value="fit">Ajuster</ToggleButton>
        <ToggleButton value="real">Taille réelle</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ flex: 1 }} />
      {canWrite && !edit && (
        <Button size="small" startIcon={<EditIcon />} onClick={() => setEdit(true)}>
          Modifier les positions
        </Button>
      )}
      {canWrite && edit && (
        <>
          <Button
            size="small"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={!moved.size}
            onClick={() => void savePositions()}
          >
            Enregistrer les positions ({moved.size})
          </Button>
          <Button size="small" onClick={cancelEdit}>
            Annuler
          </Button>
        </>
      )}
      {canWrite && (
        <>
          <Button size="small" startIcon={<UploadIcon />} onClick={() => fileRef.current?.click()}>
            {hasImage ? 'Remplacer le plan' : 'Charger le plan'}
          </Button>
          <input
            ref={fileRef}
            type="file"
            hidden
            accept=".jpg,.jpeg,.png,.gif"
            data-testid="plan-upload"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void upload(f);
            }}
          />
        </>
      )}
    </Stack>
  );
}
