// /balance (§2, docs/screens.md#billing-and-finance): the customer and partner accounts at a date — billed, paid and
// the balance (positive: owed to the campsite; negative: money held for the payer).
import { useState } from 'react';
import { Alert, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { rest, DataTable, DateFieldFr, Page } from '../../admin/src/ui';
import { todayParis } from '../../common/dates';
import { euros } from './common';

export default function BalanceScreen() {
  const [date, setDate] = useState(todayParis());
  const q = useQuery({
    queryKey: ['balance', date],
    queryFn: () => rest('get', '/balance', { query: { date } }),
    enabled: !!date,
  });
  const d = q.data;
  return (
    <Page title="Balance des comptes clients">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <DateFieldFr label="Au" value={date} onChange={(v) => setDate(v ?? '')} />
      </Stack>
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      {d && (
        <Typography sx={{ mb: 1 }} data-testid="balance-total">
          Restant dû {euros(d.receivable)} — avances détenues {euros(d.held)}
        </Typography>
      )}
      <DataTable
        name="balance"
        loading={q.isLoading}
        rows={d?.rows.map((r) => ({ ...r, key: `${r.payerType}-${r.customerId ?? r.partnerId}` }))}
        rowKey="key"
        empty="Aucun compte à solder"
        columns={[
          { key: 'name', label: 'Client ou partenaire' },
          { key: 'code', label: 'Code' },
          { key: 'payerType', label: 'Compte', render: (r) => (r.payerType === 'partner' ? 'Partenaire' : 'Client') },
          { key: 'billed', label: 'Facturé', align: 'right', render: (r) => euros(r.billed) },
          { key: 'paid', label: 'Réglé', align: 'right', render: (r) => euros(r.paid) },
          { key: 'balance', label: 'Solde', align: 'right', render: (r) => euros(r.balance) },
        ]}
      />
    </Page>
  );
}
