// Step 4 of the wizard: the occupants' extras — tourist tax exemptions, equipment,
// animals, vehicles, extras, insurance, notes.
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { countFr, countLabelFr } from '../../../common/french';
import type { Draft, Exemption } from '../wizardModel';
import { occupantList, persons } from '../wizardModel';
import type { References } from '../reference';
import { type SetDraft, numberInput } from './shared';
import { ExtrasPicker } from './ExtrasPicker';

/**
 * Per age category (minors are exempt by their category): how many persons are exempt from the tourist tax, and why.
 */
function Exemptions({ draft, set, refs }: { draft: Draft; set: SetDraft; refs: References }) {
  const taxed = occupantList(draft).filter((o) => !refs.ages.find((a) => a.id === o.ageCategoryId)?.isTouristTaxExempt);
  if (!taxed.length || !refs.exemptions.length) return null;
  const put = (ageCategoryId: number, patch: Partial<Exemption>) => {
    const e: Exemption = { ...(draft.exemptions[ageCategoryId] ?? { quantity: 0, reasonId: null }), ...patch };
    set({ exemptions: { ...draft.exemptions, [ageCategoryId]: e } });
  };
  return (
    <Box>
      <Typography variant="subtitle1">Exonérations de taxe de séjour</Typography>
      <Stack spacing={1}>
        {taxed.map((o) => {
          const e = draft.exemptions[o.ageCategoryId] ?? { quantity: 0, reasonId: null };
          const label = refs.ages.find((a) => a.id === o.ageCategoryId)?.label ?? '';
          return (
            <Stack key={o.ageCategoryId} direction="row" spacing={1} alignItems="center">
              {numberInput(
                Math.min(e.quantity, o.quantity),
                (n) => put(o.ageCategoryId, { quantity: n }),
                `${label} : nombre d’exonérés`,
                o.quantity,
                `nb-exempt-${o.ageCategoryId}`,
              )}
              <TextField
                fullWidth={false}
                select
                size="small"
                label="Motif d'exonération"
                value={e.reasonId ?? 0}
                sx={{ width: 420 }}
                disabled={!e.quantity}
                error={e.quantity > 0 && !e.reasonId}
                helperText={e.quantity > 0 && !e.reasonId ? "Indiquez le motif d'exonération de taxe de séjour" : ' '}
                onChange={(ev) => put(o.ageCategoryId, { reasonId: Number(ev.target.value) || null })}
                inputProps={{ 'data-testid': `nb-exempt-reason-${o.ageCategoryId}` }}
              >
                <MenuItem value={0}>—</MenuItem>
                {refs.exemptions.map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {r.label}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}

export function DetailsStep({
  draft,
  set,
  refs,
  isRental,
}: {
  draft: Draft;
  set: SetDraft;
  refs: References;
  isRental: boolean;
}) {
  const guestEquipment = refs.equipment.filter((e) => !e.isRental || e.id === draft.equipmentId);
  return (
    <Stack spacing={2.5}>
      <Typography>
        {countFr(persons(draft), 'occupant')} :{' '}
        {occupantList(draft)
          .map((o) => countLabelFr(o.quantity, refs.ages.find((a) => a.id === o.ageCategoryId)?.label ?? ''))
          .join(', ')}
      </Typography>
      <Exemptions draft={draft} set={set} refs={refs} />
      {!isRental && (
        <TextField
          select
          size="small"
          label="Équipement"
          value={draft.equipmentId ?? 0}
          sx={{ maxWidth: 320 }}
          onChange={(e) => set({ equipmentId: Number(e.target.value) || null })}
        >
          <MenuItem value={0}>—</MenuItem>
          {guestEquipment.map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {e.label} ({e.capacity} pers.)
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box>
        <Typography variant="subtitle1">Animaux</Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          {refs.animals.map((a) =>
            numberInput(
              draft.animals.find((x) => x.animalTypeId === a.id)?.quantity ?? 0,
              (n) =>
                set({
                  animals: [
                    ...draft.animals.filter((x) => x.animalTypeId !== a.id),
                    ...(n ? [{ animalTypeId: a.id, quantity: n }] : []),
                  ],
                }),
              a.label,
              10,
            ),
          )}
        </Stack>
      </Box>
      <Box>
        <Typography variant="subtitle1">Véhicules</Typography>
        <Stack spacing={1}>
          {draft.vehicles.map((v, i) => (
            <Stack key={i} direction="row" spacing={1} alignItems="center">
              <TextField
                select
                size="small"
                label="Type de véhicule"
                value={v.vehicleTypeId}
                sx={{ minWidth: 220 }}
                onChange={(e) =>
                  set({
                    vehicles: draft.vehicles.map((x, j) =>
                      j === i ? { ...x, vehicleTypeId: Number(e.target.value) } : x,
                    ),
                  })
                }
              >
                {refs.vehicles.map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {t.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Immatriculation"
                value={v.licencePlate}
                inputProps={{ maxLength: 15 }}
                onChange={(e) =>
                  set({
                    vehicles: draft.vehicles.map((x, j) =>
                      j === i ? { ...x, licencePlate: e.target.value.toUpperCase() } : x,
                    ),
                  })
                }
              />
              <IconButton
                aria-label="Retirer le véhicule"
                onClick={() => set({ vehicles: draft.vehicles.filter((_, j) => j !== i) })}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          {refs.vehicles.length > 0 && (
            <Box>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() =>
                  set({ vehicles: [...draft.vehicles, { vehicleTypeId: refs.vehicles[0].id, licencePlate: '' }] })
                }
              >
                Ajouter un véhicule
              </Button>
            </Box>
          )}
        </Stack>
      </Box>
      <ExtrasPicker draft={draft} set={set} refs={refs} />
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.withCancellationInsurance}
            onChange={(e) => set({ withCancellationInsurance: e.target.checked })}
          />
        }
        label="Assurance annulation"
      />
      <TextField
        label="Remarques"
        multiline
        minRows={2}
        value={draft.notes}
        onChange={(e) => set({ notes: e.target.value })}
        inputProps={{ maxLength: 4000 }}
      />
    </Stack>
  );
}
