// /stats/parameters — Paramètres et régénération (§2 (docs/screens.md#statistics), §9 (docs/constants.md#statistics) «
// regenerated every night »): the settings read by the statistics, the regenerations with their progress, the
// changes waiting to be counted, the on-demand regeneration, and the sending to the
// outside statistics services (Exports.tsx).
import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Link, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { rest, AskDialog, DataTable, Page, useCan, dateTimeFr } from '../../admin/src/ui';
import { countFr } from '../../common/french';
import Exports from './Exports';

const KIND: Record<string, string> = { nightly: 'Nocturne', manual: 'À la demande' };
const STATUS: Record<string, string> = { running: 'En cours', done: 'Terminée', failed: 'En échec' };

export default function Parameters() {
  const qc = useQueryClient();
  const canWrite = useCan('stats.stats', 'write');
  const [ask, setAsk] = useState(false);
  const q = useQuery({
    queryKey: ['stat-status'],
    queryFn: () => rest('get', '/stat/status'),
    refetchInterval: (query) => (query.state.data?.runs?.[0]?.status === 'running' ? 1000 : false),
  });
  const s = q.data;
  const running = s?.runs?.[0]?.status === 'running' ? s.runs[0] : null;
  return (
    <Page
      title="Paramètres et régénération des statistiques"
      actions={
        canWrite && (
          <Button variant="contained" disabled={!!running} onClick={() => setAsk(true)} data-testid="stat-regenerate">
            Régénérer maintenant
          </Button>
        )
      }
    >
      {s && (
        <>
          <Typography sx={{ mb: 1 }}>
            Dernière régénération complète : {s.generatedAt ? dateTimeFr(s.generatedAt) : 'jamais'}. Régénération chaque
            nuit : {s.settings.regenerateNightly ? 'oui' : 'non'} ; années de référence proposées :{' '}
            {s.settings.referenceYears}.{' '}
            <Link component={RouterLink} to="/admin/module/statistics-intern">
              Modifier les réglages
            </Link>
          </Typography>
          <Typography sx={{ mb: 2 }} data-testid="stat-queue">
            En attente : {countFr(s.queued.stays, 'séjour modifié', 'séjours modifiés')},{' '}
            {countFr(s.queued.months, 'mois à recalculer', 'mois à recalculer')}.
          </Typography>
          {running && (
            <Box sx={{ mb: 2 }} data-testid="stat-progress">
              <Typography>
                Régénération en cours : {running.monthsDone} mois sur {running.monthsTotal}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={(100 * running.monthsDone) / Math.max(1, running.monthsTotal)}
              />
            </Box>
          )}
          {s.runs[0]?.status === 'failed' && (
            <Alert severity="error" sx={{ mb: 2 }}>
              La dernière régénération a échoué ({s.runs[0].errorCode}) : relancez-la ; les mois déjà recalculés sont
              gardés.
            </Alert>
          )}
          <DataTable
            name="stat-runs"
            rows={s.runs}
            columns={[
              { key: 'kind', label: 'Régénération', render: (r) => KIND[r.kind] },
              { key: 'status', label: 'État', render: (r) => STATUS[r.status] },
              { key: 'startedAt', label: 'Début', render: (r) => dateTimeFr(r.startedAt) },
              { key: 'finishedAt', label: 'Fin', render: (r) => (r.finishedAt ? dateTimeFr(r.finishedAt) : '') },
              {
                key: 'monthsDone',
                label: 'Mois recalculés',
                align: 'right',
                render: (r) => `${r.monthsDone} / ${r.monthsTotal}`,
              },
            ]}
            empty="Aucune régénération"
          />
          <Exports rows={s.exports} canWrite={canWrite} />
        </>
      )}
      <AskDialog
        open={ask}
        title="Régénérer les statistiques"
        text={
          'Toutes les statistiques sont recalculées depuis les séjours, mois par mois. ' +
          'Les écrans restent consultables pendant ce temps.'
        }
        confirmLabel="Régénérer"
        keepLabel="Retour"
        onConfirm={async () => {
          await rest('post', '/stat/regenerate', { body: {} });
          await qc.invalidateQueries({ queryKey: ['stat-status'] });
        }}
        onClose={() => setAsk(false)}
      />
    </Page>
  );
}
