// /assurance-list: the stays taken with the cancellation insurance over a period
// (/vacaf-list is VacafScreen.tsx, the declarations InsuranceDeclarations.tsx).
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { countFr } from '../../../common/french';
import { dateFr } from '../common';
import { euros, Filters, PeriodFilter, Totals, usePeriod } from './shared';
import { rest, DataTable, Page, type Column } from '../../../admin/src/ui';
import { StatusChip } from '../../bookings/status';

const insuranceColumns: Column[] = [
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
  { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
  {
    key: 'statusId',
    label: 'Statut',
    render: (r) => <StatusChip statusId={r.statusId} cancellation={r.cancellation} />,
  },
  { key: 'totalAmount', label: 'Prix du séjour', align: 'right', render: (r) => euros(r.totalAmount) },
  { key: 'premium', label: 'Prime d’assurance', align: 'right', render: (r) => euros(r.premium) },
];

export function InsuranceList() {
  const navigate = useNavigate();
  const p = usePeriod('assurance-list');
  const q = useQuery({
    queryKey: ['assurance-list', p.query],
    queryFn: () => rest('get', '/booking/insured', { query: p.range }),
  });
  return (
    <Page title="Assurances annulation">
      <Filters>
        <PeriodFilter p={p} />
      </Filters>
      <Totals
        items={[
          ['Séjours assurés', countFr(q.data?.rows.length ?? 0, 'séjour')],
          ['Total des primes', euros(q.data?.total ?? 0)],
        ]}
      />
      <DataTable
        name="assurance-list"
        rowKey="bookingId"
        columns={insuranceColumns}
        rows={q.data?.rows}
        loading={q.isPending}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty="Aucun séjour assuré sur la période"
      />
    </Page>
  );
}
