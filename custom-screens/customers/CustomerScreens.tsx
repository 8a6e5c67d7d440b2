// /customer/{tab}/{customerId}: one customer in tabs — identity and address, attendants,
// animals, vehicles, other addresses (./ChildTab.tsx), stays. The list: ./CustomerList.tsx.
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Paper, Tab, Tabs } from '@mui/material';
import { BooleanInput, TextInput } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { meta } from '../../common/generated/meta/customer';
import { rest, DateInputFr, EntityForm, RefInput, DataTable, FormRow, dateFr } from '../../admin/src/ui';
import { StatusChip, kindLabel } from '../bookings/status';
import { ChildTab } from './ChildTab';
import { CHILD_TABS } from './childTabs';

export { CustomerList } from './CustomerList';

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
function Stays({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const resume = useQuery({
    queryKey: ['customer-resume', customerId],
    queryFn: () => rest('get', '/customer/{id}/resume', { path: { id: customerId } }),
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
        {CHILD_TABS[current] && <ChildTab key={current} def={CHILD_TABS[current]} customerId={id} />}
        {current === 'stays' && <Stays customerId={id} />}
      </Box>
    </Box>
  );
}
