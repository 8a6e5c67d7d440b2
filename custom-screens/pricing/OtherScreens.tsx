// Last-minute offers and booking fees: plain lists and forms, with their lists of ids
// (grids, accommodations, channels) as multiple choices.
import { BooleanField, BooleanInput, ReferenceField, TextField, TextInput } from 'react-admin';
import { Box } from '@mui/material';
import { meta as lastMinuteMeta } from '../../common/generated/meta/last-minute-offer';
import { meta as feeMeta } from '../../common/generated/meta/booking-fee';
import { choicesOf, IdsInput } from './common';
import {
  DateFr,
  DateInputFr,
  EntityForm,
  EntityList,
  EnumField,
  EnumInput,
  MoneyField,
  MoneyInput,
  NumberFr,
  NumberInputFr,
  RateField,
  RateInput,
  RefInput,
} from '../../admin/src/ui';

export function LastMinuteOfferList() {
  return (
    <EntityList meta={lastMinuteMeta}>
      <TextField source="label" label="Libellé" />
      <NumberFr source="daysBeforeArrival" label="Arrivée dans (jours)" />
      <RateField source="rate" label="Réduction" />
      <EnumField source="visibility" label="Visibilité" choices={choicesOf(lastMinuteMeta, 'visibility')} />
      <DateFr source="periodStartDate" label="Séjour du" />
      <DateFr source="periodEndDate" label="au (exclu)" />
      <BooleanField source="isActive" label="Active" />
    </EntityList>
  );
}

export function LastMinuteOfferEdit() {
  return (
    <EntityForm meta={lastMinuteMeta}>
      <TextInput source="label" label="Libellé" isRequired sx={{ minWidth: 320 }} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInputFr source="daysBeforeArrival" label="Arrivée au plus tard dans (jours)" integer isRequired />
        <RateInput source="rate" label="Réduction" isRequired />
        <EnumInput source="visibility" label="Visibilité" choices={choicesOf(lastMinuteMeta, 'visibility')} />
        <BooleanInput source="isActive" label="Active" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DateInputFr source="periodStartDate" label="Séjour à partir du" />
        <DateInputFr source="periodEndDate" label="Séjour jusqu'au (exclu)" />
        <NumberInputFr source="minNights" label="Durée minimum (nuits)" integer />
        <NumberInputFr source="maxNights" label="Durée maximum (nuits)" integer />
      </Box>
      <IdsInput source="priceGridIds" label="Tarifs (vide : tous)" reference="price-grid" />
      <IdsInput source="placeTypeIds" label="Hébergements (vide : tous)" reference="place-type" />
      <IdsInput source="channelIds" label="Canaux de vente (vide : tous)" reference="access-channel" />
    </EntityForm>
  );
}

export function BookingFeeList() {
  return (
    <EntityList meta={feeMeta}>
      <TextField source="label" label="Libellé" />
      <MoneyField source="amount" label="Montant par séjour" />
      <ReferenceField source="tvaId" label="TVA" reference="tva" link={false} />
      <BooleanField source="isActive" label="Actif" />
    </EntityList>
  );
}

export function BookingFeeEdit() {
  return (
    <EntityForm meta={feeMeta}>
      <TextInput source="label" label="Libellé" isRequired sx={{ minWidth: 320 }} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <MoneyInput source="amount" label="Montant par séjour" isRequired />
        <RefInput source="tvaId" label="TVA" reference="tva" optionText="label" />
        <BooleanInput source="isActive" label="Actif" />
      </Box>
      <IdsInput source="channelIds" label="Canaux de vente (vide : tous)" reference="access-channel" />
      <IdsInput source="priceGridIds" label="Tarifs (vide : tous)" reference="price-grid" />
    </EntityForm>
  );
}
