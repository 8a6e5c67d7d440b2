// /verif-file-page: every stored file against the database (api/domain/utilities/file-check.ts).
import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { countFr } from '../../common/french';
import { DataTable, dateTimeFr, Page, type Column, rest } from '../../admin/src/ui';
import { Figures } from './Figures';

const PROBLEMS: Record<string, string> = {
  missing: 'Manquant',
  orphan: 'Orphelin',
  checksum: 'Empreinte différente',
  size: 'Taille différente',
};

const columns: Column[] = [
  { key: 'problem', label: 'Anomalie', render: (r) => PROBLEMS[r.problem] },
  { key: 'kindLabel', label: 'Type de fichier' },
  { key: 'ref', label: 'Fichier' },
  { key: 'detail', label: 'Détail' },
  { key: 'storedAt', label: 'Enregistré le', render: (r) => (r.storedAt ? dateTimeFr(r.storedAt) : '—') },
];

export default function FileCheck() {
  const q = useQuery({ queryKey: ['verif-file-page'], queryFn: () => rest('get', '/utilities/file-check') });
  const c = q.data?.counts;
  return (
    <Page
      title="Vérification des fichiers"
      actions={
        <Button variant="outlined" onClick={() => q.refetch()} disabled={q.isFetching}>
          Relancer la vérification
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        Chaque fichier enregistré (factures, pièces jointes d’e-mails, images d’emplacements, archives fiscales) est
        comparé à la base : fichier manquant, fichier orphelin, empreinte SHA-256 et taille.
      </Alert>
      {c && (
        <Figures
          items={[
            ['Fichiers vérifiés', countFr(c.files, 'fichier')],
            ['Conformes', countFr(c.ok, 'fichier')],
            ['Manquants', String(c.missing)],
            ['Orphelins', String(c.orphan)],
            ['Empreintes différentes', String(c.checksum)],
            ['Tailles différentes', String(c.size)],
            ['Purgés (journal)', String(c.purged)],
          ]}
        />
      )}
      {q.data && !q.data.problems.length && <Alert severity="success">Tous les fichiers sont conformes.</Alert>}
      {!!q.data?.problems.length && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {countFr(q.data.problems.length, 'anomalie')} à examiner (vérifié le {dateTimeFr(q.data.checkedAt)}).
        </Alert>
      )}
      <DataTable
        name="verif-file-page"
        rowKey="key"
        columns={columns}
        rows={q.data?.problems.map((p, i) => ({ ...p, key: `${p.problem}-${p.ref}-${i}` }))}
        loading={q.isPending}
        empty="Aucune anomalie"
      />
    </Page>
  );
}
