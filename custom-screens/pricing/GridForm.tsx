// The grid's own fields, its toolbar, and the creation form (id 0: model and place type
// pre-filled from the route).
import { Button, Box } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  BooleanInput,
  Create,
  DeleteWithConfirmButton,
  Loading,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { meta as gridMeta } from '../../common/generated/meta/price-grid';
import { choicesOf, GRID_LIST, gridPath, IdsInput, type Row } from './common';
import { records, useCan, EnumInput, NumberInputFr, RefInput, useFormValidator } from '../../admin/src/ui';

export function GridFields() {
  return (
    <>
      <TextInput source="label" label="Libellé" isRequired sx={{ minWidth: 420 }} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <RefInput
          source="placeTypeId"
          label="Type d'emplacement"
          reference="place-type"
          optionText="label"
          isRequired
        />
        <EnumInput source="priceModel" label="Modèle de prix" choices={choicesOf(gridMeta, 'priceModel')} />
        <EnumInput
          source="occupantPriceModel"
          label="Modèle de prix des occupants"
          choices={choicesOf(gridMeta, 'occupantPriceModel')}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <RefInput
          source="tvaId"
          label="TVA de l'hébergement (vide : celle du type d'emplacement)"
          reference="tva"
          optionText="label"
        />
        <NumberInputFr source="includedOccupants" label="Personnes comprises dans le forfait" integer />
      </Box>
      <IdsInput
        source="partnerIds"
        label="Partenaires (vide : grille publique)"
        reference="partner"
        optionText="name"
      />
      <BooleanInput source="isActive" label="Active" />
      <TextInput source="description" label="Description" multiline minRows={2} sx={{ minWidth: 420 }} />
    </>
  );
}
export function GridToolbar({ creating }: { creating?: boolean }) {
  const navigate = useNavigate();
  const canWrite = useCan('stay.price', 'write');
  const canDelete = useCan('stay.price', 'delete');
  return (
    <Toolbar sx={{ display: 'flex', gap: 1 }}>
      {canWrite && <SaveButton label="Enregistrer" alwaysEnable={creating} />}
      <Button onClick={() => navigate(GRID_LIST)} startIcon={<ArrowBackIcon />}>
        Retour
      </Button>
      <span style={{ flex: 1 }} />
      {canDelete && !creating && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          redirect={GRID_LIST}
          confirmTitle="Supprimer cette grille tarifaire ?"
          confirmContent={
            'La grille, ses périodes, ses options, ' + 'ses prix et son historique seront supprimés définitivement.'
          }
        />
      )}
    </Toolbar>
  );
}
export function GridCreate() {
  const params = useParams();
  const navigate = useNavigate();
  const validate = useFormValidator(gridMeta);
  const defaults = useQuery({
    queryKey: ['defaults', 'price-grid'],
    queryFn: () => records.edit('price-grid', 0),
    staleTime: 0,
  });
  if (defaults.isPending) return <Loading />;
  // The form's starting values: the defaults, then the model and place type the address names.
  const { id: _id, ...stored } = defaults.data ?? { id: 0 };
  const record: Row = { ...stored };
  const model = Number(params.priceGridModeleId);
  const placeType = Number(params.placeTypeId);
  if (model > 0) record.priceModel = model;
  if (placeType > 0) record.placeTypeId = placeType;
  return (
    <Create
      resource="price-grid"
      record={record}
      title="Nouvelle grille tarifaire"
      mutationOptions={{ onSuccess: (data: Row) => navigate(gridPath(data), { replace: true }) }}
    >
      <SimpleForm validate={validate} toolbar={<GridToolbar creating />} warnWhenUnsavedChanges>
        <GridFields />
      </SimpleForm>
    </Create>
  );
}
