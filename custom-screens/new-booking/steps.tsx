// The wizard's first four steps: dates and persons (with the sales channel, partner
// and promo code the price depends on), the free places with their prices, the
// customer (search from 3 characters, or create), occupants' extras — tourist tax
// exemptions, equipment, animals, vehicles, extras, insurance, notes.
import { useEffect, useState } from 'react';
import {
  Alert, Autocomplete, Box, Button, Checkbox, Chip, FormControlLabel, IconButton, LinearProgress, MenuItem, Radio, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { api } from '../../admin/src/api';
import { formatCents } from '../../common/money';
import { nightsBetween, formatDateFr } from '../../common/dates';
import { countFr, countLabelFr } from '../../common/french';
import type { Draft, Exemption } from './wizardModel';
import { errorText, occupantList, persons } from './wizardModel';
import type { References } from './reference';

type SetDraft = (patch: Partial<Draft>) => void;

const numberInput = (value: number, onChange: (n: number) => void, label: string, max = 99, testId?: string) => (
  <TextField key={label} fullWidth={false} size="small" type="number" label={label} value={value} sx={{ width: 130 }}
    inputProps={{ min: 0, max, 'data-testid': testId }}
    onChange={(e) => onChange(Math.max(0, Math.min(max, Math.floor(Number(e.target.value) || 0))))} />
);

// ---- 1. Dates and persons ----------------------------------------------------
export function StayStep({ draft, set, refs, errors }: { draft: Draft; set: SetDraft; refs: References; errors: Record<string, string> }) {
  const nights = draft.startDate && draft.endDate && draft.endDate > draft.startDate ? nightsBetween(draft.startDate, draft.endDate) : 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        <TextField fullWidth={false} sx={{ width: 200 }} type="date" label="Arrivée" required InputLabelProps={{ shrink: true }} value={draft.startDate}
          onChange={(e) => set({ startDate: e.target.value })} error={!!errors.startDate} helperText={errors.startDate} inputProps={{ 'data-testid': 'nb-start' }} />
        <TextField fullWidth={false} sx={{ width: 200 }} type="date" label="Départ" required InputLabelProps={{ shrink: true }} value={draft.endDate}
          onChange={(e) => set({ endDate: e.target.value })} error={!!errors.endDate} helperText={errors.endDate ?? (nights ? `${nights} nuit${nights > 1 ? 's' : ''}` : ' ')} inputProps={{ 'data-testid': 'nb-end' }} />
      </Stack>
      <Box>
        <Typography variant="subtitle1" gutterBottom>Occupants</Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          {refs.ages.map((a) => numberInput(draft.occupants[a.id] ?? 0, (n) => set({ occupants: { ...draft.occupants, [a.id]: n } }), a.label, 50, `nb-age-${a.id}`))}
        </Stack>
        {errors.occupants && <Typography color="error" variant="body2" role="alert">{errors.occupants}</Typography>}
      </Box>
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        <TextField fullWidth={false} select size="small" label="Type d'emplacement" value={draft.placeTypeId ?? 0} sx={{ minWidth: 240 }}
          onChange={(e) => set({ placeTypeId: Number(e.target.value) || null })}>
          <MenuItem value={0}>Tous les types</MenuItem>
          {refs.placeTypes.map((t) => <MenuItem key={t.id} value={t.id}>{t.label}</MenuItem>)}
        </TextField>
        <TextField fullWidth={false} select size="small" label="Zone" value={draft.layoutId ?? 0} sx={{ minWidth: 200 }} onChange={(e) => set({ layoutId: Number(e.target.value) || null })}>
          <MenuItem value={0}>Toutes les zones</MenuItem>
          {refs.layouts.map((t) => <MenuItem key={t.id} value={t.id}>{t.label}</MenuItem>)}
        </TextField>
        <Autocomplete multiple size="small" options={refs.features} value={refs.features.filter((f) => draft.featureIds.includes(f.id))} sx={{ minWidth: 260 }}
          getOptionLabel={(f) => f.label} onChange={(_, v) => set({ featureIds: v.map((f) => f.id) })} isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(p) => <TextField {...p} label="Caractéristiques" />} noOptionsText="Aucun choix" />
        <TextField fullWidth={false} select size="small" label="Canal de vente" value={draft.accessChannelId ?? 0} sx={{ minWidth: 200 }} onChange={(e) => set({ accessChannelId: Number(e.target.value) || null })}>
          <MenuItem value={0}>—</MenuItem>
          {refs.channels.map((t) => <MenuItem key={t.id} value={t.id}>{t.label}</MenuItem>)}
        </TextField>
        {refs.partners.length > 0 && (
          <TextField fullWidth={false} select size="small" label="Partenaire" value={draft.partnerId ?? 0} sx={{ minWidth: 200 }} onChange={(e) => set({ partnerId: Number(e.target.value) || null })}>
            <MenuItem value={0}>—</MenuItem>
            {refs.partners.map((t) => <MenuItem key={t.id} value={t.id}>{t.label}</MenuItem>)}
          </TextField>
        )}
        <TextField fullWidth={false} size="small" label="Code promo" value={draft.promoCode} onChange={(e) => set({ promoCode: e.target.value })} inputProps={{ maxLength: 30 }} />
      </Stack>
    </Stack>
  );
}

