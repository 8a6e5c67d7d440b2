// Adding an occupancy (a place for some nights, its equipment and its occupants by
// age category): used by the booking screen and by "Réserver" in the availability
// search. The full new-booking wizard (options, prices, payments) is /new-booking.
import { Box, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DateBox, records, type components, type Row } from '../../admin/src/ui';

export interface OccupancyDraft {
  placeId: number | '';
  equipmentId: number | '';
  startDate: string;
  endDate: string;
  counts: Record<number, string>;
}

export const emptyDraft = (startDate: string, endDate: string, placeId: number | '' = ''): OccupancyDraft => ({
  placeId,
  equipmentId: '',
  startDate,
  endDate,
  counts: {},
});

/** The body of one occupancy for POST /rest/booking/create or /rest/booking/{id}/occupancy. */
export function occupancyBody(d: OccupancyDraft, ages: Row[]): components['schemas']['OccupancyInput'] {
  const details = Object.entries(withDefaults(d, ages))
    .map(([ageCategoryId, q]) => ({ ageCategoryId: Number(ageCategoryId), quantity: Number(q) || 0 }))
    .filter((x) => x.quantity > 0);
  return {
    placeId: d.placeId === '' ? null : d.placeId,
    equipmentId: d.equipmentId === '' ? null : d.equipmentId,
    startDate: d.startDate,
    endDate: d.endDate,
    details,
  };
}

export function useAgeCategories() {
  return useQuery({
    queryKey: ['age-categories-active'],
    queryFn: () => records.list('age-category', { filter: { isActif: true }, sort: ['order', 'ASC'] }),
    staleTime: 60_000,
  });
}

export function OccupancyFields({
  draft,
  onChange,
  withPlace = true,
}: {
  draft: OccupancyDraft;
  onChange: (d: OccupancyDraft) => void;
  withPlace?: boolean;
}) {
  const places = useQuery({
    queryKey: ['places-active'],
    queryFn: () => records.active('place'),
    staleTime: 60_000,
    enabled: withPlace,
  });
  const equipment = useQuery({
    queryKey: ['equipment-active'],
    queryFn: () => records.active('equipment'),
    staleTime: 60_000,
  });
  const ages = useAgeCategories();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {withPlace && (
          <TextField
            fullWidth={false}
            select
            size="small"
            label="Emplacement"
            name="placeId"
            value={draft.placeId}
            sx={{ minWidth: 180 }}
            onChange={(e) => onChange({ ...draft, placeId: e.target.value === '' ? '' : Number(e.target.value) })}
          >
            <MenuItem value="">—</MenuItem>
            {(places.data ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.code}
                {p.label ? ` – ${p.label}` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <DateBox
          label="Arrivée"
          value={draft.startDate}
          onChange={(v) => onChange({ ...draft, startDate: v })}
          name="startDate"
        />
        <DateBox
          label="Départ"
          value={draft.endDate}
          onChange={(v) => onChange({ ...draft, endDate: v })}
          name="endDate"
        />
        <TextField
          fullWidth={false}
          select
          size="small"
          label="Équipement"
          name="equipmentId"
          value={draft.equipmentId}
          sx={{ minWidth: 200 }}
          onChange={(e) => onChange({ ...draft, equipmentId: e.target.value === '' ? '' : Number(e.target.value) })}
        >
          <MenuItem value="">Aucun (locatif)</MenuItem>
          {(equipment.data ?? []).map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {e.label} ({e.capacity} pers.)
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {(ages.data ?? []).map((a, i) => (
          <TextField
            fullWidth={false}
            key={a.id}
            size="small"
            label={a.label}
            name={`occupants-${i}`}
            sx={{ width: 150 }}
            value={draft.counts[a.id] ?? (i === 0 ? '2' : '0')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(e) =>
              onChange({
                ...draft,
                counts: { ...withDefaults(draft, ages.data ?? []), [a.id]: e.target.value.replace(/\D/g, '') },
              })
            }
          />
        ))}
      </Box>
    </Box>
  );
}

/** The occupant counts as shown (two adults unless typed otherwise). */
export function withDefaults(d: OccupancyDraft, ages: Row[]): Record<number, string> {
  const out: Record<number, string> = {};
  ages.forEach((a, i) => {
    out[a.id] = d.counts[a.id] ?? (i === 0 ? '2' : '0');
  });
  return out;
}
