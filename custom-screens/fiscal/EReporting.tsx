// /e-reporting (issue 24 (docs/statements.md), CGI 242 nonies M): the B2C e-reporting of a period — flux 10.3,
// the transactions per day, category (TPS1 services billed, TLB1 goods sold at the till)
// and VAT rate; flux 10.4, the services' receipts per day and rate — with the VAT they
// carry beside the VAT statement's; its CSV and its XML file (api/domain/ereporting).
import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, Page, dateFr, rest } from '../../admin/src/ui';
import { todayParis } from '../../common/dates';
import { euros, rate, type Row } from './common';
import { monthBounds, monthFr } from './periods';
import { PeriodFields } from './PeriodFields';

const CATEGORY: Record<string, string> = {
  TPS1: 'TPS1 — prestations de services',
  TLB1: 'TLB1 — ventes de biens',
  PAY: 'Encaissements des prestations',
};

export default function EReporting() {
  const [range, setRange] = useState(monthBounds(todayParis()));
  const ready = !!range.from && !!range.to;
  const q = useQuery({
    queryKey: ['e-reporting', range],
    queryFn: () => rest('get', '/e-reporting', { query: { from: range.from, to: range.to } }),
    enabled: ready,
  });
  const d = q.data;
  const rows = [
    ...(d?.transactions ?? []).flatMap((t: Row) =>
      t.rates.map((r: Row) => ({
        key: `${t.date}-${t.category}-${r.rateBp}`,
        date: t.date,
        flux: '10.3',
        category: CATEGORY[t.category],
        count: t.count,
        rate: rate(r.rateBp),
        exclVat: r.exclVat,
        vat: r.vat,
        inclVat: r.inclVat,
      })),
    ),
    ...(d?.payments ?? []).flatMap((p: Row) =>
      p.rates.map((r: Row) => ({
        key: `${p.date}-pay-${r.rateBp}`,
        date: p.date,
        flux: '10.4',
        category: CATEGORY.PAY,
        count: null,
        rate: rate(r.rateBp),
        exclVat: r.exclVat,
        vat: r.vat,
        inclVat: r.inclVat,
      })),
    ),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.flux.localeCompare(b.flux));
  const query = `from=${range.from}&to=${range.to}`;
  return (
    <Page
      title="E-reporting des ventes aux particuliers"
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" href={`/rest/e-reporting/xml?${query}`} disabled={!ready}>
            Fichier XML (flux 10.3 et 10.4)
          </Button>
          <Button variant="outlined" href={`/rest/e-reporting/export?${query}`} disabled={!ready}>
            Exporter (CSV)
          </Button>
        </Stack>
      }
    >
      <PeriodFields value={range} onChange={setRange} />
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      {d && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography data-testid="e-reporting-total">
            TVA due sur la période : {euros(d.totals.vatDue)} (ventes de biens à la vente, prestations à l’encaissement)
          </Typography>
          {d.vatStatement && (
            <Alert severity={d.vatStatement.matches ? 'success' : 'warning'}>
              Déclaration de TVA de {d.vatStatement.months.map(monthFr).join(', ')} : {euros(d.vatStatement.vatTotal)}
              {d.vatStatement.matches
                ? ' — concordante.'
                : ' — elle diffère : un mois clos porte des régularisations ou a été figé avant une correction.'}
            </Alert>
          )}
          {!!d.unallocated && (
            <Alert severity="warning">
              {euros(d.unallocated)} encaissés sans séjour ni facture ne sont pas déclarés : rattachez-les.
            </Alert>
          )}
          {!d.issuer.siren && (
            <Alert severity="warning">Le SIREN de l’établissement manque : le fichier l’exige.</Alert>
          )}
        </Stack>
      )}
      <DataTable
        name="e-reporting"
        loading={q.isLoading}
        rows={rows}
        rowKey="key"
        empty="Aucune opération dans la période"
        columns={[
          { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
          { key: 'flux', label: 'Flux' },
          { key: 'category', label: 'Catégorie' },
          { key: 'count', label: 'Opérations', align: 'right', render: (r) => (r.count == null ? '' : r.count) },
          { key: 'rate', label: 'Taux' },
          { key: 'exclVat', label: 'Base HT', align: 'right', render: (r) => euros(r.exclVat) },
          { key: 'vat', label: 'TVA', align: 'right', render: (r) => euros(r.vat) },
          { key: 'inclVat', label: 'TTC', align: 'right', render: (r) => euros(r.inclVat) },
        ]}
      />
    </Page>
  );
}
