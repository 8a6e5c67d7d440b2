// /search-availability: dates, occupants by age category (as the wizard asks them),
// place type or family, zone and features → the free places (no residential place for
// a night stay), each with the price the booking will charge (the server prices it
// with the stays' own pricing), and "Réserver" to book one at once with the same
// occupants — the full wizard is /new-booking.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { addDays, nightsBetween, todayParis } from '../../common/dates';
import { CustomerPicker, type CustomerOption } from '../customers/CustomerPicker';
import {
  OccupancyFields,
  emptyDraft,
  occupancyBody,
  useAgeCategories,
  withDefaults,
  type OccupancyDraft,
} from './OccupancyForm';
import { api, useCan, DataTable, DateBox, Page, euros, type Row } from '../../admin/src/ui';

interface Criteria {
  startDate: string;
  endDate: string;
  counts: Record<number, string>;
  placeTypeId: string;
  placeFamilyId: string;
  layoutId: string;
  featureIds: number[];
}

function BookDialog({ place, criteria, onClose }: { place: Row; criteria: Criteria; onClose: () => void }) {
  const navigate = useNavigate();
  const ages = useAgeCategories();
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [kind, setKind] = useState('booking');
  // The occupants of the search come along: the booking is priced as the search showed.
  const [draft, setDraft] = useState<OccupancyDraft>({
    ...emptyDraft(criteria.startDate, criteria.endDate, place.placeId),
    counts: { ...criteria.counts },
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const book = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api<Row>('/booking/create', {
        method: 'POST',
        json: {
          kind,
          temporary: false,
          customerId: customer?.id ?? null,
          occupancies: [occupancyBody(draft, ages.data ?? [])],
        },
      });
      navigate(`/booking/${r.booking.id}`);
    } catch (e: any) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Réserver l’emplacement {place.code}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
          <CustomerPicker value={customer} onChange={setCustomer} />
          <TextField
            fullWidth={false}
            select
            size="small"
            label="Nature"
            value={kind}
            name="kind"
            onChange={(e) => setKind(e.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="booking">Réservation</MenuItem>
            <MenuItem value="option">Option</MenuItem>
            <MenuItem value="quote">Devis</MenuItem>
            <MenuItem value="passage">Passage</MenuItem>
          </TextField>
        </Box>
        <OccupancyFields draft={draft} onChange={setDraft} withPlace={false} />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" onClick={book} disabled={busy}>
          Réserver
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function SearchAvailability() {
  const today = todayParis();
  const canWrite = useCan('booking.booking', 'write');
  const [form, setForm] = useState<Criteria>({
    startDate: addDays(today, 1),
    endDate: addDays(today, 8),
    counts: {},
    placeTypeId: '',
    placeFamilyId: '',
    layoutId: '',
    featureIds: [],
  });
  const [criteria, setCriteria] = useState<Criteria | null>(null);
  const [booking, setBooking] = useState<Row | null>(null);
  const types = useQuery({
    queryKey: ['place-types-active'],
    queryFn: () => api<Row[]>('/place-type/active'),
    staleTime: 60_000,
  });
  const families = useQuery({
    queryKey: ['place-families'],
    queryFn: () => api<Row[]>('/place-family'),
    staleTime: 60_000,
  });
  const layouts = useQuery({ queryKey: ['layouts'], queryFn: () => api<Row[]>('/layout'), staleTime: 60_000 });
  const features = useQuery({
    queryKey: ['features'],
    queryFn: () => api<Row[]>('/feature?sort=["label","ASC"]'),
    staleTime: 60_000,
  });
  const ages = useAgeCategories();
  const occupantsOf = (c: Criteria) =>
    Object.entries(withDefaults({ ...emptyDraft('', ''), counts: c.counts }, ages.data ?? []))
      .map(([id, q]) => ({ ageCategoryId: Number(id), quantity: Number(q) || 0 }))
      .filter((o) => o.quantity > 0);
  const results = useQuery({
    queryKey: ['availability', criteria],
    enabled: !!criteria,
    queryFn: () =>
      api<Row[]>('/booking/search-availability', {
        method: 'POST',
        json: {
          startDate: criteria!.startDate,
          endDate: criteria!.endDate,
          occupants: occupantsOf(criteria!),
          withPrices: true,
          featureIds: criteria!.featureIds,
          placeTypeId: criteria!.placeTypeId ? Number(criteria!.placeTypeId) : null,
          placeFamilyId: criteria!.placeFamilyId ? Number(criteria!.placeFamilyId) : null,
          layoutId: criteria!.layoutId ? Number(criteria!.layoutId) : null,
        },
      }),
  });
  const set = (k: keyof Criteria, v: unknown) => setForm({ ...form, [k]: v });
  const nights = form.startDate && form.endDate ? nightsBetween(form.startDate, form.endDate) : 0;
  return (
    <Page title="Recherche de disponibilités">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setCriteria({ ...form });
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
              value={withDefaults({ ...emptyDraft('', ''), counts: form.counts }, ages.data ?? [])[a.id] ?? ''}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              onChange={(e) =>
                set('counts', {
                  ...withDefaults({ ...emptyDraft('', ''), counts: form.counts }, ages.data ?? []),
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
