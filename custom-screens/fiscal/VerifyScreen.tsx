// /closure/verify: recomputes the inalterable ledger (GET /rest/fiscal/verify) and the
// technical event journal, and lists every break with its number.
import { useState } from 'react';
import { Alert, Button, FormControlLabel, Checkbox, Stack, Typography } from '@mui/material';
import { countFr } from '../../common/french';
import type { Row } from './common';
import { DataTable, Page, rest } from '../../admin/src/ui';

export default function VerifyScreen() {
  const [all, setAll] = useState(false);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      const signatures = all ? ('all' as const) : undefined;
      setResults(
        await Promise.all([
          rest('get', '/fiscal/verify', { query: { chain: 'fiscal', signatures } }),
          rest('get', '/fiscal/verify', { query: { chain: 'jet', signatures } }),
        ]),
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Page title="Vérification du journal inaltérable">
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Button variant="contained" onClick={run} disabled={running} data-testid="verify-run">
          {running ? 'Vérification…' : 'Vérifier'}
        </Button>
        <FormControlLabel
          control={<Checkbox checked={all} onChange={(e) => setAll(e.target.checked)} />}
          label="Vérifier chaque signature (plus long)"
        />
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {results?.map((r) => (
        <Stack key={r.chain} sx={{ mb: 3 }} data-testid={`verify-${r.chain}`}>
          <Typography variant="h6">
            {r.chain === 'jet' ? 'Journal des événements techniques' : 'Journal des ventes et encaissements'}
          </Typography>
          <Alert severity={r.status === 'ok' ? 'success' : 'error'} sx={{ my: 1 }}>
            {r.status === 'ok' ? 'Intègre' : `Rompu : ${countFr(r.breaks.length, 'rupture')}`} —{' '}
            {countFr(r.count, 'écriture')}
            {r.count ? ` (n° ${r.first} à ${r.last})` : ''},{' '}
            {countFr(r.signaturesChecked, 'signature vérifiée', 'signatures vérifiées')},{' '}
            {(r.ms / 1000).toLocaleString('fr-FR')} s
          </Alert>
          {r.breaks.length > 0 && (
            <DataTable
              name={`breaks-${r.chain}`}
              rows={r.breaks.map((b: Row, i: number) => ({ ...b, id: i }))}
              columns={[
                { key: 'seq', label: 'N°', align: 'right' },
                { key: 'kind', label: 'Nature' },
                { key: 'reason', label: 'Rupture' },
              ]}
            />
          )}
        </Stack>
      ))}
    </Page>
  );
}
