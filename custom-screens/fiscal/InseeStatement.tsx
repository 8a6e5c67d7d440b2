// /insee-statement (rules-fr §3, docs/statements.md#insee-occupancy-survey): the INSEE monthly survey of a month —
// places offered and occupied per INSEE category, arrivals and person-nights by country of residence.
import { useState } from 'react';
import { Alert, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, Page, rest } from '../../admin/src/ui';
import { todayParis } from '../../common/dates';
import { MONTHS } from './periods';
import { YearPicker } from './YearPicker';

/** The plural mark of a French noun counted `n` times. */
const pluralS = (n: number) => (n > 1 ? 's' : '');
const pct = (bp: number) => `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;

export default function InseeStatement() {
  const today = todayParis();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [month, setMonth] = useState(Number(today.slice(5, 7)));
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  const q = useQuery({
    queryKey: ['insee-statement', ym],
    queryFn: () => rest('get', '/insee-statement', { query: { month: ym } }),
  });
  const d = q.data;
  return (
    <Page title="Enquête de fréquentation INSEE">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Mois"
          value={month}
          onChange={(e) => setMonth(Number(e.target.value))}
          sx={{ width: 160 }}
        >
          {MONTHS.map((m, i) => (
            <MenuItem key={m} value={i + 1}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        <YearPicker value={year} onChange={setYear} />
      </Stack>
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      <Typography variant="subtitle1">Capacité et occupation</Typography>
      <DataTable
        name="insee-categories"
        loading={q.isLoading}
        rows={d?.categories}
        rowKey="category"
        columns={[
          { key: 'label', label: 'Catégorie' },
          { key: 'places', label: 'Emplacements', align: 'right' },
          { key: 'offered', label: 'Nuitées d’emplacement offertes', align: 'right' },
          { key: 'occupied', label: 'Occupées', align: 'right' },
          { key: 'rateBp', label: 'Taux d’occupation', align: 'right', render: (c) => pct(c.rateBp) },
        ]}
      />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        Arrivées et nuitées par pays de résidence
      </Typography>
      {d && (
        <Typography sx={{ mb: 1 }} data-testid="insee-total">
          {d.total.arrivals} arrivée{pluralS(d.total.arrivals)} ({d.total.personArrivals} personne
          {pluralS(d.total.personArrivals)}), {d.total.personNights} nuitée{pluralS(d.total.personNights)} dont{' '}
          {d.total.foreignPersonNights} de clients étrangers
        </Typography>
      )}
      <DataTable
        name="insee-countries"
        loading={q.isLoading}
        rows={d?.byCountry}
        rowKey="country"
        empty="Aucun séjour ce mois-ci"
        columns={[
          { key: 'country', label: 'Pays de résidence' },
          { key: 'arrivals', label: 'Séjours arrivés', align: 'right' },
          { key: 'personArrivals', label: 'Personnes arrivées', align: 'right' },
          { key: 'personNights', label: 'Nuitées', align: 'right' },
        ]}
      />
    </Page>
  );
}
