// What the wizard's steps share: the draft setter's type and a bounded number input.
import { TextField } from '@mui/material';
import type { Draft } from '../wizardModel';

export type SetDraft = (patch: Partial<Draft>) => void;

export const numberInput = (value: number, onChange: (n: number) => void, label: string, max = 99, testId?: string) => (
  <TextField
    key={label}
    fullWidth={false}
    size="small"
    type="number"
    label={label}
    value={value}
    sx={{ width: 130 }}
    inputProps={{ min: 0, max, 'data-testid': testId }}
    onChange={(e) => onChange(Math.max(0, Math.min(max, Math.floor(Number(e.target.value) || 0))))}
  />
);
