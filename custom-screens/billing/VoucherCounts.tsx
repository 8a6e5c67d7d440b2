// The count of paper holiday vouchers (Chèques-Vacances ANCV) of each denomination, typed
// in the payment dialog: the payment's amount is their sum.
import { Stack, TextField, Typography } from '@mui/material';
import { ANCV_DENOMINATIONS } from '../../common/holiday-vouchers';

export function VoucherCounts({
  counts,
  onChange,
}: {
  counts: Record<number, string>;
  onChange: (counts: Record<number, string>) => void;
}) {
  return (
    <Stack spacing={1} data-testid="payment-vouchers">
      <Typography variant="body2">Nombre de chèques-vacances de chaque valeur</Typography>
      <Stack direction="row" spacing={1}>
        {ANCV_DENOMINATIONS.map((d) => {
          const value = counts[d] ?? '';
          const wrong = value !== '' && !/^\d+$/.test(value);
          return (
            <TextField
              key={d}
              size="small"
              label={`${d / 100} €`}
              value={value}
              error={wrong}
              helperText={wrong ? 'Un nombre entier' : undefined}
              onChange={(e) => onChange({ ...counts, [d]: e.target.value.trim() })}
              inputProps={{ inputMode: 'numeric', 'data-testid': `payment-vouchers-${d / 100}` }}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
