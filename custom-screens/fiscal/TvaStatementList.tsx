// /tva-statement-list (§2 (docs/screens.md#billing-and-finance),
// rules-fr §2, docs/billing.md#vat-and-invoice-mentions): the VAT of a civil year per month and rate — on receipts for
// services (payments spread over their stay's rates), on sales for the goods of the till — with the tourist tax outside
// VAT; the CSV of the statement and of the sales per day and rate (B2C e-reporting).
import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, Page, rest } from '../../admin/src/ui';
import { euros, rate, type Row } from './common';
import { YearPicker } from './YearPicker';
import { monthFr } from './periods';

const BASIS: Record<string, string> = { receipts: 'Encaissements (prestations)', sales: 'Ventes (biens)' };

export default function TvaStatementList() {
  const [year, setYear] = useState(new Date().getFullYear());
  const q = useQuery({
    queryKey: ['tva-statement-list', year],
    queryFn: () => rest('get', '/tva-statement-list', { query: { year } }),
  });
  const d = q.data;
  const rows = (d?.months ?? []).flatMap((m: Row) => [
    ...m.rows.map((r: Row) => ({
      key: `${m.month}-${r.basis}-${r.rateBp}`,
      month: m.month,
      basis: BASIS[r.basis],
      rate: rate(r.rateBp),
      exclVat: r.exclVat,
      vat: r.vat,
      inclVat: r.inclVat,
    })),
    // corrections of closed months, made this month (a closed month's statement never changes)
    ...(m.corrections ?? []).map((r: Row) => ({
      key: `${m.month}-correction-${r.basis}-${r.rateBp}`,
      month: m.month,
      basis: `Régularisation — ${BASIS[r.basis].toLowerCase()}`,
      rate: rate(r.rateBp),
      exclVat: r.exclVat,
      vat: r.vat,
      inclVat: r.inclVat,
    })),
    ...(m.outsideVat
      ? [
          {
            key: `${m.month}-outside`,
            month: m.month,
            basis: 'Hors champ (taxe de séjour…)',
            rate: '',
            exclVat: null,
            vat: null,
            inclVat: m.outsideVat,
          },
        ]
      : []),
  ]);
  return (
    <Page
      title="Déclaration de TVA"
      actions={
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            href={`/rest/tva-statement-list/export?year=${year}`}
            data-testid="tva-statement-csv"
          >
            Exporter (CSV)
          </Button>
          <Button variant="outlined" href={`/rest/tva-statement-list/daily?from=${year}-01-01&to=${year}-12-31`}>
            Ventes par jour et par taux (CSV)
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
        <Typography sx={{ my: 2 }} data-testid="tva-statement-total">
          TVA de l’année : {euros(d.vatTotal)}
          {d.total.length
            ? ` — ${d.total
                .map((t: Row) => `${rate(t.rateBp)} : base ${euros(t.exclVat)}, TVA ${euros(t.vat)}`)
                .join(' ; ')}`
            : ''}
        </Typography>
      )}
      {d?.returns && (
        <Typography sx={{ mb: 2 }} data-testid="tva-statement-returns">
          {d.regime === 'simplified'
            ? `Réel simplifié : une déclaration annuelle CA12 de ${euros(d.returns[0]?.vat ?? 0)}, ` +
              `à déposer en mai ${year + 1}`
            : `Réel normal : une déclaration CA3 par mois, déposée le mois suivant`}
        </Typography>
      )}
      <DataTable
        name="tva-statement-list"
        loading={q.isLoading}
        rows={rows}
        rowKey="key"
        empty="Aucune opération cette année"
        columns={[
          { key: 'month', label: 'Mois', render: (r) => monthFr(r.month) },
          { key: 'basis', label: 'Exigibilité' },
          { key: 'rate', label: 'Taux' },
          {
            key: 'exclVat',
            label: 'Base HT',
            align: 'right',
            render: (r) => (r.exclVat == null ? '' : euros(r.exclVat)),
          },
          { key: 'vat', label: 'TVA', align: 'right', render: (r) => (r.vat == null ? '' : euros(r.vat)) },
          { key: 'inclVat', label: 'TTC', align: 'right', render: (r) => euros(r.inclVat) },
        ]}
      />
    </Page>
  );
}
