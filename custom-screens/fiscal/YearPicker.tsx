// The civil year of a statement: the previous, this and the next years.
import { MenuItem, TextField } from '@mui/material';

export function YearPicker({ value, onChange }: { value: number; onChange: (y: number) => void }) {
  const now = new Date().getFullYear();
  const years = [
    now - 3,
    now - 2,
    now - 1,
    now,
    now + 1,
    ...(value > now + 1 || value < now - 3 ? [value] : []),
  ].sort();
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
