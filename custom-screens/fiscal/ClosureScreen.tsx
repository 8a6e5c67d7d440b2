// /closure (§2 (docs/screens.md#billing-and-finance), §4, docs/ledger.md#closures): the closures in order day (Z) →
// month → financial year, the last of each, what waits for a Z, the §9 (docs/constants.md#closures) flag past 4 months,
// the installation's public key, the list of closures with their PDF and, for a closed financial year, its signed
// archive (made once, then downloaded); the verifier is one click away (/closure/verify).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { addDays, todayParis } from '../../common/dates';
import { countFr } from '../../common/french';
import { closurePdf, euros, LEVEL, period, type Row } from './common';
import { ClosureConfirm, type ClosureAsk } from './ClosureConfirm';
import { useCan, DataTable, Page, DateFieldFr, rest } from '../../admin/src/ui';

const lastMonth = () => addDays(`${todayParis().slice(0, 7)}-01`, -1).slice(0, 7);
/**
 * The 24 months before this one, newest first (a month is closed once ended; no native month input: it is English in an
 * English browser).
 */
const recentMonths = () => {
  const out: string[] = [];
  let first = `${lastMonth()}-01`;
  for (let i = 0; i < 24; i++) {
    out.push(first.slice(0, 7));
    first = `${addDays(first, -1).slice(0, 7)}-01`;
  }
  return out;
};
const monthLabel = (ym: string) =>
  new Date(`${ym}-15T12:00:00Z`).toLocaleDateString('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export default function ClosureScreen() {
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('invoice.closures', 'write');
  const status = useQuery({ queryKey: ['closure-status'], queryFn: () => rest('get', '/closure/status') });
  const list = useQuery({ queryKey: ['closure-list'], queryFn: () => rest('get', '/closure/list') });
  const key = useQuery({ queryKey: ['fiscal-key'], queryFn: () => rest('get', '/fiscal/key') });
  const archives = useQuery({
    queryKey: ['closure-archives'],
    queryFn: () => rest('get', '/closure/archives'),
  });
  const archived = new Set((archives.data?.rows ?? []).map((a) => a.closureSeq));
  const archive = async (closureSeq: number) => {
    setError(null);
    try {
      const r = await rest('post', '/closure/archive', { body: { closureSeq } });
      notify(`Archive de l'exercice écrite (${countFr(r.item.count, 'écriture')}, journalisée n° ${r.item.seq})`, {
        type: 'success',
      });
      await qc.invalidateQueries({ queryKey: ['closure-archives'] });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const [day, setDay] = useState(addDays(todayParis(), -1));
  const [month, setMonth] = useState(lastMonth());
  const [error, setError] = useState<string | null>(null);
  // Each closure is confirmed first, saying what it covers, what it does and that it is final.
  const [ask, setAsk] = useState<ClosureAsk | null>(null);
  const confirmClose = (what: 'day' | 'month') => {
    setError(null);
    setAsk(what === 'day' ? { level: 'day', date: day } : { level: 'month', month, label: monthLabel(month) });
  };
  const close = async (what: 'day' | 'month') => {
    setAsk(null);
    setError(null);
    try {
      const r =
        what === 'day'
          ? await rest('post', '/closure/day', { body: { date: day } })
          : await rest('post', '/closure/month', { body: { month } });
      notify(what === 'day' ? `Journée clôturée : Z n° ${r.item.seq}` : `Mois clôturé (écriture n° ${r.item.seq})`, {
        type: 'success',
      });
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['closure-status'] }),
        qc.invalidateQueries({ queryKey: ['closure-list'] }),
      ]);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  // The closure buttons wait for the status: the alerts it brings above them would move them under the pointer.
  const s = status.data;
  const last = (c: Row | null, label: string) => (
    <Typography variant="body2">
      {label} : {c ? `${period(c)} — grand total perpétuel ${euros(c.perpetual)}` : 'aucune'}
    </Typography>
  );
  return (
    <Page
      title="Clôtures"
      actions={
        <Button component={RouterLink} to="/closure/verify" variant="outlined">
          Vérifier le journal inaltérable
        </Button>
      }
    >
      {s?.allClosed && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {s.allClosed}
        </Alert>
      )}
      {s?.stale && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          La dernière clôture date de plus de 4 mois.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6">Dernières clôtures</Typography>
            {s && (
              <>
                {last(s.lastDay, 'Journée (Z)')}
                {last(s.lastMonth, 'Mois')}
                {last(s.lastYear, 'Exercice')}
              </>
            )}
            {s && (
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="closure-pending">
                {s.pending
                  ? `${countFr(s.pending, 'opération')} en attente de clôture`
                  : 'Aucune opération en attente de clôture'}
              </Typography>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6">Clôturer</Typography>
            {error && (
              <Alert severity="error" sx={{ my: 1 }} data-testid="closure-error">
                {error}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center' }}>
              <DateFieldFr label="Journée" value={day} onChange={(v) => setDay(v ?? '')} />
              <Button
                variant="contained"
                disabled={!canWrite || !day || !s}
                onClick={() => confirmClose('day')}
                data-testid="close-day"
              >
                Clôturer la journée
              </Button>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                select
                label="Mois"
                value={month}
                onChange={(e) => setMonth(e.target.value)}
                sx={{ minWidth: 180 }}
              >
                {recentMonths().map((m) => (
                  <MenuItem key={m} value={m}>
                    {monthLabel(m)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                disabled={!canWrite || !month || !s}
                onClick={() => confirmClose('month')}
                data-testid="close-month"
              >
                Clôturer le mois
              </Button>
            </Stack>
            <Typography variant="caption" component="p" sx={{ mt: 1 }}>
              La clôture de l&apos;exercice se fait par l&apos;utilisateur technique, depuis la liste des exercices.
            </Typography>
          </CardContent>
        </Card>
      </Stack>
      <DataTable
        name="closures"
        loading={list.isLoading}
        rows={list.data?.rows}
        rowKey="seq"
        empty="Aucune clôture"
        columns={[
          { key: 'seq', label: 'N°', align: 'right' },
          { key: 'level', label: 'Clôture', render: (c) => LEVEL[c.level] },
          { key: 'date', label: 'Période', render: period },
          { key: 'count', label: 'Opérations', align: 'right' },
          { key: 'sales', label: 'Ventes TTC', align: 'right', render: (c) => euros(c.sales) },
          { key: 'paymentsTotal', label: 'Encaissements', align: 'right', render: (c) => euros(c.paymentsTotal) },
          { key: 'perpetual', label: 'Grand total perpétuel', align: 'right', render: (c) => euros(c.perpetual) },
          {
            key: 'pdf',
            label: 'PDF',
            render: (c) => (
              <Link href={closurePdf(c.seq)} target="_blank" rel="noopener">
                PDF
              </Link>
            ),
          },
          {
            key: 'archive',
            label: 'Archive',
            render: (c) =>
              c.level !== 'year' ? null : archived.has(c.seq) ? (
                <Link href={`/rest/closure/archive/${c.seq}`} download>
                  Télécharger l&apos;archive
                </Link>
              ) : (
                <Button size="small" disabled={!canWrite || archives.isLoading} onClick={() => archive(c.seq)}>
                  Archiver l&apos;exercice
                </Button>
              ),
          },
        ]}
      />
      <ClosureConfirm ask={ask} onCancel={() => setAsk(null)} onConfirm={() => ask && close(ask.level)} />
      {key.data && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" component="p">
            Clé publique de signature (Ed25519) de cette installation, empreinte SHA-256 :
          </Typography>
          <Typography
            variant="caption"
            component="p"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            data-testid="key-fingerprint"
          >
            {key.data.fingerprint}
          </Typography>
        </Box>
      )}
    </Page>
  );
}
