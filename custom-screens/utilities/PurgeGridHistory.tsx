// /purge-grid-history: old versions of price grids no stay uses, previewed up to a day,
// then purged on confirmation (api/domain/utilities/grid-purge.ts).
import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { countFr } from '../../common/french';
import { AskDialog, DataTable, DateBox, dateTimeFr, Page, useCan, type Column, rest } from '../../admin/src/ui';

const columns: Column[] = [
  { key: 'gridLabel', label: 'Grille tarifaire' },
  { key: 'historyVersion', label: 'Version', align: 'right' },
  { key: 'currentVersion', label: 'Version en cours', align: 'right' },
  { key: 'createdAt', label: 'Enregistrée le', render: (r) => dateTimeFr(r.createdAt) },
  { key: 'userName', label: 'Par', render: (r) => r.userName ?? '—' },
  { key: 'change', label: 'Modification', render: (r) => r.change ?? '—' },
];

const purgeText = (n: number) =>
  `${countFr(n, 'version')} de grilles ${n > 1 ? 'seront supprimées' : 'sera supprimée'} définitivement. Continuer ?`;

export default function PurgeGridHistory() {
  const notify = useNotify();
  const canDelete = useCan('stay.price', 'delete');
  const [before, setBefore] = useState('');
  const [asking, setAsking] = useState(false);
  const valid = before === '' || /^\d{4}-\d{2}-\d{2}$/.test(before);
  const q = useQuery({
    queryKey: ['purge-grid-history', before],
    queryFn: () => rest('get', '/utilities/grid-history', { query: before ? { before } : {} }),
    enabled: valid,
  });
  const rows = q.data?.candidates ?? [];
  const purge = async () => {
    try {
      const r = await rest('post', '/utilities/grid-history/purge', {
        body: { before: q.data!.before, ids: rows.map((x) => x.id) },
      });
      const skipped = r.skipped.length
        ? `, ${countFr(r.skipped.length, 'version')} en cours d’utilisation conservée(s)`
        : '';
      notify(`${countFr(r.purged.length, 'version purgée', 'versions purgées')}${skipped}`, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    setAsking(false);
    await q.refetch();
  };
  return (
    <Page
      title="Purge de l'historique des grilles"
      actions={
        canDelete && (
          <Button variant="contained" color="warning" disabled={!rows.length} onClick={() => setAsking(true)}>
            Purger
          </Button>
        )
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        Seules les anciennes versions qu’aucun séjour n’utilise sont proposées ; la version en cours de chaque grille
        est toujours conservée.
      </Alert>
      <DateBox
        label="Enregistrées avant le"
        value={before || (q.data?.before ?? '')}
        onChange={setBefore}
        name="before"
      />
      <DataTable
        name="purge-grid-history"
        rowKey="id"
        columns={columns}
        rows={q.data?.candidates}
        loading={q.isPending}
        empty="Aucune version à purger"
      />
      <AskDialog
        open={asking}
        title="Purger ces versions ?"
        text={purgeText(rows.length)}
        confirmLabel="Purger"
        keepLabel="Ne pas purger"
        onConfirm={purge}
        onClose={() => setAsking(false)}
      />
    </Page>
  );
}
