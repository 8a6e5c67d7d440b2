// /unbill-document-list: stays over (or gone) whose final bill is not issued, with
// what is left to bill; a click opens the stay, where « Facturer » issues the bill.
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { countFr } from '../../../common/french';
import { dateFr } from '../common';
import { euros, Filters, Totals, useDate } from './shared';
import { rest, DataTable, DateBox, Page, type Column } from '../../../admin/src/ui';
import { StatusChip } from '../../bookings/status';

const columns: Column[] = [
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
  { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
  { key: 'statusId', label: 'Statut', render: (r) => <StatusChip statusId={r.statusId} /> },
  { key: 'totalAmount', label: 'Prix du séjour', align: 'right', render: (r) => euros(r.totalAmount) },
  { key: 'billed', label: 'Facturé', align: 'right', render: (r) => euros(r.billed) },
  { key: 'paid', label: 'Payé', align: 'right', render: (r) => euros(r.paid) },
  { key: 'toBill', label: 'Reste à facturer', align: 'right', render: (r) => euros(r.toBill) },
];

export default function UnbilledList() {
  const navigate = useNavigate();
  const [until, setUntil] = useDate();
  const q = useQuery({
    queryKey: ['unbilled', until],
    queryFn: () => rest('get', '/bill/unbilled', { query: { until } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(until),
  });
  const rows = q.data ?? [];
  return (
    <Page title="Séjours non facturés">
      <Filters>
        <DateBox label="Séjours terminés au" value={until} onChange={setUntil} name="until" />
      </Filters>
      <Totals
        items={[
          ['Séjours', countFr(rows.length, 'séjour')],
          ['Reste à facturer', euros(rows.reduce((s, r) => s + r.toBill, 0))],
        ]}
      />
      <DataTable
        name="unbill-document-list"
        rowKey="bookingId"
        columns={columns}
        rows={q.data}
        loading={q.isPending}
        onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
        empty="Tous les séjours terminés sont facturés"
      />
    </Page>
  );
}
