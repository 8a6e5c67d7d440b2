// Step 3 of the wizard: the customer, searched from 3 characters, or created.
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { Draft } from '../wizardModel';
import { errorText } from '../wizardModel';
import { records, type EntityRecord } from '../../../admin/src/ui';
import { postcodeRequired, postcodeValid } from '../../../common/address';
import { type SetDraft } from './shared';
import type { HttpError } from 'react-admin';

type Customer = EntityRecord<'customer'>;
type Country = EntityRecord<'country'>;
const nameOf = (c: Customer) => `${c.lastName}${c.firstName ? ` ${c.firstName}` : ''}`;

export function CustomerStep({
  draft,
  set,
  locked,
  onError,
}: {
  draft: Draft;
  set: SetDraft;
  locked: boolean;
  onError: (m: string) => void;
}) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Customer[]>([]);
  const [current, setCurrent] = useState<Customer | null>(null);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState({
    lastName: '',
    firstName: '',
    email: '',
    phone1: '',
    address1: '',
    postalCode: '',
    town: '',
    countryId: '',
  });
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  // The country decides the address rules (common/address.ts): a French postcode has
  // 5 digits and is needed to bill; abroad it is optional.
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    if (!creating || countries.length) return;
    records
      .list('country', { sort: ['name', 'ASC'], range: [0, 299] })
      .then((list) => {
        setCountries(list);
        const home = list.find((k) => k.isDefault);
        if (home) setForm((f) => (f.countryId ? f : { ...f, countryId: String(home.id) }));
      })
      .catch((e) => onError(errorText(e)));
    // Loaded once, when the form opens; onError is the caller's stable reporter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [creating]);
  const iso = countries.find((k) => String(k.id) === form.countryId)?.isoCode ?? null;
  const postcodeOk = postcodeValid(iso, form.postalCode);
  useEffect(() => {
    if (!draft.customerId) {
      setCurrent(null);
      return;
    }
    records
      .get('customer', draft.customerId)
      .then(setCurrent)
      .catch(() => setCurrent(null));
  }, [draft.customerId]);
  useEffect(() => {
    const text = q.trim();
    if (text.length < 3) {
      setFound([]);
      return;
    }
    const t = setTimeout(() => {
      records
        .list('customer', { filter: { q: text }, range: [0, 19] })
        .then(setFound)
        .catch((e) => onError(errorText(e)));
    }, 300);
    return () => clearTimeout(t);
    // The search follows the typed text only; onError is the caller's stable reporter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  const create = async () => {
    setFormErrors({});
    try {
      const text = (v: string) => v.trim() || null;
      // The button needs a last name: it is never blank here.
      const c = await records.create('customer', {
        lastName: form.lastName.trim(),
        firstName: text(form.firstName),
        email: text(form.email),
        phone1: text(form.phone1),
        address1: text(form.address1),
        postalCode: text(form.postalCode),
        town: text(form.town),
        countryId: form.countryId ? Number(form.countryId) : null,
      });
      set({ customerId: c.id });
      setCreating(false);
    } catch (e) {
      setFormErrors((e as HttpError)?.body?.errors ?? {});
      onError(errorText(e));
    }
  };
  return (
    <Stack spacing={2}>
      {current ? (
        <Alert
          severity="success"
          action={
            !locked && (
              <Button color="inherit" size="small" onClick={() => set({ customerId: null })}>
                Changer
              </Button>
            )
          }
        >
          Client : <strong>{nameOf(current)}</strong>
          {current.code ? ` (${current.code})` : ''}
          {current.town ? ` — ${current.postalCode ?? ''} ${current.town}` : ''}
          {current.email ? ` — ${current.email}` : ''}
        </Alert>
      ) : (
        <Alert severity="info">Choisissez le client : recherche à partir de 3 caractères, ou création.</Alert>
      )}
      {!locked && !creating && (
        <>
          <TextField
            label="Rechercher un client (nom, code, e-mail, téléphone, ville)"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoFocus
            inputProps={{ 'data-testid': 'nb-customer-search' }}
            helperText={q.trim() && q.trim().length < 3 ? 'La recherche nécessite au moins 3 caractères' : ' '}
          />
          {found.length > 0 && (
            <Table size="small" aria-label="Clients trouvés">
              <TableBody>
                {found.map((c) => (
                  <TableRow
                    key={c.id}
                    hover
                    selected={c.id === draft.customerId}
                    onClick={() => set({ customerId: c.id })}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell>{nameOf(c)}</TableCell>
                    <TableCell>{c.code}</TableCell>
                    <TableCell>
                      {c.postalCode} {c.town}
                    </TableCell>
                    <TableCell>{c.email}</TableCell>
                    <TableCell>{c.phone1}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {q.trim().length >= 3 && !found.length && (
            <Typography variant="body2" color="text.secondary">
              Aucun client trouvé.
            </Typography>
          )}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() => {
                setCreating(true);
                setForm((f) => ({ ...f, lastName: q.trim() }));
              }}
            >
              Nouveau client
            </Button>
          </Box>
        </>
      )}
      {creating && (
        <Stack spacing={1.5} sx={{ maxWidth: 640 }}>
          <Typography variant="subtitle1">Nouveau client</Typography>
          <TextField
            select
            size="small"
            label="Pays"
            value={form.countryId}
            onChange={(e) => setForm({ ...form, countryId: e.target.value })}
            error={!!formErrors.countryId}
            helperText={formErrors.countryId ?? 'D’abord le pays : il décide du format de l’adresse'}
            sx={{ maxWidth: 320 }}
            inputProps={{ 'data-testid': 'nb-new-country' }}
          >
            {countries.map((k) => (
              <MenuItem key={k.id} value={String(k.id)}>
                {k.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              required
              label="Nom"
              value={form.lastName}
              onChange={(e) => setForm({ ...form, lastName: e.target.value })}
              error={!!formErrors.lastName}
              helperText={formErrors.lastName}
              inputProps={{ 'data-testid': 'nb-new-lastName' }}
            />
            <TextField
              size="small"
              label="Prénom"
              value={form.firstName}
              onChange={(e) => setForm({ ...form, firstName: e.target.value })}
              inputProps={{ 'data-testid': 'nb-new-firstName' }}
            />
          </Stack>
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label="E-mail"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              error={!!formErrors.email}
              helperText={formErrors.email}
            />
            <TextField
              size="small"
              label="Téléphone"
              value={form.phone1}
              onChange={(e) => setForm({ ...form, phone1: e.target.value })}
              error={!!formErrors.phone1}
              helperText={formErrors.phone1}
            />
          </Stack>
          <TextField
            size="small"
            label="Adresse"
            value={form.address1}
            onChange={(e) => setForm({ ...form, address1: e.target.value })}
          />
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label={postcodeRequired(iso) ? 'Code postal' : 'Code postal (facultatif)'}
              value={form.postalCode}
              onChange={(e) => setForm({ ...form, postalCode: e.target.value })}
              error={!postcodeOk || !!formErrors.postalCode}
              helperText={
                formErrors.postalCode ??
                (!postcodeOk ? '5 chiffres' : postcodeRequired(iso) ? '5 chiffres' : 'Facultatif à l’étranger')
              }
              sx={{ width: 160 }}
            />
            <TextField
              size="small"
              label="Ville"
              value={form.town}
              onChange={(e) => setForm({ ...form, town: e.target.value })}
            />
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void create()} disabled={!form.lastName.trim() || !postcodeOk}>
              Créer le client
            </Button>
            <Button onClick={() => setCreating(false)}>Retour à la recherche</Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
