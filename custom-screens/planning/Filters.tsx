// The filters of the planning screens: multi-selects of zones, families, types,
// features and statuses (within a filter: any of the choices; between filters: all).
import { Autocomplete, Chip, TextField } from '@mui/material';

export interface Choice {
  id: number | string;
  label: string;
}

export function MultiFilter<T extends number | string>({
  label,
  choices,
  value,
  onChange,
  width = 190,
  testId,
}: {
  label: string;
  choices: Choice[];
  value: T[];
  onChange: (v: T[]) => void;
  width?: number;
  testId?: string;
}) {
  const selected = choices.filter((c) => value.includes(c.id as T));
  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={1}
      disableCloseOnSelect
      options={choices}
      value={selected}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, v) => onChange(v.map((c) => c.id as T))}
      renderTags={(v, getTagProps) =>
        v.map((o, i) => <Chip {...getTagProps({ index: i })} key={String(o.id)} label={o.label} size="small" />)
      }
      renderInput={(params) => (
        <TextField {...params} label={label} inputProps={{ ...params.inputProps, 'data-testid': testId }} />
      )}
      noOptionsText="Aucun choix"
      sx={{ width }}
    />
  );
}
