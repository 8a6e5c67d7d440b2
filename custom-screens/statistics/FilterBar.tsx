// The filter bar of the statistics screens: period, reference years (§9 (docs/constants.md#statistics): three at most),
// place types, layouts, channels, source and park, and the screen's own choices.
import { Box, Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { DateBox } from '../../admin/src/ui';
import type { Choice, FilterChoices, StatFilterState } from './useStatFilters';

export interface ScreenOption {
  param: string;
  label: string;
  choices: { id: string; label: string }[];
}

function MultiSelect({
  label,
  name,
  value,
  choices,
  onChange,
  max,
  none = 'Tous',
}: {
  label: string;
  name: string;
  value: (number | string)[];
  choices: Choice[];
  /** the ids picked: those of these filters are numbers */
  onChange: (v: number[]) => void;
  max?: number;
  none?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      name={name}
      sx={{ minWidth: 170, maxWidth: 240 }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (v) => {
            const ids = v as (number | string)[];
            return ids.length
              ? choices
                  .filter((c) => ids.includes(c.id))
                  .map((c) => c.label)
                  .join(', ')
              : none;
          },
        },
        inputLabel: { shrink: true },
      }}
      value={value}
      onChange={(e) => onChange(e.target.value as unknown as number[])}
    >
      {choices.map((c) => (
        <MenuItem
          key={c.id}
          value={c.id}
          dense
          disabled={!!max && value.length >= max && !value.includes(c.id)}
          data-testid={`${name}-${c.id}`}
        >
          <Checkbox size="small" checked={value.includes(c.id)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={c.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}

export function FilterBar({
  f,
  setF,
  choices,
  options = [],
}: {
  f: StatFilterState;
  setF: (fn: (f: StatFilterState) => StatFilterState) => void;
  choices: FilterChoices;
  options?: ScreenOption[];
}) {
  const year = Number(f.from.slice(0, 4));
  const first = Math.min(Number((choices.firstDay ?? f.from).slice(0, 4)), year - 1);
  const years: Choice[] = [];
  for (let y = year - 1; y >= Math.max(2000, first - 2); y--) years.push({ id: y, label: String(y) });
  const residential = f.park === 'residential';
  const set = (patch: Partial<StatFilterState>) => setF((x) => ({ ...x, ...patch }));
  return (
    <Box className="bv-no-print" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}>
      <Box sx={{ width: 150 }}>
        <DateBox
          label="Du"
          name="from"
          value={f.from}
          onChange={(v) => v && set({ from: v, compare: f.compare.filter((y) => y < Number(v.slice(0, 4))) })}
        />
      </Box>
      <Box sx={{ width: 150 }}>
        <DateBox label="Au" name="to" value={f.to} onChange={(v) => v && set({ to: v })} />
      </Box>
      <MultiSelect
        label="Années de référence"
        name="compare"
        value={f.compare}
        choices={years}
        max={3}
        none="Aucune"
        onChange={(v) => set({ compare: [...v].sort((a, b) => b - a) })}
      />
      <TextField
        select
        size="small"
        label="Parc"
        name="park"
        value={f.park}
        onChange={(e) => set({ park: e.target.value as StatFilterState['park'], placeTypeIds: [] })}
        sx={{ minWidth: 190 }}
      >
        {choices.parks.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      <MultiSelect
        label="Types d'emplacement"
        name="placeTypeIds"
        value={f.placeTypeIds}
        choices={choices.placeTypes.filter((t) => t.residential === residential)}
        onChange={(v) => set({ placeTypeIds: v })}
      />
      <MultiSelect
        label="Zones"
        name="layoutIds"
        value={f.layoutIds}
        choices={choices.layouts}
        onChange={(v) => set({ layoutIds: v })}
        none="Toutes"
      />
      <MultiSelect
        label="Canaux"
        name="channelIds"
        value={f.channelIds}
        choices={choices.channels}
        onChange={(v) => set({ channelIds: v })}
      />
      <TextField
        select
        size="small"
        label="Séjours comptés"
        name="source"
        value={f.source}
        onChange={(e) => set({ source: e.target.value as StatFilterState['source'] })}
        sx={{ minWidth: 170 }}
      >
        {choices.sources.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      {options.map((o) => (
        <TextField
          key={o.param}
          select
          size="small"
          label={o.label}
          name={o.param}
          value={f.extra[o.param] ?? o.choices[0].id}
          onChange={(e) => set({ extra: { ...f.extra, [o.param]: e.target.value } })}
          sx={{ minWidth: 170 }}
        >
          {o.choices.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
