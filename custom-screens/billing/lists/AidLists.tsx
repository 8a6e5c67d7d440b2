// /vacaf-list (holiday-aid payments) and /assurance-list (stays taken with the
// cancellation insurance) over a period.
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { countFr } from '../../../common/french';
import { dateFr } from '../common';
import { euros, Filters, PeriodFilter, Totals, usePeriod } from './shared';
import { api, DataTable, Page, type Column, type Row } from '../../../admin/src/ui';
import { StatusChip } from '../../bookings/status';

const vacafColumns: Column[] = [
  { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'payingInstitution', label: 'Organisme' },
  { key: 'method', label: 'Mode de paiement' },
  { key: 'isDeposited', label: 'Remis en banque', render: (r) => (r.isDeposited ? 'Oui' : 'Non') },
  { key: 'amount', label: 'Montant', align: 'right', render: (r) => euros(r.amount) },
];

export function VacafList() {
  const navigate = useNavigate();
  const p = usePeriod('vacaf-list');
  const q = useQuery({
    queryKey: ['vacaf-list', p.query],
    queryFn: () => api<{ rows: Row[]; total: number }>(`/payment/vacaf?${p.query}`),
  });
  return (
    <Page title="Aides aux vacances (VACAF)">
      <Filters>
        <PeriodFilter p={p} />
      </Filters>
      <Totals
        items={[
          ['Paiements', countFr(q.data?.rows.length ?? 0, 'paiement')],
          ['Total', euros(q.data?.total ?? 0)],
        ]}
      />
      <DataTable
        name="vacaf-list"
        columns={vacafColumns}
        rows={q.data?.rows}
        loading={q.isPending}
        onOpen={(r) => r.bookingId && navigate(`/booking/${r.bookingId}`)}
        empty="Aucune aide aux vacances sur la période"
      />
    </Page>
  );
}

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
    queryFn: () => api<{ rows: Row[]; total: number }>(`/booking/insured?${p.query}`),
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
