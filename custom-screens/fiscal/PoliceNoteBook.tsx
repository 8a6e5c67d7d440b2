// /police-note-book (rules-fr §4, docs/statements.md#police-register): the individual forms of the foreign guests
// arriving in a period (6 months back at most), pre-filled from the stays, and their CSV for the
// police on request; a form that lacks a field (birth place…) is flagged. Settings of the
// module at /admin/module/police-note-book.
import { useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { DataTable, Page, dateFr, rest } from '../../admin/src/ui';
import { todayParis } from '../../common/dates';
import { type Row } from './common';
import { monthBounds } from './periods';
import { PeriodFields } from './PeriodFields';

export default function PoliceNoteBook() {
  const navigate = useNavigate();
  const [range, setRange] = useState(monthBounds(todayParis()));
  const ready = !!range.from && !!range.to;
  const q = useQuery({
    queryKey: ['police-note-book', range],
    queryFn: () => rest('get', '/police-note-book', { query: { from: range.from, to: range.to } }),
    enabled: ready,
  });
  const d = q.data;
  return (
    <Page
      title="Registre de police"
      actions={
        <Button
          variant="outlined"
          href={`/rest/police-note-book/export?from=${range.from}&to=${range.to}`}
          disabled={!ready}
          data-testid="police-csv"
        >
          Exporter (CSV)
        </Button>
      }
    >
      <PeriodFields value={range} onChange={setRange} />
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(q.error as Error).message}
        </Alert>
      )}
      {d && (
        <Typography sx={{ mb: 1 }} data-testid="police-count">
          {d.forms.length} fiche{d.forms.length > 1 ? 's' : ''} — conservées 6 mois (arrivées depuis le{' '}
          {dateFr(d.keptSince)})
          {d.unknownNationality > 0 &&
            ` — ${d.unknownNationality} voyageur${d.unknownNationality > 1 ? 's' : ''} sans nationalité renseignée`}
        </Typography>
      )}
      {d && d.incomplete > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="police-incomplete">
          {d.incomplete} fiche{d.incomplete > 1 ? 's' : ''} incomplète{d.incomplete > 1 ? 's' : ''} : complétez le
          client ou l’occupant depuis son séjour (colonne « À compléter »).
        </Alert>
      )}
      <DataTable
        name="police-note-book"
        loading={q.isLoading}
        rows={d?.forms.map((f: Row, i: number) => ({ ...f, key: `${f.bookingId}-${i}` }))}
        rowKey="key"
        onOpen={(f) => navigate(`/booking/${f.bookingId}`)}
        empty="Aucun voyageur étranger arrivé dans la période"
        columns={[
          { key: 'lastName', label: 'Nom' },
          { key: 'firstName', label: 'Prénoms' },
          {
            key: 'birthDate',
            label: 'Né(e) le',
            render: (f) => (f.birthDate ? `${dateFr(f.birthDate)}${f.birthPlace ? ` à ${f.birthPlace}` : ''}` : ''),
          },
          { key: 'nationality', label: 'Nationalité' },
          { key: 'address', label: 'Domicile habituel' },
          { key: 'phone', label: 'Téléphone', optional: true },
          { key: 'email', label: 'E-mail', optional: true },
          { key: 'arrival', label: 'Arrivée', render: (f) => dateFr(f.arrival) },
          { key: 'departure', label: 'Départ prévu', render: (f) => dateFr(f.departure) },
          {
            key: 'children',
            label: 'Enfants de moins de 15 ans',
            render: (f) => f.children.map((c: Row) => [c.firstName, c.lastName].filter(Boolean).join(' ')).join(', '),
          },
          {
            key: 'missing',
            label: 'À compléter',
            render: (f) =>
              f.missing.length ? (
                <Typography component="span" color="warning.main" variant="body2">
                  {f.missing.join(', ')}
                </Typography>
              ) : (
                ''
              ),
          },
        ]}
      />
    </Page>
  );
}
