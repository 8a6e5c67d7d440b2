// /search-availability: dates, occupants by age category (as the wizard asks them),
// place type or family, zone and features → the free places (no residential place for
// a night stay), each with the price the booking will charge (the server prices it
// with the stays' own pricing), and "Réserver" to book one at once with the same
// occupants — the full wizard is /new-booking.
import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, TextField, Tooltip } from '@mui/material';
import { Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { nightsBetween } from '../../common/dates';
import { useCan, DataTable, DateBox, Page, euros, type Row } from '../../admin/src/ui';
import { BookDialog } from './BookDialog';
import { useAvailabilitySearch } from './useAvailabilitySearch';

export default function SearchAvailability() {
  const canWrite = useCan('booking.booking', 'write');
  const [booking, setBooking] = useState<Row | null>(null);
  const { form, set, counts, criteria, search, results, ages, types, families, layouts, features } =
    useAvailabilitySearch();
  const nights = form.startDate && form.endDate ? nightsBetween(form.startDate, form.endDate) : 0;
  return (
    <Page title="Recherche de disponibilités">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 2 }}
      >
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <DateBox label="Arrivée" value={form.startDate} onChange={(v) => set('startDate', v)} name="startDate" />
          <DateBox label="Départ" value={form.endDate} onChange={(v) => set('endDate', v)} name="endDate" />
          <Typography variant="body2">{nights > 0 ? `${nights} nuit${nights > 1 ? 's' : ''}` : ''}</Typography>
          {(ages.data ?? []).map((a, i) => (
            <TextField
              fullWidth={false}
              key={a.id}
              size="small"
              label={a.label}
              name={`occupants-${i}`}
              sx={{ width: 150 }}
              value={counts[a.id] ?? ''}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              onChange={(e) =>
                set('counts', {
                  ...counts,
                  [a.id]: e.target.value.replace(/\D/g, ''),
                })
              }
            />
          ))}
          <TextField
            fullWidth={false}
            select
            size="small"
            label="Famille"
            name="placeFamilyId"
            value={form.placeFamilyId}
            onChange={(e) => set('placeFamilyId', e.target.value)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">Toutes</MenuItem>
            {(families.data ?? []).map((f) => (
              <MenuItem key={f.id} value={String(f.id)}>
                {f.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth={false}
            select
            size="small"
            label="Type d'emplacement"
            name="placeTypeId"
            value={form.placeTypeId}
            onChange={(e) => set('placeTypeId', e.target.value)}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">Tous</MenuItem>
            {(types.data ?? [])
              .filter((t) => !t.isResidential)
              .map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.label}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            fullWidth={false}
            select
            size="small"
            label="Zone"
            name="layoutId"
            value={form.layoutId}
            onChange={(e) => set('layoutId', e.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">Toutes</MenuItem>
            {(layouts.data ?? []).map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.label}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Rechercher
          </Button>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          {(features.data ?? []).map((f) => (
            <FormControlLabel
              key={f.id}
              label={f.label}
              control={
                <Checkbox
                  size="small"
                  checked={form.featureIds.includes(f.id)}
                  onChange={(e) =>
                    set(
                      'featureIds',
                      e.target.checked ? [...form.featureIds, f.id] : form.featureIds.filter((x) => x !== f.id),
                    )
                  }
                />
              }
            />
          ))}
        </Box>
      </Box>
      {results.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {(results.error as Error).message}
        </Alert>
      )}
      {criteria && (
        <DataTable
          name="search-availability"
          rowKey="placeId"
          loading={results.isFetching}
          rows={results.data}
          empty="Aucun emplacement libre pour ces critères"
          columns={[
            { key: 'code', label: 'Emplacement', render: (r) => `${r.code}${r.label ? ` – ${r.label}` : ''}` },
            { key: 'placeTypeLabel', label: 'Type' },
            { key: 'placeFamilyLabel', label: 'Famille' },
            { key: 'layoutLabel', label: 'Zone' },
            { key: 'capacity', label: 'Capacité', align: 'right' },
            {
              key: 'features',
              label: 'Caractéristiques',
              render: (r) => r.features.map((f: Row) => f.label).join(', '),
            },
            {
              key: 'price',
              label: 'Prix du séjour',
              align: 'right',
              render: (r) => {
                const p = r.price;
                if (!p) return '';
                const warning = p.error ?? (p.warnings.join(' ; ') || null);
                return warning ? (
                  <Tooltip title={warning}>
                    <span>{p.total != null ? euros(p.total) : '—'} ⚠</span>
                  </Tooltip>
                ) : (
                  <span data-testid={`price-${r.code}`}>{euros(p.total)}</span>
                );
              },
            },
            ...(canWrite
              ? [
                  {
                    key: 'book',
                    label: '',
                    render: (r: Row) => (
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => setBooking(r)}
                        data-testid={`book-${r.code}`}
                      >
                        Réserver
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {booking && criteria && <BookDialog place={booking} criteria={criteria} onClose={() => setBooking(null)} />}
    </Page>
  );
}
