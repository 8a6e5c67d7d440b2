// /purging-files: the files past their retention, previewed, then purged on confirmation
// of that very list (api/domain/utilities/file-purge.ts). Fiscal documents never appear.
import { useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { countFr } from '../../common/french';
import { AskDialog, DataTable, dateTimeFr, Page, type Column, rest } from '../../admin/src/ui';
import { Figures } from './Figures';

const size = (n: number) => (n < 10_240 ? `${n} o` : `${Math.round(n / 1024).toLocaleString('fr-FR')} Ko`);

const ruleColumns: Column[] = [
  { key: 'label', label: 'Type de fichier' },
  { key: 'retention', label: 'Conservation' },
  { key: 'fiscal', label: 'Document fiscal', render: (r) => (r.fiscal ? 'Oui' : 'Non') },
];
const candidateColumns: Column[] = [
  { key: 'kindLabel', label: 'Type de fichier' },
  { key: 'ref', label: 'Fichier' },
  { key: 'storedAt', label: 'Enregistré le', render: (r) => dateTimeFr(r.storedAt) },
  { key: 'size', label: 'Taille', align: 'right', render: (r) => size(r.size) },
  { key: 'reason', label: 'Motif' },
];
const journalColumns: Column[] = [
  { key: 'purgedAt', label: 'Purgé le', render: (r) => dateTimeFr(r.purgedAt) },
  { key: 'userName', label: 'Par', render: (r) => r.userName ?? '—' },
  { key: 'kindLabel', label: 'Type de fichier' },
  { key: 'ref', label: 'Fichier' },
  { key: 'size', label: 'Taille', align: 'right', render: (r) => size(r.size) },
];

const purgeText = (n: number) =>
  `${countFr(n, 'fichier')} ${n > 1 ? 'seront supprimés' : 'sera supprimé'} définitivement ; ` +
  'la liste est conservée au journal. Les documents fiscaux ne sont jamais purgés.';

export default function PurgeFiles() {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const q = useQuery({ queryKey: ['purging-files'], queryFn: () => rest('get', '/utilities/file-purge') });
  const candidates = q.data?.candidates ?? [];
  const purge = async () => {
    try {
      const r = await rest('post', '/utilities/file-purge', { body: { refs: candidates.map((c) => c.ref) } });
      notify(`${countFr(r.purged.length, 'fichier purgé', 'fichiers purgés')}`, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    setAsking(false);
    await q.refetch();
  };
  return (
    <Page
      title="Purge des fichiers"
      actions={
        <Button variant="contained" color="warning" disabled={!candidates.length} onClick={() => setAsking(true)}>
          Purger
        </Button>
      }
    >
      <Typography variant="h6" component="h2">
        Durées de conservation
      </Typography>
      <DataTable
        name="purging-files-rules"
        rowKey="kind"
        columns={ruleColumns}
        rows={q.data?.rules}
        loading={q.isPending}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Fichiers à purger
      </Typography>
      <Figures
        items={[
          ['Fichiers', countFr(candidates.length, 'fichier')],
          ['Taille totale', size(candidates.reduce((s, c) => s + c.size, 0))],
        ]}
      />
      {q.data && !candidates.length && (
        <Alert severity="success">Aucun fichier n’a dépassé sa durée de conservation.</Alert>
      )}
      <DataTable
        name="purging-files"
        rowKey="ref"
        columns={candidateColumns}
        rows={candidates}
        loading={q.isPending}
        empty="Rien à purger"
      />
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Fichiers purgés
      </Typography>
      <DataTable
        name="purging-files-journal"
        rowKey="id"
        columns={journalColumns}
        rows={q.data?.journal}
        loading={q.isPending}
        empty="Aucune purge"
      />
      <AskDialog
        open={asking}
        title="Purger ces fichiers ?"
        text={purgeText(candidates.length)}
        confirmLabel="Purger"
        keepLabel="Ne pas purger"
        onConfirm={purge}
        onClose={() => setAsking(false)}
      />
    </Page>
  );
}
