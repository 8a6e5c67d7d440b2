// Stay status, kind and cancellation labels from the booking schema, and the status chip
// the stay lists show (the planning board has its own palette).
import { Box, Chip } from '@mui/material';
import { meta as bookingMeta } from '../../common/generated/meta/booking';
import { enumLabels } from '../../common/entity-meta';

export const STATUS_LABELS = enumLabels(bookingMeta, 'statusId');
export const KIND_LABELS = enumLabels(bookingMeta, 'kind');
export const CANCELLATION_LABELS = enumLabels(bookingMeta, 'cancellation');
export const statusLabel = (id: number | null | undefined) =>
  id == null ? '' : (STATUS_LABELS[String(id)] ?? String(id));
export const kindLabel = (k: string | null | undefined) => (k ? (KIND_LABELS[k] ?? k) : '');

/** Colours of the statuses (the planning board uses its own palette). */
const STATUS_COLORS: Record<number, string> = {
  1: '#9e9e9e',
  2: '#1976d2',
  3: '#2e7d32',
  4: '#0288d1',
  5: '#7b1fa2',
  6: '#ef6c00',
  7: '#6d4c41',
  8: '#8d6e63',
  9: '#c62828',
  10: '#ad1457',
  11: '#ad1457',
  12: '#00838f',
  13: '#00695c',
  14: '#757575',
  15: '#bdbdbd',
  16: '#424242',
};

export function StatusChip({ statusId, cancellation }: { statusId: number; cancellation?: string }) {
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
      <Chip
        size="small"
        label={statusLabel(statusId)}
        sx={{ bgcolor: STATUS_COLORS[statusId] ?? '#9e9e9e', color: '#fff' }}
        data-testid="status-chip"
      />
      {cancellation === 'cancelling' && (
        <Chip size="small" variant="outlined" color="error" label={CANCELLATION_LABELS.cancelling} />
      )}
    </Box>
  );
}
