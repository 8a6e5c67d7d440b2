// /accounting-export: export a period's entries not exported yet (a FEC file kept with
// the export, its payments then frozen), and the history of exports: who, when, period,
// counts, total; each file downloaded again, or the export deleted, which releases its
// payments and bills (§8 (docs/errors.md#confirmations) confirmation). An export is made for the settings' software or
// for an active accounting connector (module « Comptabilité »: its format, journal code and
// account length); a connector's export is sent to its server (FTP, FTPS, SFTP).
import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AskDialog,
  DataTable,
  DateFieldFr,
  Page,
  dateFr,
  dateTimeFr,
  euros,
  useCan,
  type Row,
} from '../../admin/src/ui';
import { errorBody, errorText, records, rest } from '../../admin/src/ui/client';
import { EntryLines } from './EntryLines';
import { plural, previousMonth } from './period';

type Software = keyof typeof SOFTWARES;
const SOFTWARES = { none: 'Aucun (à choisir)', fec: 'FEC générique', csv: 'CSV (séparateur point-virgule)' };

const releasedOf = (r: Row) =>
  `${plural(r.paymentCount, 'paiement', 'paiements')}, ` +
  `${plural(r.billCount, 'facture ou avoir', 'factures et avoirs')} de nouveau exportables`;

export default function ExportScreen() {
  const qc = useQueryClient();
  const canExport = useCan('invoice.accounting', 'export');
  const canDelete = useCan('invoice.accounting', 'delete');
  const [range, setRange] = useState(previousMonth());
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [moduleId, setModuleId] = useState<number | ''>('');
  const connectors = useQuery({
    queryKey: ['accounting-connectors'],
    queryFn: () => rest('get', '/accounting/connectors'),
  });
  const sendable = new Set((connectors.data?.rows ?? []).filter((c) => c.sends).map((c) => c.id));
  const ready = !!range.from && !!range.to;
  const preview = useQuery({
    queryKey: ['accounting-preview', range, true, moduleId],
    queryFn: () =>
      rest('get', '/accounting/preview', {
        query: { startDate: range.from, endDate: range.to, pending: true, moduleId: moduleId || undefined },
      }),
    enabled: ready,
    retry: false,
  });
  const history = useQuery({ queryKey: ['accounting-exports'], queryFn: () => rest('get', '/accounting/exports') });
  const refresh = () => qc.invalidateQueries({ queryKey: ['accounting-preview'] }).then(() => history.refetch());
  const setting = history.data?.setting;
  const canSet = useCan('invoice.accounting', 'write');
  const chooseSoftware = async (software: Software) => {
    if (!setting) return;
    setMessage(null);
    try {
      // The whole record goes back: a PUT replaces it.
      const rec = await records.get('accounting-setting', setting.id);
      await records.update('accounting-setting', setting.id, { ...rec, software });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    }
    await history.refetch();
  };
  const exportNow = async () => {
    setMessage(null);
    try {
      const json = { startDate: range.from, endDate: range.to, ...(moduleId ? { moduleId } : {}) };
      await rest('post', '/accounting/exports', { body: json });
      setMessage({ ok: true, text: 'Export enregistré : le fichier est dans l’historique' });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    }
    await refresh();
  };
  const send = async (r: Row) => {
    setMessage(null);
    try {
      const done = await rest('post', '/accounting/exports/{id}/send', { path: { id: r.id }, body: {} });
      setMessage({ ok: true, text: `Fichier envoyé : ${done.sentTo}` });
    } catch (e) {
      const detail = Object.values(errorBody(e)?.errors ?? {}).join(', ');
      setMessage({ ok: false, text: `${errorText(e)}${detail ? ` (${detail})` : ''}` });
    }
    await history.refetch();
  };
  return (
    <Page
      title="Export comptable"
      actions={
        canExport && (
          <Button variant="contained" onClick={exportNow} disabled={!ready} data-testid="accounting-export-run">
            Exporter la période
          </Button>
        )
      }
    >
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <DateFieldFr label="Du" value={range.from} onChange={(v) => setRange({ ...range, from: v ?? '' })} />
        <DateFieldFr label="Au" value={range.to} onChange={(v) => setRange({ ...range, to: v ?? '' })} />
        {!!connectors.data?.rows.length && (
          <TextField
            select
            label="Exporter pour"
            value={moduleId}
            onChange={(e) => setModuleId(e.target.value === '' ? '' : Number(e.target.value))}
            inputProps={{ 'data-testid': 'accounting-connector' }}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">Les paramètres comptables</MenuItem>
            {connectors.data.rows.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {setting && !moduleId && (
          <TextField
            select
            label="Logiciel comptable"
            value={setting.software}
            disabled={!canSet}
            onChange={(e) => chooseSoftware(e.target.value as Software)}
            inputProps={{ 'data-testid': 'accounting-software' }}
            sx={{ minWidth: 260 }}
          >
            {Object.entries(SOFTWARES).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="accounting-export-message">
          {message.text}
        </Alert>
      )}
      {preview.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(preview.error as Error).message}
        </Alert>
      )}
      <EntryLines data={preview.data} loading={preview.isLoading && ready} />
      <h2>Historique des exports</h2>
      <DataTable
        name="accounting-exports"
        loading={history.isLoading}
        rows={history.data?.rows}
        empty="Aucun export"
        columns={[
          { key: 'createdAt', label: 'Exporté le', render: (r) => dateTimeFr(r.createdAt) },
          { key: 'userName', label: 'Par' },
          { key: 'period', label: 'Période', render: (r) => `du ${dateFr(r.startDate)} au ${dateFr(r.endDate)}` },
          { key: 'entryCount', label: 'Écritures', align: 'right' },
          { key: 'paymentCount', label: 'Paiements', align: 'right' },
          { key: 'billCount', label: 'Factures et avoirs', align: 'right', optional: true },
          { key: 'debitTotal', label: 'Total débit', align: 'right', render: (r) => euros(r.debitTotal) },
          {
            key: 'moduleLabel',
            label: 'Pour',
            optional: true,
            render: (r) => r.moduleLabel ?? 'Paramètres comptables',
          },
          { key: 'sentAt', label: 'Envoyé le', optional: true, render: (r) => (r.sentAt ? dateTimeFr(r.sentAt) : '') },
          {
            key: 'actions',
            label: '',
            render: (r) => (
              <Stack direction="row" spacing={1}>
                {canExport && (
                  <Button
                    size="small"
                    href={`/rest/accounting/exports/${r.id}/file`}
                    data-testid={`accounting-export-file-${r.id}`}
                  >
                    Télécharger
                  </Button>
                )}
                {canExport && sendable.has(r.moduleId) && (
                  <Button size="small" onClick={() => send(r)} data-testid={`accounting-export-send-${r.id}`}>
                    Envoyer
                  </Button>
                )}
                {canDelete && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRemoving(r)}
                    data-testid={`accounting-export-delete-${r.id}`}
                  >
                    Supprimer
                  </Button>
                )}
              </Stack>
            ),
          },
        ]}
      />
      <AskDialog
        open={!!removing}
        title="Supprimer l’export comptable"
        text={
          removing
            ? `La suppression d’un export comptable libère ses paiements et ses factures (${releasedOf(removing)}).`
            : ''
        }
        confirmLabel="Supprimer l’export"
        keepLabel="Garder l’export"
        onConfirm={async () => {
          await records.remove('accounting-export', removing!.id, { version: removing!.version });
          await refresh();
        }}
        onClose={() => setRemoving(null)}
      />
    </Page>
  );
}
