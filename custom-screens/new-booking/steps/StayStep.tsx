// Step 1 of the wizard: dates and persons, with the sales channel, partner and promo
// code the price depends on.
import { Autocomplete, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { nightsBetween } from '../../../common/dates';
import type { Draft } from '../wizardModel';
import type { References } from '../reference';
import { DateFieldFr } from '../../../admin/src/ui';
import { type SetDraft, numberInput } from './shared';

export function StayStep({
  draft,
  set,
  refs,
  errors,
}: {
  draft: Draft;
  set: SetDraft;
  refs: References;
  errors: Record<string, string>;
}) {
  const nights =
    draft.startDate && draft.endDate && draft.endDate > draft.startDate
      ? nightsBetween(draft.startDate, draft.endDate)
      : 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        <DateFieldFr
          sx={{ width: 200 }}
          label="Arrivée"
          required
          size="medium"
          value={draft.startDate}
          onChange={(v) => set({ startDate: v ?? '' })}
          error={!!errors.startDate}
          helperText={errors.startDate}
          data-testid="nb-start"
        />
        <DateFieldFr
          sx={{ width: 200 }}
          label="Départ"
          required
          size="medium"
          value={draft.endDate}
          onChange={(v) => set({ endDate: v ?? '' })}
          error={!!errors.endDate}
          helperText={errors.endDate ?? (nights ? `${nights} nuit${nights > 1 ? 's' : ''}` : ' ')}
          data-testid="nb-end"
        />
      </Stack>
      <Box>
        <Typography variant="subtitle1" gutterBottom>
          Occupants
        </Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          {refs.ages.map((a) =>
            numberInput(
              draft.occupants[a.id] ?? 0,
              (n) => set({ occupants: { ...draft.occupants, [a.id]: n } }),
              a.label,
              50,
              `nb-age-${a.id}`,
            ),
          )}
        </Stack>
        {errors.occupants && (
          <Typography color="error" variant="body2" role="alert">
            {errors.occupants}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        <AnySelect
          label="Type d'emplacement"
          all="Tous les types"
          value={draft.placeTypeId}
          options={refs.placeTypes}
          width={240}
          onChange={(placeTypeId) => set({ placeTypeId })}
        />
        <AnySelect
          label="Zone"
          all="Toutes les zones"
          value={draft.layoutId}
          options={refs.layouts}
          width={200}
          onChange={(layoutId) => set({ layoutId })}
        />
        <Autocomplete
          multiple
          size="small"
          options={refs.features}
          value={refs.features.filter((f) => draft.featureIds.includes(f.id))}
          sx={{ minWidth: 260 }}
          getOptionLabel={(f) => f.label}
          onChange={(_, v) => set({ featureIds: v.map((f) => f.id) })}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(p) => <TextField {...p} label="Caractéristiques" />}
          noOptionsText="Aucun choix"
        />
        <TextField
          fullWidth={false}
          select
          size="small"
          label="Canal de vente"
          value={draft.accessChannelId ?? 0}
          sx={{ minWidth: 200 }}
          onChange={(e) => set({ accessChannelId: Number(e.target.value) || null })}
        >
          <MenuItem value={0}>—</MenuItem>
          {refs.channels.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
        {refs.partners.length > 0 && (
          <TextField
            fullWidth={false}
            select
            size="small"
            label="Partenaire"
            value={draft.partnerId ?? 0}
            sx={{ minWidth: 200 }}
            onChange={(e) => set({ partnerId: Number(e.target.value) || null })}
          >
            <MenuItem value={0}>—</MenuItem>
            {refs.partners.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          fullWidth={false}
          size="small"
          label="Code promo"
          value={draft.promoCode}
          onChange={(e) => set({ promoCode: e.target.value })}
          inputProps={{ maxLength: 30 }}
        />
      </Stack>
    </Stack>
  );
}

/** A filter select whose first choice (« Tous les types ») means no filter (null). */
function AnySelect(props: {
  label: string;
  all: string;
  value: number | null | undefined;
  options: { id: number; label: string }[];
  width: number;
  onChange: (id: number | null) => void;
}) {
  return (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={props.label}
      value={props.value ?? 0}
      sx={{ minWidth: props.width }}
      onChange={(e) => props.onChange(Number(e.target.value) || null)}
    >
      <MenuItem value={0}>{props.all}</MenuItem>
      {props.options.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
