// /jet (§2, docs/screens.md#billing-and-finance): the technical event journal — starts, stops, closures… — chained and
// signed; shown in the campsite's local time with its details in words (./jet-detail.ts).
import { useQuery } from '@tanstack/react-query';
import { DataTable, Page, rest } from '../../admin/src/ui';
import { jetDetail, localTime } from './jet-detail';

export default function JetScreen() {
  const q = useQuery({ queryKey: ['jet'], queryFn: () => rest('get', '/jet/list') });
  return (
    <Page title="Journal des événements techniques">
      <DataTable
        name="jet"
        loading={q.isLoading}
        rows={q.data?.rows}
        rowKey="seq"
        empty="Aucun événement"
        columns={[
          { key: 'seq', label: 'N°', align: 'right' },
          { key: 'at', label: 'Date et heure (Paris)', render: (e) => localTime(e.at) },
          { key: 'label', label: 'Événement' },
          { key: 'data', label: 'Détail', render: (e) => jetDetail(e.data) },
          { key: 'hash', label: 'Empreinte', optional: true, render: (e) => e.hash.slice(0, 16) },
        ]}
      />
    </Page>
  );
}
