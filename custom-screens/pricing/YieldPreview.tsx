// /yield-preview: the prices today's yield rules would change, cell by cell of the grids
// (period, price, before → after, the rule and why), and « Appliquer » to write them as a
// new version of each grid after confirmation. Stays already booked keep their price. The
// server refuses an application when another runs or when the prices changed since this
// preview: the dialog then shows its French message and the preview is read again.
import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { AskDialog, DataTable, Page, dateFr, euros, rest, useCan, type Column } from '../../admin/src/ui';
import { currentGridPath } from './common';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
const MANUAL = 'application sur confirmation (automatique : désactivée dans le module Yield management)';
const waiting = (n: number) => plural(n, 'changement attend', 'changements attendent');
const confirmText = (n: number) =>
  `${plural(n, 'prix sera modifié', 'prix seront modifiés')} : chaque grille concernée passe à une nouvelle version. ` +
  'Les séjours déjà réservés gardent leur prix.';

const COLUMNS: Column[] = [
  { key: 'gridLabel', label: 'Grille tarifaire' },
  { key: 'placeTypeLabel', label: "Type d'emplacement", optional: true },
  { key: 'periodLabel', label: 'Période' },
  { key: 'dates', label: 'Dates', render: (r) => `du ${dateFr(r.startDate)} au ${dateFr(r.endDate)} (exclu)` },
  { key: 'fieldLabel', label: 'Prix' },
  { key: 'before', label: 'Avant', align: 'right', render: (r) => euros(r.before) },
  { key: 'after', label: 'Après', align: 'right', render: (r) => <strong>{euros(r.after)}</strong> },
  { key: 'base', label: 'Prix de base', align: 'right', optional: true, render: (r) => euros(r.base) },
  { key: 'ruleLabel', label: 'Règle' },
  { key: 'reason', label: 'Motif' },
];

export default function YieldPreview() {
  const canWrite = useCan('stay.price', 'write');
  const notify = useNotify();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const preview = useQuery({ queryKey: ['yield-preview'], queryFn: () => rest('get', '/yield/preview') });
  const changes = preview.data?.changes ?? [];
  const apply = async () => {
    try {
      const r = await rest('post', '/yield/apply', { body: { token: preview.data?.token ?? '' } });
      const n = r.applied ?? 0;
      notify(`${plural(n, 'prix modifié', 'prix modifiés')}${r.push ? ` — ${r.push.message}` : ''}`, {
        type: r.push?.status === 'failed' ? 'warning' : 'info',
      });
    } finally {
      void preview.refetch();
    }
  };
  const run = async () => {
    const r = await rest('post', '/yield/run', { body: {} });
    notify(
      r.autoApply
        ? `Application automatique : ${plural(r.applied ?? 0, 'prix modifié', 'prix modifiés')}`
        : `Application automatique désactivée : ${waiting(r.pending ?? 0)} votre confirmation`,
      { type: 'info' },
    );
    void preview.refetch();
  };
  return (
    <Page
      title="Yield : aperçu et application"
      actions={
        canWrite && (
          <>
            <Button startIcon={<PlayArrowIcon />} onClick={() => void run()}>
              Lancer la tâche automatique
            </Button>
            <Button variant="contained" disabled={!changes.length} onClick={() => setAsking(true)}>
              Appliquer
            </Button>
          </>
        )
      }
    >
      <Box sx={{ mb: 2 }}>
        {preview.data && (
          <Typography variant="body2" color="text.secondary">
            Règles évaluées le {dateFr(preview.data.today)} ·{' '}
            {preview.data.autoApply ? 'application automatique chaque nuit' : MANUAL}
            {preview.data.connector ? ` · envoi au système externe (${preview.data.connector})` : ''}
          </Typography>
        )}
        {preview.error && <Alert severity="error">{(preview.error as Error).message}</Alert>}
      </Box>
      <DataTable
        name="yield-preview"
        columns={COLUMNS}
        rows={changes.map((c) => ({ ...c, id: `${c.priceGridPeriodId}-${c.field}` }))}
        loading={preview.isLoading}
        onOpen={(r) => navigate(currentGridPath(r.priceGridId))}
        empty="Aucun prix à changer : les grilles sont à jour avec les règles"
      />
      <AskDialog
        open={asking}
        title="Appliquer les nouveaux prix"
        text={confirmText(changes.length)}
        confirmLabel="Appliquer"
        keepLabel="Retour"
        onConfirm={apply}
        onClose={() => setAsking(false)}
      />
    </Page>
  );
}
