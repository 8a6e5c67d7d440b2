// What a channel sent with an online booking (api/domain/channels): the price it sold,
// its lines, its commission, and — when the stay could not follow by itself — why, with
// the free places of the type to choose from before « Intégrer ».
import { Alert, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { euros, records, type Row } from '../../admin/src/ui';

export function ChannelDetails({
  row,
  placeId,
  onPlace,
}: {
  row: Row;
  placeId: number | null;
  onPlace: (id: number | null) => void;
}) {
  const free: number[] = Array.isArray(row.freePlaceIds) ? row.freePlaceIds : [];
  const places = useQuery({
    queryKey: ['free-places', free],
    queryFn: () => Promise.all(free.map((id) => records.get('place', id))),
    enabled: free.length > 0 && row.bookingId == null,
  });
  const lines: Row[] = Array.isArray(row.lines) ? row.lines : [];
  if (row.channelModuleId == null && !row.problem) return null;
  return (
    <>
      {row.problem && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {row.problem}
        </Alert>
      )}
      {row.channelModuleId != null && (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Typography>
              Prix vendu sur le canal : <strong>{euros(row.channelTotal)}</strong>
              {row.commissionAmount != null ? ` · commission du canal : ${euros(row.commissionAmount)}` : ''}
              {row.externalRoomType ? ` · hébergement « ${row.externalRoomType} »` : ''}
            </Typography>
            {lines.map((l, i) => (
              <Typography key={i} variant="body2">
                {l.label} : {euros(l.amount)}
              </Typography>
            ))}
          </CardContent>
        </Card>
      )}
      {row.bookingId == null && free.length > 0 && (
        <TextField
          select
          size="small"
          label="Emplacement libre"
          value={placeId ?? ''}
          sx={{ minWidth: 240, mb: 2 }}
          onChange={(e) => onPlace(e.target.value ? Number(e.target.value) : null)}
        >
          {(places.data ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.code}
              {p.label ? ` — ${p.label}` : ''}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
