// /tax-list (§2 (docs/screens.md#billing-and-finance), rules-fr §1, docs/statements.md#tourist-tax): the tourist tax
// register of a period — per stay its nights inside the period, persons, exempt persons and why, taxed person-nights,
// the tax due and the tax billed; its CSV. Figures come from the server (api/domain/statements).
import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, DateFieldFr, Page, dateFr, rest } from '../../admin/src/ui';
import { todayParis } from '../../common/dates';
import { euros, type Row } from './common';
import { monthBounds } from './periods';

export default function TaxList() {
  const [range, setRange] = useState(monthBounds(todayParis()));
  const ready = !!range.from && !!range.to;
  const q = useQuery({
    queryKey: ['tax-list', range],
    queryFn: () => rest('get', '/tax-list', { query: { from: range.from, to: range.to } }),
    enabled: ready,
  });
  const d = q.data;
  return (
    <Page
      title="Registre de la taxe de séjour"
      actions={
        <Button
          variant="outlined"
          href={`/rest/tax-list/export?from=${range.from}&to=${range.to}`}
          disabled={!ready}
          data-testid="tax-list-csv"
        >
          Exporter (CSV)
        </Button>
      }
    >
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <DateFieldFr label="Du" value={range.from} onChange={(v) => setRange({ ...range, from: v ?? '' })} />
        <DateFieldFr label="Au" value={range.to} onChange={(v) => setRange({ ...range, to: v ?? '' })} />
      </Stack>
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      {d && (
        <Typography sx={{ mb: 1 }} data-testid="tax-list-total">
          {d.rows.length} séjour{d.rows.length > 1 ? 's' : ''} — taxe due {euros(d.amountDue)}, taxe facturée{' '}
          {euros(d.amountBilled)}
        </Typography>
      )}
      <DataTable
        name="tax-list"
        loading={q.isLoading}
        rows={d?.rows}
        rowKey="occupancyId"
        empty="Aucun séjour dans la période"
        columns={[
          { key: 'bookingCode', label: 'Séjour' },
          { key: 'customer', label: 'Client' },
          { key: 'place', label: 'Emplacement', optional: true },
          { key: 'arrival', label: 'Arrivée', render: (r) => dateFr(r.arrival) },
          { key: 'departure', label: 'Départ', render: (r) => dateFr(r.departure) },
          { key: 'nights', label: 'Nuits', align: 'right' },
          { key: 'persons', label: 'Personnes', align: 'right' },
          { key: 'exemptPersons', label: 'Exonérées', align: 'right', optional: true },
          {
            key: 'exemptions',
            label: 'Motifs',
            optional: true,
            render: (r) => r.exemptions.map((e: Row) => `${e.reason} : ${e.persons}`).join(', '),
          },
          { key: 'taxablePersonNights', label: 'Nuitées taxées', align: 'right' },
          {
            key: 'rate',
            label: 'Tarif',
            align: 'right',
            optional: true,
            render: (r) => r.runs.map((x: Row) => euros(x.rate)).join(' / '),
          },
          { key: 'amountDue', label: 'Taxe due', align: 'right', render: (r) => euros(r.amountDue) },
          { key: 'amountBilled', label: 'Facturée', align: 'right', render: (r) => euros(r.amountBilled) },
        ]}
      />
    </Page>
  );
}
