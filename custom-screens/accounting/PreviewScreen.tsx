// /accounting-preview: the entries of a period as the FEC would write them, before any
// export (all of them, or only those not exported yet).
import { useState } from 'react';
import { Alert, FormControlLabel, Stack, Switch } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DateFieldFr, Page, rest } from '../../admin/src/ui';
import { EntryLines } from './EntryLines';
import { previousMonth } from './period';

export default function PreviewScreen() {
  const [range, setRange] = useState(previousMonth());
  const [pending, setPending] = useState(true);
  const ready = !!range.from && !!range.to;
  const q = useQuery({
    queryKey: ['accounting-preview', range, pending],
    queryFn: () =>
      rest('get', '/accounting/preview', {
        query: { startDate: range.from, endDate: range.to, pending: pending || undefined },
      }),
    enabled: ready,
    retry: false,
  });
  return (
    <Page title="Prévisualisation des écritures comptables">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} alignItems="center">
        <DateFieldFr label="Du" value={range.from} onChange={(v) => setRange({ ...range, from: v ?? '' })} />
        <DateFieldFr label="Au" value={range.to} onChange={(v) => setRange({ ...range, to: v ?? '' })} />
        <FormControlLabel
          control={<Switch checked={pending} onChange={(e) => setPending(e.target.checked)} />}
          label="Seulement les écritures non exportées"
        />
      </Stack>
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      <EntryLines data={q.data} loading={q.isLoading && ready} />
    </Page>
  );
}
