// /daily-operations (§2, docs/screens.md#billing-and-finance): the day's takings per payment method, its sales per VAT
// rate, the operations recorded, and the Z of the day (its PDF) or the button that makes it.
import { useState } from 'react';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { todayParis } from '../../common/dates';
import { closurePdf, euros, KIND, TotalsTables } from './common';
import { ClosureConfirm } from './ClosureConfirm';
import { useCan, DataTable, Page, DateFieldFr, rest } from '../../admin/src/ui';

export default function DailyOperations() {
  const notify = useNotify();
  const canWrite = useCan('invoice.closures', 'write');
  const [date, setDate] = useState(todayParis());
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['daily-operations', date],
    queryFn: () => rest('get', '/daily-operations', { query: { date } }),
    enabled: !!date,
  });
  const [asking, setAsking] = useState(false);
  const closeDay = async () => {
    setAsking(false);
    setError(null);
    try {
      const r = await rest('post', '/closure/day', { body: { date } });
      notify(`Journée clôturée : Z n° ${r.item.seq}`, { type: 'success' });
      await q.refetch();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const d = q.data;
  return (
    <Page title="Opérations du jour">
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <DateFieldFr label="Journée" value={date} onChange={(v) => setDate(v ?? '')} />
        {d && !d.closure && (
          <Button variant="contained" disabled={!canWrite} onClick={() => setAsking(true)} data-testid="daily-close">
            Clôturer la journée (Z)
          </Button>
        )}
      </Stack>
      <ClosureConfirm
        ask={asking ? { level: 'day', date } : null}
        onCancel={() => setAsking(false)}
        onConfirm={closeDay}
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="daily-error">
          {error}
        </Alert>
      )}
      {d?.closure && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="daily-z">
          Z n° {d.closure.seq} : {d.closure.count} opération{d.closure.count > 1 ? 's' : ''}, ventes{' '}
          {euros(d.closure.sales)}, encaissements {euros(d.closure.paymentsTotal)}, grand total perpétuel{' '}
          {euros(d.closure.perpetual)} —{' '}
          <Link href={closurePdf(d.closure.seq)} target="_blank" rel="noopener">
            PDF du Z
          </Link>
        </Alert>
      )}
      {d && <TotalsTables t={d.totals} />}
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        Opérations datées de ce jour
      </Typography>
      <DataTable
        name="daily-operations"
        loading={q.isLoading}
        rows={d?.entries}
        rowKey="seq"
        empty="Aucune opération ce jour"
        columns={[
          { key: 'seq', label: 'N°', align: 'right' },
          { key: 'kind', label: 'Nature', render: (e) => KIND[e.kind] ?? e.kind },
          { key: 'number', label: 'Pièce', render: (e) => e.number ?? e.method ?? '' },
          { key: 'amount', label: 'Montant', align: 'right', render: (e) => euros(e.amount) },
          { key: 'at', label: 'Enregistré (UTC)', render: (e) => e.at.replace('T', ' ').replace('Z', '') },
        ]}
      />
    </Page>
  );
}
