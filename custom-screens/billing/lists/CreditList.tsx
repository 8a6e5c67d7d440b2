// /result-credit-list: the credit notes of a period (with the invoice each corrects)
// and the customers in credit (paid more than billed).
import { useNavigate } from 'react-router-dom';
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { countFr } from '../../../common/french';
import { dateFr } from '../common';
import { euros, Filters, PeriodFilter, Totals, usePeriod } from './shared';
import { rest, DataTable, Page, type Column } from '../../../admin/src/ui';

const noteColumns: Column[] = [
  { key: 'number', label: 'Avoir' },
  { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
  { key: 'invoiceNumber', label: 'Facture corrigée' },
  { key: 'customerName', label: 'Client' },
  { key: 'reason', label: 'Motif' },
  { key: 'totalInclVat', label: 'Montant TTC', align: 'right', render: (r) => euros(r.totalInclVat) },
];
const balanceColumns: Column[] = [
  { key: 'customerName', label: 'Client' },
  { key: 'billed', label: 'Facturé', align: 'right', render: (r) => euros(r.billed) },
  { key: 'paid', label: 'Payé', align: 'right', render: (r) => euros(r.paid) },
  { key: 'credit', label: 'Crédit du client', align: 'right', render: (r) => euros(r.credit) },
];

export default function CreditList() {
  const navigate = useNavigate();
  const p = usePeriod('result-credit-list');
  const q = useQuery({
    queryKey: ['result-credit-list', p.query],
    queryFn: () => rest('get', '/bill/credits', { query: p.range }),
  });
  return (
    <Page title="Avoirs et clients créditeurs">
      <Filters>
        <PeriodFilter p={p} />
      </Filters>
      <Totals
        items={[
          ['Avoirs', countFr(q.data?.creditNotes.length ?? 0, 'avoir')],
          ['Total des avoirs', euros(q.data?.total ?? 0)],
        ]}
      />
      <DataTable
        name="result-credit-list"
        columns={noteColumns}
        rows={q.data?.creditNotes}
        loading={q.isPending}
        onOpen={(r) => navigate(`/bill/${r.id}`)}
        empty="Aucun avoir sur la période"
      />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Clients créditeurs
      </Typography>
      <DataTable
        name="result-credit-balances"
        rowKey="customerId"
        columns={balanceColumns}
        rows={q.data?.balances}
        loading={q.isPending}
        onOpen={(r) => navigate(`/customer/general/${r.customerId}`)}
        empty="Aucun client créditeur"
      />
    </Page>
  );
}
