// /import-v1: customers, places and stays of the previous system's CSV export
// (docs/import-v1.md). A dry run first lists every line it would refuse and why; the
// import, after confirmation, is all or nothing (api/domain/utilities/import-v1).
import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useNotify } from 'react-admin';
import { countFr } from '../../common/french';
import { AskDialog, DataTable, Page, type Column, rest, type RestAnswer } from '../../admin/src/ui';
import { Figures } from './Figures';

type Report = RestAnswer<'/utilities/import-v1', 'post'>;

const columns: Column[] = [
  { key: 'line', label: 'Ligne', align: 'right' },
  { key: 'message', label: 'Motif du refus' },
];

async function base64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

const refusedFr = (n: number, dryRun: boolean) =>
  dryRun
    ? countFr(n, 'ligne serait refusée', 'lignes seraient refusées')
    : countFr(n, 'ligne refusée', 'lignes refusées');

function summary(r: Report): string {
  if (r.dryRun)
    return r.refused.length
      ? `Essai à blanc : ${refusedFr(r.refused.length, true)} ; corrigez le fichier avant l’import.`
      : 'Essai à blanc : aucune ligne refusée, le fichier peut être importé.';
  return r.refused.length
    ? `Import refusé : ${refusedFr(r.refused.length, false)} ; rien n’a été importé.`
    : `Import terminé (fichier ${r.encoding}).`;
}

const figures = (r: Report): [string, string][] => [
  ['Lignes lues', countFr(r.lines, 'ligne')],
  [r.dryRun ? 'Clients à créer' : 'Clients créés', String(r.created.customer)],
  [r.dryRun ? 'Emplacements à créer' : 'Emplacements créés', String(r.created.place)],
  [r.dryRun ? 'Séjours à créer' : 'Séjours créés', String(r.created.stay)],
  ['Déjà importés', String(r.skipped.customer + r.skipped.place + r.skipped.stay)],
  ['Lignes refusées', String(r.refused.length)],
];

export default function ImportV1() {
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const r = await rest('post', '/utilities/import-v1', { body: { content: await base64(file), dryRun } });
      setReport(r);
      if (!dryRun) notify('Import terminé', { type: 'success' });
    } catch (e) {
      const body = (e as { body?: { report?: Report } }).body;
      if (body?.report) setReport({ ...body.report, dryRun: false });
      notify((e as Error).message, { type: 'error' });
    }
    setBusy(false);
    setAsking(false);
  };
  return (
    <Page title="Import V1">
      <Alert severity="info" sx={{ mb: 2 }}>
        Fichier CSV de l’ancien logiciel (séparateur « ; », UTF-8 ou Windows-1252, dates JJ/MM/AAAA ou AAAA-MM-JJ) :
        lignes de type client, emplacement et sejour. Faites d’abord un essai à blanc : rien n’est enregistré. L’import
        est ensuite tout ou rien, et un second import du même fichier ne crée rien en double.
      </Alert>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="Fichier à importer"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setReport(null);
          }}
        />
        <Button variant="outlined" disabled={!file || busy} onClick={() => run(true)}>
          Essai à blanc
        </Button>
        <Button variant="contained" color="warning" disabled={!file || busy} onClick={() => setAsking(true)}>
          Importer
        </Button>
      </Stack>
      {report && (
        <>
          <Alert severity={report.refused.length ? 'warning' : 'success'} sx={{ mb: 1 }}>
            {summary(report)}
          </Alert>
          <Figures items={figures(report)} />
          <DataTable
            name="import-v1"
            rowKey="line"
            columns={columns}
            rows={report.refused}
            empty="Aucune ligne refusée"
          />
        </>
      )}
      <AskDialog
        open={asking}
        title="Importer ce fichier ?"
        text={
          `Les clients, emplacements et séjours de « ${file?.name ?? ''} » seront créés, ` +
          'tous ou aucun. Continuer ?'
        }
        confirmLabel="Importer"
        keepLabel="Ne pas importer"
        onConfirm={() => run(false)}
        onClose={() => setAsking(false)}
      />
    </Page>
  );
}
