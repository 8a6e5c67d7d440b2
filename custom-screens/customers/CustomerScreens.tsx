// /customer-list and /customer/{tab}/{customerId}: the customers (search from 3
// characters, export in batches of 5000) and one customer in tabs — identity and
// address, attendants, animals, vehicles, other addresses, stays.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Tab,
  Tabs,
  TextField,
  Tooltip,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { BooleanInput, ReferenceField, TextField as RaTextField, TextInput, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { meta } from '../../common/generated/meta/customer';
import { countFr } from '../../common/french';
import { csvFileName } from '../../common/file-names';
import { todayParis } from '../../common/dates';
import {
  api,
  API,
  useCan,
  DateFieldFr,
  DateInputFr,
  EntityForm,
  EntityList,
  RefInput,
  AskDialog,
  DataTable,
  FormRow,
  dateFr,
  type Row,
} from '../../admin/src/ui';
import { StatusChip, kindLabel } from '../bookings/status';

/** §7: the export runs in batches of 5000 rows with an offset, joined into one export.csv. */
export async function exportCustomers(
  filter: Record<string, unknown>,
  onProgress?: (n: number) => void,
): Promise<number> {
  const parts: string[] = [];
  let rows = 0;
  for (let offset = 0; ; offset += 5000) {
    const q = new URLSearchParams({
      filter: JSON.stringify(filter),
      range: JSON.stringify([offset, offset + 4999]),
      sort: JSON.stringify(['id', 'ASC']),
    });
    const res = await fetch(`${API}/customer/export?${q}`, { credentials: 'same-origin' });
    if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? 'Une erreur est survenue');
    const lines = (await res.text()).replace(/\r\n$/, '').split('\r\n');
    const body = lines.slice(1).filter((l) => l !== '');
    parts.push(...(offset === 0 ? lines.slice(0, 1) : []), ...body);
    rows += body.length;
    onProgress?.(rows);
    if (body.length < 5000) break;
  }
  const url = URL.createObjectURL(new Blob([`${parts.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName('Clients', todayParis());
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return rows;
}

export function CustomerList() {
  const notify = useNotify();
  const canExport = useCan('customer.customer', 'export');
  const [busy, setBusy] = useState<number | null>(null);
  const run = async () => {
    setBusy(0);
    try {
      const n = await exportCustomers({}, setBusy);
      notify(countFr(n, 'client exporté', 'clients exportés'), { type: 'success' });
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box>
      {canExport && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1 }}>
          <Button size="small" startIcon={<DownloadIcon />} onClick={run} disabled={busy !== null}>
            {busy === null ? 'Exporter tous les clients (lots de 5000)' : `Export en cours… ${busy}`}
          </Button>
        </Box>
      )}
      <EntityList meta={meta}>
        <RaTextField source="code" label="Code client" />
        <RaTextField source="lastName" label="Nom" />
        <RaTextField source="firstName" label="Prénom" />
        <RaTextField source="postalCode" label="Code postal" />
        <RaTextField source="town" label="Ville" />
        <ReferenceField source="countryId" label="Pays" reference="country" link={false} />
        <RaTextField source="phone1" label="Téléphone" />
        <RaTextField source="email" label="E-mail" />
      </EntityList>
    </Box>
  );
}

const TABS = [
  { id: 'general', label: 'Identité et adresse' },
  { id: 'attendants', label: 'Accompagnants' },
  { id: 'animals', label: 'Animaux' },
  { id: 'vehicles', label: 'Véhicules' },
  { id: 'addresses', label: 'Autres adresses' },
  { id: 'stays', label: 'Séjours' },
];

function General() {
  // After « Enregistrer » the saved customer stays on screen (its code, its tabs), not a blank new one.
  return (
    <EntityForm meta={meta} stayOnSaved>
      <FormRow>
        <TextInput source="code" label="Code client" disabled helperText="Attribué à l'enregistrement" />
        <RefInput source="civilityId" label="Civilité" reference="civility" optionText="label" />
        <TextInput source="lastName" label="Nom" isRequired />
        <TextInput source="firstName" label="Prénom" />
      </FormRow>
      <FormRow>
        <BooleanInput source="isLegalEntity" label="Personne morale" />
        <TextInput source="companyName" label="Raison sociale" />
        <TextInput source="siren" label="SIREN (entreprise française)" />
        <TextInput source="vatNumber" label="N° de TVA intracommunautaire" />
      </FormRow>
      {/* The country first: it decides the address's format (common/address.ts). */}
      <RefInput source="countryId" label="Pays" reference="country" optionText="name" />
      <TextInput source="address1" label="Adresse" sx={{ minWidth: 420 }} />
      <TextInput source="address2" label="Complément d'adresse" sx={{ minWidth: 420 }} />
      <FormRow>
        <TextInput source="postalCode" label="Code postal" />
        <TextInput source="town" label="Ville" />
      </FormRow>
      <FormRow>
        <TextInput source="phone1" label="Téléphone" helperText="Par paires (02 98 00 00 00) ou international (+44…)" />
        <TextInput source="phone2" label="Téléphone portable" />
        <TextInput source="email" label="E-mail" sx={{ minWidth: 300 }} />
      </FormRow>
      <FormRow>
        <DateInputFr source="birthDate" label="Date de naissance" />
        <TextInput source="birthPlace" label="Lieu de naissance" />
        <RefInput source="nationalityId" label="Nationalité" reference="country" optionText="nationality" />
        <RefInput source="languageId" label="Langue" reference="language" optionText="name" />
      </FormRow>
      <BooleanInput source="newsletterConsent" label="Accepte la lettre d'information" />
      <TextInput source="notes" label="Remarques" multiline minRows={2} sx={{ minWidth: 420 }} />
    </EntityForm>
  );
}

interface ChildField {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'select';
  options?: () => Promise<Row[]>;
  optionLabel?: (r: Row) => string;
  required?: boolean;
}

/** A tab listing the rows of one child entity of the customer, with add and delete. */
function ChildTab({
  base,
  title,
  fields,
  customerId,
}: {
  base: string;
  title: string;
  fields: ChildField[];
  customerId: number;
}) {
  const qc = useQueryClient();
  const notify = useNotify();
  const canWrite = useCan('customer.customer', 'write');
  const canDelete = useCan('customer.customer', 'delete');
  const [adding, setAdding] = useState<Row | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = useQuery({
    queryKey: ['customer-child', base, customerId],
    queryFn: () => api<Row[]>(`/${base}/customer/${customerId}`),
  });
  const opts = useQuery({
    queryKey: ['customer-child-options', base],
    queryFn: async () =>
      Object.fromEntries(
        await Promise.all(fields.filter((f) => f.options).map(async (f) => [f.name, await f.options!()] as const)),
      ),
    staleTime: 60_000,
  });
  const show = (f: ChildField, r: Row) => {
    if (f.type === 'date') return dateFr(r[f.name]);
    if (f.type === 'select') {
      const o = opts.data?.[f.name]?.find((x: Row) => x.id === r[f.name]);
      return o ? f.optionLabel!(o) : '';
    }
    return r[f.name] ?? '';
  };
  const save = async () => {
    setError(null);
    try {
      const body: Row = { customerId };
      for (const f of fields)
        body[f.name] =
          adding![f.name] === '' || adding![f.name] === undefined
            ? null
            : f.type === 'select'
              ? Number(adding![f.name])
              : adding![f.name];
      await api(`/${base}`, { method: 'POST', json: body });
      setAdding(null);
      qc.invalidateQueries({ queryKey: ['customer-child', base, customerId] });
    } catch (e: any) {
      setError(
        [
          e.message,
          ...Object.entries(e.body?.errors ?? {}).map(
            ([k, v]) => `${fields.find((f) => f.name === k)?.label ?? k} : ${v}`,
          ),
        ].join(' — '),
      );
    }
  };
  return (
    <Box>
      {canWrite && (
        <Button startIcon={<AddIcon />} onClick={() => setAdding({})} sx={{ mb: 1 }}>
          Ajouter
        </Button>
      )}
      <DataTable
        name={`customer-${base}`}
        rows={rows.data}
        loading={rows.isFetching}
        empty={`Aucun élément : ${title.toLowerCase()}`}
        columns={[
          ...fields.map((f) => ({ key: f.name, label: f.label, render: (r: Row) => show(f, r) })),
          ...(canDelete
            ? [
                {
                  key: 'del',
                  label: '',
                  render: (r: Row) => (
                    <Tooltip title="Supprimer">
                      <IconButton
                        size="small"
                        onClick={(e) => {
                          e.stopPropagation();
                          setRemoving(r);
                        }}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Dialog open={!!adding} onClose={() => setAdding(null)} fullWidth maxWidth="sm">
        <DialogTitle>{title} : ajouter</DialogTitle>
        <DialogContent>
          {fields.map((f) =>
            f.type === 'date' ? (
              <DateFieldFr
                key={f.name}
                label={f.label}
                name={f.name}
                required={f.required}
                value={adding?.[f.name] ?? ''}
                fullWidth
                margin="dense"
                size="medium"
                onChange={(v) => setAdding({ ...adding, [f.name]: v ?? '' })}
              />
            ) : (
              <TextField
                key={f.name}
                select={f.type === 'select'}
                type="text"
                label={f.label}
                name={f.name}
                required={f.required}
                value={adding?.[f.name] ?? ''}
                fullWidth
                margin="dense"
                onChange={(e) => setAdding({ ...adding, [f.name]: e.target.value })}
              >
                {f.type === 'select' && [
                  <MenuItem key="" value="">
                    —
                  </MenuItem>,
                  ...(opts.data?.[f.name] ?? []).map((o: Row) => (
                    <MenuItem key={o.id} value={o.id}>
                      {f.optionLabel!(o)}
                    </MenuItem>
                  )),
                ]}
              </TextField>
            ),
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(null)}>Annuler</Button>
          <Button variant="contained" onClick={save}>
            Enregistrer
          </Button>
        </DialogActions>
      </Dialog>
      <AskDialog
        open={!!removing}
        title="Supprimer cet élément ?"
        text="Cette suppression est définitive."
        confirmLabel="Supprimer"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await api(`/${base}/delete/${removing!.id}`, { method: 'POST', json: {} });
          notify('Suppression effectuée', { type: 'success' });
          qc.invalidateQueries({ queryKey: ['customer-child', base, customerId] });
        }}
      />
    </Box>
  );
}

const list = (path: string) => () => api<Row[]>(path);

function Stays({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const resume = useQuery({
    queryKey: ['customer-resume', customerId],
    queryFn: () => api<Row>(`/customer/${customerId}/resume`),
  });
  return (
    <DataTable
      name="customer-stays"
      rows={resume.data?.stays}
      loading={resume.isFetching}
      onOpen={(r) => navigate(`/booking/${r.id}`)}
      empty="Aucun séjour"
      columns={[
        { key: 'code', label: 'Numéro' },
        { key: 'kind', label: 'Nature', render: (r) => kindLabel(r.kind) },
        {
          key: 'statusId',
          label: 'Statut',
          render: (r) => <StatusChip statusId={r.statusId} cancellation={r.cancellation} />,
        },
        { key: 'places', label: 'Emplacements' },
        { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
        { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
        { key: 'persons', label: 'Pers.', align: 'right' },
      ]}
    />
  );
}

export function CustomerEdit() {
  const { tab = 'general', customerId = '' } = useParams();
  const navigate = useNavigate();
  const id = Number(customerId);
  const current = TABS.some((t) => t.id === tab) ? tab : 'general';
  return (
    <Box>
      {id > 0 && (
        <Paper sx={{ mx: 2, mt: 1 }}>
          <Tabs value={current} onChange={(_e, v) => navigate(`/customer/${v}/${customerId}`)} variant="scrollable">
            {TABS.map((t) => (
              <Tab key={t.id} value={t.id} label={t.label} />
            ))}
          </Tabs>
        </Paper>
      )}
      {id > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2 }}>
          <Button size="small" onClick={() => navigate(`/customer-resume?customerId=${id}`)}>
            Fiche récapitulative
          </Button>
        </Box>
      )}
      {current === 'general' && <General />}
      <Box sx={{ p: 2 }}>
        {current === 'attendants' && (
          <ChildTab
            base="attendant"
            title="Accompagnants"
            customerId={id}
            fields={[
              { name: 'lastName', label: 'Nom', required: true },
              { name: 'firstName', label: 'Prénom' },
              { name: 'birthDate', label: 'Date de naissance', type: 'date' },
              { name: 'birthPlace', label: 'Lieu de naissance' },
              {
                name: 'nationalityId',
                label: 'Nationalité',
                type: 'select',
                options: list('/country'),
                optionLabel: (o) => o.nationality ?? o.name,
              },
            ]}
          />
        )}
        {current === 'animals' && (
          <ChildTab
            base="customer-animal"
            title="Animaux"
            customerId={id}
            fields={[
              {
                name: 'animalTypeId',
                label: "Type d'animal",
                type: 'select',
                options: list('/animal-type'),
                optionLabel: (o) => o.label,
                required: true,
              },
              { name: 'name', label: 'Nom' },
              { name: 'breed', label: 'Race' },
              { name: 'identification', label: 'N° de puce ou de tatouage' },
            ]}
          />
        )}
        {current === 'vehicles' && (
          <ChildTab
            base="customer-vehicle"
            title="Véhicules"
            customerId={id}
            fields={[
              { name: 'licencePlate', label: 'Immatriculation', required: true },
              {
                name: 'vehicleTypeId',
                label: 'Type de véhicule',
                type: 'select',
                options: list('/vehicle-type'),
                optionLabel: (o) => o.label,
              },
              {
                name: 'vehicleBrandId',
                label: 'Marque',
                type: 'select',
                options: list('/vehicle-brand'),
                optionLabel: (o) => o.label,
              },
              { name: 'model', label: 'Modèle' },
            ]}
          />
        )}
        {current === 'addresses' && (
          <ChildTab
            base="customer-address"
            title="Autres adresses"
            customerId={id}
            fields={[
              { name: 'label', label: 'Libellé', required: true },
              { name: 'address1', label: 'Adresse' },
              { name: 'postalCode', label: 'Code postal' },
              { name: 'town', label: 'Ville' },
              {
                name: 'countryId',
                label: 'Pays',
                type: 'select',
                options: list('/country'),
                optionLabel: (o) => o.name,
              },
            ]}
          />
        )}
        {current === 'stays' && <Stays customerId={id} />}
      </Box>
    </Box>
  );
}
