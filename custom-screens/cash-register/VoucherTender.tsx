// Holiday vouchers in the till's payment dialog: which kind when the campsite takes both
// paper Chèques-Vacances and electronic ones (Connect), and for paper ones the count of
// each denomination (the tender's amount is their sum, as at the desk).
import { Box, MenuItem, TextField } from '@mui/material';
import type { TillMethod } from './till/model';
import { VoucherCounts } from '../billing/VoucherCounts';

export function VoucherTender({
  paper,
  electronic,
  chosen,
  onChoose,
  counts,
  onCounts,
}: {
  paper: TillMethod | undefined;
  electronic: TillMethod | undefined;
  chosen: TillMethod | undefined;
  onChoose: (methodId: number) => void;
  counts: Record<number, string>;
  onCounts: (counts: Record<number, string>) => void;
}) {
  return (
    <>
      {paper && electronic && (
        <TextField
          select
          label="Chèques-vacances"
          value={chosen!.id}
          onChange={(e) => onChoose(Number(e.target.value))}
          size="small"
          sx={{ mt: 2, minWidth: 260 }}
          inputProps={{ 'data-testid': 'tender-voucher-method' }}
        >
          {[paper, electronic].map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.isPaperVoucher ? `${m.label} (papier, par valeur)` : m.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {chosen?.isPaperVoucher && (
        <Box sx={{ mt: 2 }}>
          <VoucherCounts counts={counts} onChange={onCounts} />
        </Box>
      )}
    </>
  );
}
