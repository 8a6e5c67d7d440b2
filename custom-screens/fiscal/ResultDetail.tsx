// /result-detail (§2, docs/screens.md#billing-and-finance): the bills and credit notes of a period, one per row, with
// their totals and tourist tax; a row opens its bill.
import { useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { DataTable, Page, dateFr, rest } from '../../admin/src/ui';
import { todayParis } from '../../common/dates';
import { euros } from './common';
import { monthBounds } from './periods';
import { PeriodFields } from './PeriodFields';

export default function ResultDetail() {
  const params = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const [range, setRange] = useState(
    params.get('from') && params.get('to')
      ? { from: params.get('from')!, to: params.get('to')! }
      : monthBounds(todayParis()),
  );
  const ready = !!range.from && !!range.to;
  const q = useQuery({
    queryKey: ['result-detail', range],
    queryFn: () => rest('get', '/result-detail', { query: { from: range.from, to: range.to } }),
    enabled: ready,
  });
  const d = q.data;
  return (
    <Page title="Détail des résultats">
      <PeriodFields value={range} onChange={setRange} />
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      {d && (
        <Typography sx={{ mb: 1 }} data-testid="result-detail-total">
          {d.rows.length} pièce{d.rows.length > 1 ? 's' : ''} — {euros(d.total.exclVat)} HT, {euros(d.total.vat)} de
          TVA, {euros(d.total.inclVat)} TTC, dont taxe de séjour {euros(d.touristTax)}
        </Typography>
      )}
      <DataTable
        name="result-detail"
        loading={q.isLoading}
        rows={d?.rows}
        onOpen={(r) => navigate(`/bill/${r.id}`)}
        empty="Aucune facture dans la période"
        columns={[
          { key: 'number', label: 'N°' },
          {
            key: 'kind',
            label: 'Nature',
            render: (r) => (r.kind === 'credit-note' ? 'Avoir' : r.isDeposit ? "Facture d'acompte" : 'Facture'),
          },
          { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
          { key: 'customerName', label: 'Client' },
          { key: 'bookingCode', label: 'Séjour' },
          { key: 'totalExclVat', label: 'HT', align: 'right', render: (r) => euros(r.totalExclVat) },
          { key: 'totalVat', label: 'TVA', align: 'right', render: (r) => euros(r.totalVat) },
          { key: 'totalInclVat', label: 'TTC', align: 'right', render: (r) => euros(r.totalInclVat) },
          {
            key: 'touristTaxAmount',
            label: 'Taxe de séjour',
            align: 'right',
            render: (r) => euros(r.touristTaxAmount ?? 0),
          },
        ]}
      />
    </Page>
  );
}
