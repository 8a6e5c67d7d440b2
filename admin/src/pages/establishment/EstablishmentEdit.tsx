// /admin/establishment: the single establishment (§3, docs/entities.md#establishment): identity, address, legal
// information (SIREN 9 digits, SIRET 14, VAT, legal form, capital, RCS, trade
// register, NAF), currency and classification, group mode; the logos (§9 (docs/constants.md#formats-and-files) image
// types, size limit) beside the form.
import { useRef, useState } from 'react';
import { Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  AutocompleteInput,
  BooleanInput,
  Edit,
  Loading,
  SaveButton,
  TabbedForm,
  TextInput,
  Title,
  Toolbar,
  useNotify,
} from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { meta } from '../../../../common/generated/meta/establishment';
import { LEGAL_FORMS } from '../../../../common/company';
import { errorText, rest, EnumInput, MoneyInput, useFormValidator, useFunctionKeys, useCan } from '../../ui';
import { useEstablishmentHeader } from '../../layout/usePageTitle';

const CLASSIFICATION = [0, 1, 2, 3, 4, 5].map((n) => ({
  id: n,
  name: n === 0 ? 'Non classé' : `${n} étoile${n > 1 ? 's' : ''}`,
}));
const CURRENCIES = [
  { id: 'EUR', name: 'Euro (EUR)' },
  { id: 'CHF', name: 'Franc suisse (CHF)' },
  { id: 'GBP', name: 'Livre sterling (GBP)' },
  { id: 'XPF', name: 'Franc CFP (XPF)' },
];

function LogoCard({ kind, title }: { kind: 'logo' | 'group'; title: string }) {
  const canWrite = useCan('establishment.company', 'write');
  const { data: header } = useEstablishmentHeader();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const stamp = kind === 'logo' ? header?.logo : header?.groupLogo;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['establishment-header'] });
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('uploadfile', file, file.name);
    form.append('kind', kind);
    setBusy(true);
    try {
      await rest('post', '/establishment/establishment/setLogo', { form });
      notify('Logo enregistré', { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async () => {
    await rest('post', '/establishment/establishment/deleteLogo', { query: { kind } }).catch((e) =>
      notify(errorText(e), { type: 'error' }),
    );
    refresh();
  };
  return (
    <Card variant="outlined" sx={{ minWidth: 260 }}>
      <CardHeader title={title} titleTypographyProps={{ variant: 'subtitle1' }} />
      <CardContent>
        <Box
          sx={{
            height: 96,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
            borderRadius: 1,
            mb: 1,
          }}
        >
          {stamp ? (
            <img
              src={`/rest/establishment/establishment/getLogo?kind=${kind}&v=${encodeURIComponent(stamp)}`}
              alt={title}
              style={{ maxHeight: 88, maxWidth: 220 }}
            />
          ) : (
            <Typography color="text.secondary">Aucun logo</Typography>
          )}
        </Box>
        {canWrite && (
          <Stack direction="row" spacing={1}>
            <Button size="small" startIcon={<UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
              Choisir une image
            </Button>
            {stamp && (
              <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={remove}>
                Supprimer
              </Button>
            )}
            <input
              ref={input}
              hidden
              type="file"
              accept=".jpg,.jpeg,.png,.gif"
              data-testid={`upload-${kind}`}
              onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
            />
          </Stack>
        )}
        <Typography variant="caption" color="text.secondary">
          Formats .jpg, .jpeg, .png, .gif — 512 Ko au plus
        </Typography>
      </CardContent>
    </Card>
  );
}

function FormToolbar() {
  useFunctionKeys({
    F12: () => (document.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.click(),
  });
  return (
    <Toolbar>
      <SaveButton label="Enregistrer" title="Enregistrer (F12)" />
    </Toolbar>
  );
}

function EstablishmentForm({ id }: { id: number }) {
  const canWrite = useCan('establishment.company', 'write');
  const validate = useFormValidator(meta);
  const queryClient = useQueryClient();
  return (
    <Edit
      resource="establishment"
      id={id}
      redirect={false}
      mutationMode="pessimistic"
      title="Établissement"
      mutationOptions={{ onSuccess: () => queryClient.invalidateQueries({ queryKey: ['establishment-header'] }) }}
    >
      <TabbedForm
        syncWithLocation={false}
        validate={validate}
        toolbar={canWrite ? <FormToolbar /> : false}
        disabled={!canWrite}
        warnWhenUnsavedChanges
      >
        <TabbedForm.Tab label="Identité">
          <TextInput source="name" label="Nom de l'établissement" isRequired fullWidth />
          <TextInput source="shortName" label="Nom court" />
          <EnumInput source="classification" label="Classement (étoiles)" choices={CLASSIFICATION} />
          <EnumInput source="currency" label="Devise" choices={CURRENCIES} />
          <TextInput source="phone" label="Téléphone" />
          <TextInput source="email" label="E-mail" />
          <TextInput source="website" label="Site web" fullWidth />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Adresse">
          <TextInput source="address1" label="Adresse" fullWidth />
          <TextInput source="address2" label="Complément d'adresse" fullWidth />
          <TextInput source="postalCode" label="Code postal" />
          <TextInput source="town" label="Ville" />
          <TextInput source="country" label="Pays" />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Informations">
          <TextInput source="corporateName" label="Raison sociale" fullWidth />
          <AutocompleteInput
            source="legalForm"
            label="Forme juridique"
            choices={LEGAL_FORMS.map((f) => ({ id: f, name: f }))}
            onCreate={(text?: string) => ({ id: text ?? '', name: text ?? '' })}
            createItemLabel="Utiliser « %{item} »"
          />
          <MoneyInput source="capital" label="Capital" />
          <TextInput source="siren" label="SIREN (9 chiffres)" />
          <TextInput source="siret" label="SIRET (14 chiffres)" />
          <TextInput source="vatNumber" label="N° de TVA intracommunautaire" />
          <TextInput source="nafCode" label="Code NAF" />
          <TextInput source="rcs" label="RCS (ville d'immatriculation)" />
          <TextInput source="tradeRegisterNumber" label="N° d'immatriculation (registre du commerce)" fullWidth />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Groupe et logos">
          <BooleanInput source="isGroupMode" label="Mode groupe (logo du groupe à côté du logo)" />
          <TextInput source="groupName" label="Nom du groupe" />
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
            <LogoCard kind="logo" title="Logo de l'établissement" />
            <LogoCard kind="group" title="Logo du groupe" />
          </Stack>
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

export default function EstablishmentEdit() {
  const { data, isPending, error } = useQuery({
    queryKey: ['establishment-current'],
    queryFn: () => rest('get', '/establishment/establishment/edit'),
  });
  return (
    <>
      {/* the form's <Edit> gives the title itself: a second one printed « ÉtablissementÉtablissement » */}
      {(isPending || error || !data) && <Title title="Établissement" />}
      {isPending ? (
        <Loading />
      ) : error || !data?.id ? (
        <Typography sx={{ p: 2 }}>Aucun établissement</Typography>
      ) : (
        <EstablishmentForm id={data.id} />
      )}
    </>
  );
}
