// The outside statistics services on /stats/parameters (module `statistics`: « Adresse
// d'envoi », « Années de référence »): each one's last sending, the §8 (docs/errors.md#messages) message when it
// failed (the job tries again), and « Envoyer maintenant ».
import { useState } from 'react';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { rest, DataTable, dateTimeFr } from '../../admin/src/ui';
import { countFr } from '../../common/french';

export interface ExportState {
  id: number;
  label: string;
  host: string;
  referenceYears: number;
  status: 'sent' | 'failed' | null;
  attemptedAt: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
  error: string | null;
}

export default function Exports({ rows, canWrite }: { rows: ExportState[]; canWrite: boolean }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const r = await rest('post', '/stat/send', { body: {} });
      const failed = r.results.filter((x) => x.status === 'failed');
      setOutcome(
        failed.length
          ? { ok: false, text: failed.map((x) => `${x.label} : ${x.message}`).join(' ; ') }
          : { ok: true, text: `Statistiques envoyées (${countFr(r.results.length, 'service', 'services')})` },
      );
    } catch (e) {
      setOutcome({ ok: false, text: (e as Error).message });
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: ['stat-status'] });
    }
  };
  return (
    <Box sx={{ mt: 3 }} data-testid="stat-exports">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h6">Envoi des statistiques</Typography>
        {canWrite && rows.length > 0 && (
          <Button variant="outlined" disabled={busy} onClick={send} data-testid="stat-send">
            Envoyer maintenant
          </Button>
        )}
      </Box>
      <Typography sx={{ mb: 1 }}>
        Après chaque régénération, les chiffres mois par mois (année en cours et années de référence) sont envoyés à
        chaque adresse réglée dans le{' '}
        <Link component={RouterLink} to="/admin/module/statistics-grid">
          module Statistiques
        </Link>
        ; un envoi en échec est retenté automatiquement.
      </Typography>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mb: 1 }} data-testid="stat-send-outcome">
          {outcome.text}
        </Alert>
      )}
      {rows
        .filter((r) => r.error)
        .map((r) => (
          <Alert severity="warning" sx={{ mb: 1 }} key={r.id}>
            {r.label} : {r.error}
            {r.nextAttemptAt ? `. Nouvel essai à partir du ${dateTimeFr(r.nextAttemptAt)}` : ''}.
          </Alert>
        ))}
      <DataTable
        name="stat-exports"
        rows={rows}
        columns={[
          { key: 'label', label: 'Service' },
          { key: 'host', label: 'Adresse' },
          { key: 'referenceYears', label: 'Années envoyées', render: (r) => countFr(r.referenceYears + 1, 'année') },
          { key: 'sentAt', label: 'Dernier envoi réussi', render: (r) => (r.sentAt ? dateTimeFr(r.sentAt) : 'jamais') },
          {
            key: 'status',
            label: 'État',
            render: (r) => (r.status === 'sent' ? 'Envoyé' : r.status === 'failed' ? 'En échec' : 'Pas encore envoyé'),
          },
        ]}
        empty="Aucune adresse d'envoi réglée"
      />
    </Box>
  );
}
