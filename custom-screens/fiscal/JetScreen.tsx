// /jet (§2): the technical event journal — starts, stops, closures… — chained and signed.
import { useQuery } from '@tanstack/react-query';
import type { Row } from './common';
import { api, DataTable, Page } from '../../admin/src/ui';

const detail = (e: Row) =>
  Object.entries(e.data ?? {})
    .filter(([, v]) => v != null && typeof v !== 'object')
    .map(([k, v]) => `${k} : ${v}`)
    .join(', ');

export default function JetScreen() {
  const q = useQuery({ queryKey: ['jet'], queryFn: () => api<{ rows: Row[] }>('/jet/list') });
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
          { key: 'at', label: 'Date (UTC)', render: (e) => e.at.replace('T', ' ').replace('Z', '') },
          { key: 'label', label: 'Événement' },
          { key: 'data', label: 'Détail', render: detail },
          { key: 'hash', label: 'Empreinte', optional: true, render: (e) => e.hash.slice(0, 16) },
        ]}
      />
    </Page>
  );
}
