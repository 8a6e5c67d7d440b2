// /place-list and /place/{page}/{placeId}: pitches and rentals. Pages: the place
// itself (type, zone, capacity, surface, sleeping capacity, INSEE category,
// position on the site plan), its features, its images (PlaceImages.tsx) and its
// meters (PlaceMeters.tsx). The family comes from the place type.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, Tab, Tabs, Typography } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  ReferenceField,
  TextField as RaTextField,
  TextInput,
  useNotify,
} from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { meta } from '../../common/generated/meta/place';
import { PlaceImages } from './PlaceImages';
import { PlaceMeters } from './PlaceMeters';
import {
  useCan,
  EntityForm,
  EntityList,
  EnumInput,
  NumberFr,
  NumberInputFr,
  RefInput,
  FormRow,
  DateInputFr,
  records,
  rest,
} from '../../admin/src/ui';

const choices = (field: string) => {
  const f = meta.fields.find((x) => x.name === field)!;
  return (f.enum ?? []).map((v) => ({ id: v, name: f.enumLabels?.[String(v)] ?? String(v) }));
};

export function PlaceList() {
  return (
    <EntityList meta={meta}>
      <RaTextField source="code" label="Numéro" />
      <RaTextField source="label" label="Nom" />
      <ReferenceField source="placeTypeId" label="Type d'emplacement" reference="place-type" link={false} />
      <ReferenceField source="layoutId" label="Zone" reference="layout" link={false} />
      <NumberFr source="capacity" label="Capacité" />
      <NumberFr source="surface" label="Surface (m²)" />
      <BooleanField source="isActive" label="Actif" />
    </EntityList>
  );
}

function General() {
  return (
    <EntityForm meta={meta}>
      <FormRow>
        <TextInput source="code" label="Numéro" isRequired />
        <TextInput source="label" label="Nom" />
        <RefInput
          source="placeTypeId"
          label="Type d'emplacement"
          reference="place-type"
          optionText="label"
          isRequired
        />
        <RefInput source="layoutId" label="Zone" reference="layout" optionText="label" />
      </FormRow>
      <FormRow>
        <NumberInputFr source="capacity" label="Capacité (personnes)" integer isRequired />
        <NumberInputFr source="sleepingCapacity" label="Couchages" integer />
        <NumberInputFr source="surface" label="Surface (m²)" integer />
        <NumberInputFr source="order" label="Ordre" integer />
      </FormRow>
      <FormRow>
        <EnumInput source="inseeCategory" label="Catégorie INSEE" choices={choices('inseeCategory')} />
        <BooleanInput source="isInseeEligible" label="Compté dans l'enquête INSEE" />
        <BooleanInput source="isActive" label="Actif" />
      </FormRow>
      {/* Service dates: the statistics count the place available between them (docs/statistics.md). */}
      <FormRow>
        <DateInputFr source="inServiceFrom" label="En service à partir du" />
        <DateInputFr source="inServiceUntil" label="Retiré du service le" />
      </FormRow>
      <Typography variant="subtitle2">Position sur le plan du site</Typography>
      <FormRow>
        <NumberInputFr source="planX" label="x" />
        <NumberInputFr source="planY" label="y" />
      </FormRow>
      <TextInput source="description" label="Description" multiline minRows={2} sx={{ minWidth: 420 }} />
    </EntityForm>
  );
}

function Features({ placeId }: { placeId: number }) {
  const canWrite = useCan('camp.pitch', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const all = useQuery({
    queryKey: ['features'],
    queryFn: () => records.list('feature', { sort: ['label', 'ASC'] }),
  });
  const mine = useQuery({
    queryKey: ['place-features', placeId],
    queryFn: () => rest('get', '/place/{id}/features', { path: { id: placeId } }),
  });
  const [chosen, setChosen] = useState<number[] | null>(null);
  useEffect(() => {
    setChosen(null);
  }, [placeId]);
  const value = chosen ?? mine.data?.featureIds ?? [];
  const save = async () => {
    try {
      await rest('put', '/place/{id}/features', { path: { id: placeId }, body: { featureIds: value } });
      notify('Enregistrement effectué', { type: 'success' });
      setChosen(null);
      qc.invalidateQueries({ queryKey: ['place-features', placeId] });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  if (mine.error) return <Alert severity="error">{(mine.error as Error).message}</Alert>;
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {(all.data ?? []).map((f) => (
          <FormControlLabel
            key={f.id}
            label={f.label}
            disabled={!canWrite}
            control={
              <Checkbox
                checked={value.includes(f.id)}
                onChange={(e) => setChosen(e.target.checked ? [...value, f.id] : value.filter((x) => x !== f.id))}
              />
            }
          />
        ))}
      </Box>
      {canWrite && (
        <Button variant="contained" onClick={save} disabled={chosen === null} sx={{ mt: 1 }}>
          Enregistrer
        </Button>
      )}
    </Box>
  );
}

const PAGES = ['general', 'features', 'images', 'meters'];

export function PlaceEdit() {
  const { page = 'general', placeId = '' } = useParams();
  const navigate = useNavigate();
  const id = Number(placeId);
  const current = PAGES.includes(page) ? page : 'general';
  return (
    <Box>
      {id > 0 && (
        <Paper sx={{ mx: 2, mt: 1 }}>
          <Tabs value={current} onChange={(_e, v) => navigate(`/place/${v}/${placeId}`)}>
            <Tab value="general" label="Emplacement" />
            <Tab value="features" label="Caractéristiques" />
            <Tab value="images" label="Images" />
            <Tab value="meters" label="Compteurs" />
          </Tabs>
        </Paper>
      )}
      {current === 'features' && id > 0 ? (
        <Features placeId={id} />
      ) : current === 'images' && id > 0 ? (
        <PlaceImages placeId={id} />
      ) : current === 'meters' && id > 0 ? (
        <PlaceMeters placeId={id} />
      ) : (
        <General />
      )}
    </Box>
  );
}
