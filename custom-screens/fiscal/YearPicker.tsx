// The civil year of a statement: 2018 to the next two years (spec §9 (docs/constants.md#closures),
// common/year-choices.ts).
import { MenuItem, TextField } from '@mui/material';
import { yearChoices } from '../../common/year-choices';

export function YearPicker({ value, onChange }: { value: number; onChange: (y: number) => void }) {
  const years = yearChoices(new Date().getFullYear(), value);
  return (
    <TextField
      select
      size="small"
      label="Année"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width: 120 }}
      data-testid="year-picker"
    >
      {years.map((y) => (
        <MenuItem key={y} value={y}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );
}
