// The « Du … Au … » pickers of the period screens.
import { Stack } from '@mui/material';
import { DateFieldFr } from '../../admin/src/ui';

export function PeriodFields({
  value,
  onChange,
}: {
  value: { from: string; to: string };
  onChange: (v: { from: string; to: string }) => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
      <DateFieldFr label="Du" value={value.from} onChange={(v) => onChange({ ...value, from: v ?? '' })} />
      <DateFieldFr label="Au" value={value.to} onChange={(v) => onChange({ ...value, to: v ?? '' })} />
    </Stack>
  );
}