// ---- 2. Places with their prices -------------------------------------------
export interface OfferPlace {
  placeId: number; code: string; label: string | null; capacity: number; placeTypeId: number; placeTypeLabel: string; placeFamilyLabel: string;
  layoutLabel: string | null; features: { id: number; label: string }[]; total: number | null; priceError: string | null; heldByDraft?: boolean;
}
interface OfferAnswer { places: OfferPlace[]; types: { placeTypeId: number; label: string; total: number | null; warnings: { code: string; message: string }[]; priceError: string | null }[] }

export function PlaceStep({ draft, set, tempBookingId, occupancyId, onError }: { draft: Draft; set: SetDraft; tempBookingId: number; occupancyId: number; onError: (m: string) => void }) {
  const [data, setData] = useState<OfferAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    api<OfferAnswer>('/planning/offer', {
      method: 'POST',
      json: {
        startDate: draft.startDate, endDate: draft.endDate, occupants: occupantList(draft), placeTypeId: draft.placeTypeId, layoutId: draft.layoutId,
        featureIds: draft.featureIds, channelId: draft.accessChannelId, partnerId: draft.partnerId, promoCode: draft.promoCode || null,
        tempBookingId: tempBookingId || null, occupancyId: occupancyId || null,
      },
    }).then((r) => { if (live) setData(r); }).catch((e) => { if (live) onError(errorText(e)); }).finally(() => live && setLoading(false));
    return () => { live = false; };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  if (loading || !data) return <LinearProgress aria-label="Recherche des emplacements libres" />;
  const chosenMissing = draft.placeId && !data.places.some((p) => p.placeId === draft.placeId);
  const warningsOf = new Map(data.types.map((t) => [t.placeTypeId, t]));
  return (
    <Stack spacing={1}>
      <Typography>
        {data.places.length} emplacement{data.places.length > 1 ? 's' : ''} libre{data.places.length > 1 ? 's' : ''} du {formatDateFr(draft.startDate)} au {formatDateFr(draft.endDate)} pour {persons(draft)} personne{persons(draft) > 1 ? 's' : ''}.
      </Typography>
      {chosenMissing && <Alert severity="warning">L'emplacement choisi sur le planning n'est pas libre pour ces dates ou ne peut pas accueillir ces occupants : choisissez-en un autre.</Alert>}
      {!data.places.length && <Alert severity="info">Aucun emplacement libre pour ces dates</Alert>}
      <Box sx={{ maxHeight: '55vh', overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label="Emplacements libres">
          <TableHead>
            <TableRow><TableCell /><TableCell>Emplacement</TableCell><TableCell>Type</TableCell><TableCell>Zone</TableCell><TableCell align="right">Capacité</TableCell><TableCell>Caractéristiques</TableCell><TableCell align="right">Prix du séjour</TableCell></TableRow>
          </TableHead>
          <TableBody>
            {data.places.map((p) => {
              const t = warningsOf.get(p.placeTypeId);
              const selected = draft.placeId === p.placeId;
              return (
                <TableRow key={p.placeId} hover selected={selected} onClick={() => set({ placeId: p.placeId })} sx={{ cursor: 'pointer' }} data-testid={`nb-place-${p.code}`}>
                  <TableCell padding="checkbox"><Radio checked={selected} inputProps={{ 'aria-label': `Choisir ${p.code}` }} /></TableCell>
                  <TableCell><strong>{p.code}</strong>{p.label ? ` — ${p.label}` : ''}{p.heldByDraft ? (occupancyId ? ' (emplacement actuel)' : ' (réservé par cette saisie)') : ''}</TableCell>
                  <TableCell>{p.placeTypeLabel}</TableCell>
                  <TableCell>{p.layoutLabel ?? ''}</TableCell>
                  <TableCell align="right">{p.capacity}</TableCell>
                  <TableCell>{p.features.map((f) => <Chip key={f.id} label={f.label} size="small" sx={{ mr: 0.5 }} />)}</TableCell>
                  <TableCell align="right">
                    {p.total == null ? <Typography variant="body2" color="text.secondary">{p.priceError ?? 'Tarif indisponible'}</Typography> : formatCents(p.total)}
                    {t && t.warnings.length > 0 && (
                      <Tooltip title={t.warnings.map((w) => w.message).join(' ; ')}><WarningAmberIcon fontSize="small" color="warning" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-label={t.warnings.map((w) => w.message).join(' ; ')} /></Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}

// ---- 3. Customer ------------------------------------------------------------
interface Customer { id: number; code: string | null; lastName: string; firstName: string | null; town: string | null; postalCode: string | null; email: string | null; phone1: string | null }
const nameOf = (c: Customer) => `${c.lastName}${c.firstName ? ` ${c.firstName}` : ''}`;

export function CustomerStep({ draft, set, locked, onError }: { draft: Draft; set: SetDraft; locked: boolean; onError: (m: string) => void }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Customer[]>([]);
  const [current, setCurrent] = useState<Customer | null>(null);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState({ lastName: '', firstName: '', email: '', phone1: '', address1: '', postalCode: '', town: '' });
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!draft.customerId) { setCurrent(null); return; }
    api<Customer>(`/customer/${draft.customerId}`).then(setCurrent).catch(() => setCurrent(null));
  }, [draft.customerId]);
  useEffect(() => {
    const text = q.trim();
    if (text.length < 3) { setFound([]); return; }
    const t = setTimeout(() => {
      api<Customer[]>(`/customer?filter=${encodeURIComponent(JSON.stringify({ q: text }))}&range=[0,19]`).then(setFound).catch((e) => onError(errorText(e)));
    }, 300);
    return () => clearTimeout(t);
  }, [q]); // eslint-disable-line react-hooks/exhaustive-deps
  const create = async () => {
    setFormErrors({});
    try {
      const body = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim() || null]));
      const c = await api<Customer>('/customer', { method: 'POST', json: body });
      set({ customerId: c.id });
      setCreating(false);
    } catch (e: any) {
      setFormErrors(e?.body?.errors ?? {});
      onError(errorText(e));
    }
  };
  return (
    <Stack spacing={2}>
      {current ? (
        <Alert severity="success" action={!locked && <Button color="inherit" size="small" onClick={() => set({ customerId: null })}>Changer</Button>}>
          Client : <strong>{nameOf(current)}</strong>{current.code ? ` (${current.code})` : ''}{current.town ? ` — ${current.postalCode ?? ''} ${current.town}` : ''}{current.email ? ` — ${current.email}` : ''}
        </Alert>
      ) : (
        <Alert severity="info">Choisissez le client : recherche à partir de 3 caractères, ou création.</Alert>
      )}
      {!locked && !creating && (
        <>
          <TextField label="Rechercher un client (nom, code, e-mail, téléphone, ville)" value={q} onChange={(e) => setQ(e.target.value)} autoFocus inputProps={{ 'data-testid': 'nb-customer-search' }}
            helperText={q.trim() && q.trim().length < 3 ? 'La recherche nécessite au moins 3 caractères' : ' '} />
          {found.length > 0 && (
            <Table size="small" aria-label="Clients trouvés">
              <TableBody>
                {found.map((c) => (
                  <TableRow key={c.id} hover selected={c.id === draft.customerId} onClick={() => set({ customerId: c.id })} sx={{ cursor: 'pointer' }}>
                    <TableCell>{nameOf(c)}</TableCell><TableCell>{c.code}</TableCell><TableCell>{c.postalCode} {c.town}</TableCell><TableCell>{c.email}</TableCell><TableCell>{c.phone1}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {q.trim().length >= 3 && !found.length && <Typography variant="body2" color="text.secondary">Aucun client trouvé.</Typography>}
          <Box><Button startIcon={<AddIcon />} onClick={() => { setCreating(true); setForm((f) => ({ ...f, lastName: q.trim() })); }}>Nouveau client</Button></Box>
        </>
      )}
      {creating && (
        <Stack spacing={1.5} sx={{ maxWidth: 640 }}>
          <Typography variant="subtitle1">Nouveau client</Typography>
          <Stack direction="row" spacing={1}>
            <TextField size="small" required label="Nom" value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} error={!!formErrors.lastName} helperText={formErrors.lastName} inputProps={{ 'data-testid': 'nb-new-lastName' }} />
            <TextField size="small" label="Prénom" value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} inputProps={{ 'data-testid': 'nb-new-firstName' }} />
          </Stack>
          <Stack direction="row" spacing={1}>
            <TextField size="small" label="E-mail" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} error={!!formErrors.email} helperText={formErrors.email} />
            <TextField size="small" label="Téléphone" value={form.phone1} onChange={(e) => setForm({ ...form, phone1: e.target.value })} error={!!formErrors.phone1} helperText={formErrors.phone1} />
          </Stack>
          <TextField size="small" label="Adresse" value={form.address1} onChange={(e) => setForm({ ...form, address1: e.target.value })} />
          <Stack direction="row" spacing={1}>
            <TextField size="small" label="Code postal" value={form.postalCode} onChange={(e) => setForm({ ...form, postalCode: e.target.value })} sx={{ width: 140 }} />
            <TextField size="small" label="Ville" value={form.town} onChange={(e) => setForm({ ...form, town: e.target.value })} />
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void create()} disabled={!form.lastName.trim()}>Créer le client</Button>
            <Button onClick={() => setCreating(false)}>Retour à la recherche</Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

// ---- 4. Occupants' extras: equipment, animals, vehicles, extras ---------------
/** Per age category (minors are exempt by their category): how many persons are exempt from the tourist tax, and why. */
function Exemptions({ draft, set, refs }: { draft: Draft; set: SetDraft; refs: References }) {
  const taxed = occupantList(draft).filter((o) => !refs.ages.find((a) => a.id === o.ageCategoryId)?.isTouristTaxExempt);
  if (!taxed.length || !refs.exemptions.length) return null;
  const put = (ageCategoryId: number, patch: Partial<Exemption>) => {
    const e: Exemption = { ...(draft.exemptions[ageCategoryId] ?? { quantity: 0, reasonId: null }), ...patch };
    set({ exemptions: { ...draft.exemptions, [ageCategoryId]: e } });
  };
  return (
    <Box>
      <Typography variant="subtitle1">Exonérations de taxe de séjour</Typography>
      <Stack spacing={1}>
        {taxed.map((o) => {
          const e = draft.exemptions[o.ageCategoryId] ?? { quantity: 0, reasonId: null };
          const label = refs.ages.find((a) => a.id === o.ageCategoryId)?.label ?? '';
          return (
            <Stack key={o.ageCategoryId} direction="row" spacing={1} alignItems="center">
              {numberInput(Math.min(e.quantity, o.quantity), (n) => put(o.ageCategoryId, { quantity: n }), `${label} : nombre d’exonérés`, o.quantity, `nb-exempt-${o.ageCategoryId}`)}
              <TextField fullWidth={false} select size="small" label="Motif d'exonération" value={e.reasonId ?? 0} sx={{ width: 420 }} disabled={!e.quantity}
                error={e.quantity > 0 && !e.reasonId} helperText={e.quantity > 0 && !e.reasonId ? "Indiquez le motif d'exonération de taxe de séjour" : ' '}
                onChange={(ev) => put(o.ageCategoryId, { reasonId: Number(ev.target.value) || null })} inputProps={{ 'data-testid': `nb-exempt-reason-${o.ageCategoryId}` }}>
                <MenuItem value={0}>—</MenuItem>
                {refs.exemptions.map((r) => <MenuItem key={r.id} value={r.id}>{r.label}</MenuItem>)}
              </TextField>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}

export function DetailsStep({ draft, set, refs, isRental }: { draft: Draft; set: SetDraft; refs: References; isRental: boolean }) {
  const guestEquipment = refs.equipment.filter((e) => !e.isRental || e.id === draft.equipmentId);
  return (
    <Stack spacing={2.5}>
      <Typography>{countFr(persons(draft), 'occupant')} : {occupantList(draft).map((o) => countLabelFr(o.quantity, refs.ages.find((a) => a.id === o.ageCategoryId)?.label ?? '')).join(', ')}</Typography>
      <Exemptions draft={draft} set={set} refs={refs} />
      {!isRental && (
        <TextField select size="small" label="Équipement" value={draft.equipmentId ?? 0} sx={{ maxWidth: 320 }} onChange={(e) => set({ equipmentId: Number(e.target.value) || null })}>
          <MenuItem value={0}>—</MenuItem>
          {guestEquipment.map((e) => <MenuItem key={e.id} value={e.id}>{e.label} ({e.capacity} pers.)</MenuItem>)}
        </TextField>
      )}
      <Box>
        <Typography variant="subtitle1">Animaux</Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          {refs.animals.map((a) => numberInput(draft.animals.find((x) => x.animalTypeId === a.id)?.quantity ?? 0,
            (n) => set({ animals: [...draft.animals.filter((x) => x.animalTypeId !== a.id), ...(n ? [{ animalTypeId: a.id, quantity: n }] : [])] }), a.label, 10))}
        </Stack>
      </Box>
      <Box>
        <Typography variant="subtitle1">Véhicules</Typography>
        <Stack spacing={1}>
          {draft.vehicles.map((v, i) => (
            <Stack key={i} direction="row" spacing={1} alignItems="center">
              <TextField select size="small" label="Type de véhicule" value={v.vehicleTypeId} sx={{ minWidth: 220 }}
                onChange={(e) => set({ vehicles: draft.vehicles.map((x, j) => (j === i ? { ...x, vehicleTypeId: Number(e.target.value) } : x)) })}>
                {refs.vehicles.map((t) => <MenuItem key={t.id} value={t.id}>{t.label}</MenuItem>)}
              </TextField>
              <TextField size="small" label="Immatriculation" value={v.licencePlate} inputProps={{ maxLength: 15 }}
                onChange={(e) => set({ vehicles: draft.vehicles.map((x, j) => (j === i ? { ...x, licencePlate: e.target.value.toUpperCase() } : x)) })} />
              <IconButton aria-label="Retirer le véhicule" onClick={() => set({ vehicles: draft.vehicles.filter((_, j) => j !== i) })}><DeleteIcon /></IconButton>
            </Stack>
          ))}
          {refs.vehicles.length > 0 && <Box><Button size="small" startIcon={<AddIcon />} onClick={() => set({ vehicles: [...draft.vehicles, { vehicleTypeId: refs.vehicles[0].id, licencePlate: '' }] })}>Ajouter un véhicule</Button></Box>}
        </Stack>
      </Box>
      <Box>
        <Typography variant="subtitle1">Options et extras</Typography>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          {refs.extras.map((x) => numberInput(draft.extras.find((e) => e.extraId === x.id)?.quantity ?? 0,
            (n) => set({ extras: [...draft.extras.filter((e) => e.extraId !== x.id), ...(n ? [{ extraId: x.id, quantity: n }] : [])] }), x.label, 100))}
        </Stack>
      </Box>
      <FormControlLabel control={<Checkbox checked={draft.withCancellationInsurance} onChange={(e) => set({ withCancellationInsurance: e.target.checked })} />} label="Assurance annulation" />
      <TextField label="Remarques" multiline minRows={2} value={draft.notes} onChange={(e) => set({ notes: e.target.value })} inputProps={{ maxLength: 4000 }} />
    </Stack>
  );
}
