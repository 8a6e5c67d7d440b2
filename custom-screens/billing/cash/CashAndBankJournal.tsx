// /cash-and-bank-journal: every movement of a period, with totals per method.
import { useState } from 'react';
import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../../common/money';
import { todayParis } from '../../../common/dates';
import { rest } from '../../../admin/src/ui/client';
import { DataTable, dateFr, Page, DateFieldFr } from '../../../admin/src/ui';
import { usePaymentMethods } from '../usePaymentMethods';
import { keyedJournalRows, monthStart, MOVEMENT } from './model';

function useJournal() {
  const today = todayParis();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const [methodId, setMethodId] = useState('');
  const methods = usePaymentMethods('all');
  const query = { from, to, ...(methodId ? { paymentMethodId: Number(methodId) } : {}) };
  const journal = useQuery({
    queryKey: ['cash-journal', from, to, methodId],
    queryFn: () => rest('get', '/cash-and-bank-journal', { query }),
    enabled: !!from && !!to && from <= to,
  });
  return { from, setFrom, to, setTo, methodId, setMethodId, methods, journal };
}

export function CashAndBankJournal() {
  const { from, setFrom, to, setTo, methodId, setMethodId, methods, journal: q } = useJournal();
  return (
    <Page title="Journal de caisse et de banque">
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <DateFieldFr label="Du" value={from} onChange={(v) => setFrom(v ?? '')} />
        <DateFieldFr label="Au" value={to} onChange={(v) => setTo(v ?? '')} />
        <TextField
          select
          size="small"
          label="Mode de paiement"
          value={methodId}
          onChange={(e) => setMethodId(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Tous</MenuItem>
          {(methods.data ?? []).map((m) => (
            <MenuItem key={m.id} value={String(m.id)}>
              {m.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {q.error && <Alert severity="error">{q.error.message}</Alert>}
      {q.data && (
        <Typography variant="body2" sx={{ mb: 1 }} color="text.secondary">
          {q.data.basis === 'deposit-date'
            ? 'Encaissements remisables datés de leur remise en banque'
            : 'Encaissements datés de leur paiement'}{' '}
          (préférences, section Résultats)
        </Typography>
      )}
      <DataTable
        name="cash-journal-totals"
        rows={q.data?.totals}
        rowKey="paymentMethodId"
        empty="Aucun mouvement"
        columns={[
          { key: 'methodLabel', label: 'Mode de paiement' },
          { key: 'receipts', label: 'Entrées', align: 'right', render: (r) => formatCents(r.receipts) },
          { key: 'outflows', label: 'Sorties', align: 'right', render: (r) => formatCents(r.outflows) },
          { key: 'net', label: 'Solde', align: 'right', render: (r) => formatCents(r.net) },
        ]}
      />
      <Box sx={{ mt: 2 }}>
        <DataTable
          name="cash-journal"
          loading={q.isFetching}
          rows={keyedJournalRows(q.data?.rows)}
          rowKey="key"
          empty="Aucun mouvement sur la période"
          columns={[
            { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
            { key: 'type', label: 'Nature', render: (r) => MOVEMENT[r.type] ?? r.type },
            { key: 'label', label: 'Libellé' },
            { key: 'methodLabel', label: 'Mode' },
            {
              key: 'receipt',
              label: 'Entrée',
              align: 'right',
              render: (r) => (r.receipt ? formatCents(r.receipt) : ''),
            },
            {
              key: 'outflow',
              label: 'Sortie',
              align: 'right',
              render: (r) => (r.outflow ? formatCents(r.outflow) : ''),
            },
          ]}
        />
      </Box>
    </Page>
  );
}
