// /tax-statement-list (§2 (docs/screens.md#billing-and-finance), rules-fr §1, docs/statements.md#tourist-tax): the
// tourist tax statement to the commune for a civil year, one row per period of the frequency set in the module «
// Déclaration de taxe de séjour » (/admin/module/preference-tax-statement): person-nights taxed per
// rate, exempt person-nights per reason, the tax due and billed; its CSV.
import { useState } from 'react';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { DataTable, Page, dateFr, rest } from '../../admin/src/ui';
import { euros, type Row } from './common';
import { YearPicker } from './YearPicker';

const FREQUENCY: Record<string, string> = { monthly: 'mensuelle', quarterly: 'trimestrielle', yearly: 'annuelle' };

export default function TaxStatementList() {
  const [year, setYear] = useState(new Date().getFullYear());
  const q = useQuery({
    queryKey: ['tax-statement-list', year],
    queryFn: () => rest('get', '/tax-statement-list', { query: { year } }),
  });
  const d = q.data;
  return (
    <Page
      title="Déclaration de taxe de séjour"
      actions={
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            href={`/rest/tax-statement-list/document?year=${year}`}
            target="_blank"
            rel="noopener"
            data-testid="tax-statement-pdf"
          >
            Déclaration (PDF)
          </Button>
          <Button
            variant="outlined"
            href={`/rest/tax-statement-list/export?year=${year}`}
            data-testid="tax-statement-csv"
          >
            Exporter (CSV)
          </Button>
        </Stack>
      }
    >
      <YearPicker value={year} onChange={setYear} />
      {q.error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      {d && (
        <Typography sx={{ my: 2 }} data-testid="tax-statement-head">
          Commune : {d.commune || 'non renseignée'}
          {d.communeCode ? ` (${d.communeCode})` : ''} — déclaration {FREQUENCY[d.frequency] ?? d.frequency} (
          <Link component={RouterLink} to="/admin/module/preference-tax-statement">
            paramètres
          </Link>
          ) — total {d.total.taxablePersonNights} nuitée{d.total.taxablePersonNights > 1 ? 's' : ''} taxée
          {d.total.taxablePersonNights > 1 ? 's' : ''}, {euros(d.total.amountDue)}
        </Typography>
      )}
      <DataTable
        name="tax-statement-list"
        loading={q.isLoading}
        rows={d?.periods}
        rowKey="from"
        columns={[
          { key: 'from', label: 'Période', render: (p) => `du ${dateFr(p.from)} au ${dateFr(p.to)}` },
          { key: 'stays', label: 'Séjours', align: 'right' },
          { key: 'personNights', label: 'Nuitées', align: 'right' },
          {
            key: 'exemptions',
            label: 'Nuitées exonérées',
            render: (p) => p.exemptions.map((e: Row) => `${e.reason} : ${e.personNights}`).join(', '),
          },
          { key: 'taxablePersonNights', label: 'Nuitées taxées', align: 'right' },
          {
            key: 'rates',
            label: 'Par tarif',
            render: (p) =>
              p.rates.map((r: Row) => `${r.personNights} × ${euros(r.rate)} = ${euros(r.amount)}`).join(' ; '),
          },
          { key: 'amountDue', label: 'Taxe due', align: 'right', render: (p) => euros(p.amountDue) },
          { key: 'amountBilled', label: 'Facturée', align: 'right', render: (p) => euros(p.amountBilled) },
        ]}
      />
    </Page>
  );
}
