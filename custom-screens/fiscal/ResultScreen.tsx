// /result (§2, docs/screens.md#billing-and-finance): the results of a period — sales per line type and per VAT rate
// (bills, credit notes, till tickets) and receipts per payment method; /result-detail lists
// the bills one by one. Figures from the server (api/domain/statements/results.ts).
import { useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { DataTable, Page, rest } from '../../admin/src/ui';
import { todayParis } from '../../common/dates';
import { euros, rate, type Row } from './common';
import { monthBounds } from './periods';
import { PeriodFields } from './PeriodFields';

const amounts = [
  { key: 'exclVat', label: 'HT', align: 'right' as const, render: (r: Row) => euros(r.exclVat) },
  { key: 'vat', label: 'TVA', align: 'right' as const, render: (r: Row) => euros(r.vat) },
  { key: 'inclVat', label: 'TTC', align: 'right' as const, render: (r: Row) => euros(r.inclVat) },
];

export default function ResultScreen() {
  const navigate = useNavigate();
  const [range, setRange] = useState(monthBounds(todayParis()));
  const ready = !!range.from && !!range.to;
  const q = useQuery({
    queryKey: ['result', range],
    queryFn: () => rest('get', '/result', { query: { from: range.from, to: range.to } }),
    enabled: ready,
  });
  const d = q.data;
  const types = d
    ? [...d.byType, ...(d.till.inclVat ? [{ lineType: 0, label: 'Ventes au comptoir (tickets)', ...d.till }] : [])]
    : undefined;
  return (
    <Page
      title="Résultats"
      actions={
        <Button variant="outlined" onClick={() => navigate(`/result-detail?from=${range.from}&to=${range.to}`)}>
          Détail des factures
        </Button>
      }
    >
      <PeriodFields value={range} onChange={setRange} />
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      {d && (
        <Typography sx={{ mb: 1 }} data-testid="result-total">
          Chiffre d’affaires {euros(d.sales.inclVat)} TTC ({euros(d.sales.exclVat)} HT) — encaissements{' '}
          {euros(d.received)}
        </Typography>
      )}
      <Typography variant="subtitle1">Ventes par nature</Typography>
      <DataTable
        name="result-types"
        loading={q.isLoading}
        rows={types}
        rowKey="lineType"
        empty="Aucune vente"
        columns={[{ key: 'label', label: 'Nature' }, ...amounts]}
      />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        Ventes par taux de TVA
      </Typography>
      <DataTable
        name="result-rates"
        loading={q.isLoading}
        rows={d?.byRate.map((r: Row) => ({ ...r, key: String(r.rateBp) }))}
        rowKey="key"
        empty="Aucune vente"
        columns={[
          { key: 'rateBp', label: 'Taux', render: (r) => (r.rateBp == null ? 'Hors TVA' : rate(r.rateBp)) },
          ...amounts,
        ]}
      />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        Encaissements par mode de paiement
      </Typography>
      <DataTable
        name="result-payments"
        loading={q.isLoading}
        rows={d?.payments}
        rowKey="label"
        empty="Aucun encaissement"
        columns={[
          { key: 'label', label: 'Mode' },
          { key: 'amount', label: 'Montant', align: 'right', render: (r) => euros(r.amount) },
        ]}
      />
    </Page>
  );
}
