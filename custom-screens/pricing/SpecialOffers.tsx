// /special-offer-list, /special-offer/{specialOfferId} and /dmds-offer/{specialOfferId}:
// special offers (§9 (docs/constants.md#prices): 7 types, visibility, weekly steps up to 4 weeks, durations,
// validity, accommodations, applied options, promo code, channels). DMDS offers are
// special offers of the other kind: same form, opened on their own route.
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  FormDataConsumer,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { meta as offerMeta } from '../../common/generated/meta/special-offer';
import { choicesOf, IdsInput, withRoutes, type Row } from './common';
import {
  DateFr,
  DateInputFr,
  EntityForm,
  EntityList,
  EnumField,
  EnumInput,
  MoneyInput,
  NumberInputFr,
  RateInput,
} from '../../admin/src/ui';

const LIST = '/special-offer-list';
export const specialOfferMeta = withRoutes(offerMeta, LIST, '/special-offer/:specialOfferId');
export const dmdsOfferMeta = withRoutes(offerMeta, LIST, '/dmds-offer/:specialOfferId');
const editPathOf = (r: Row) => `/${r.kind === 'dmds' ? 'dmds-offer' : 'special-offer'}/${r.id}`;

const TYPE = {
  LESS_AMOUNT: 1,
  LESS_PERCENT: 2,
  BOOKING_FEES: 3,
  X_EQUALS_Y: 4,
  PRICE_STRIKEOUT: 5,
  INCLUDED_SERVICE: 6,
  LAST_MINUTE: 7,
};
const PERCENT = [TYPE.LESS_PERCENT, TYPE.PRICE_STRIKEOUT, TYPE.LAST_MINUTE];

/**
 * The generic list (remembered row, highlight, CSV export, rights) with two create buttons and the kind's edit route.
 */
export function SpecialOfferList() {
  return (
    <EntityList
      meta={specialOfferMeta}
      filters={[
        <SelectInput
          key="kind"
          source="kind"
          label="Nature"
          choices={choicesOf(offerMeta, 'kind')}
          alwaysOn
          emptyText="Toutes"
        />,
      ]}
      creates={[
        { label: 'Nouvelle offre', to: '/special-offer/0' },
        { label: 'Nouvelle offre DMDS', to: '/dmds-offer/0' },
      ]}
      rowPath={editPathOf}
    >
      <TextField source="label" label="Libellé" />
      <EnumField source="kind" label="Nature" choices={choicesOf(offerMeta, 'kind')} />
      <EnumField source="type" label="Type" choices={choicesOf(offerMeta, 'type')} />
      <EnumField source="visibility" label="Visibilité" choices={choicesOf(offerMeta, 'visibility')} />
      <DateFr source="periodStartDate" label="Séjour du" />
      <DateFr source="periodEndDate" label="au (exclu)" />
      <DateFr source="bookingEndDate" label="Réserver avant le" />
      <TextField source="promoCode" label="Code promo" />
      <BooleanField source="isActive" label="Active" />
    </EntityList>
  );
}

/** On /dmds-offer/0 a new offer is of the DMDS kind. */
function KindFromRoute({ dmds }: { dmds: boolean }) {
  const { setValue, getValues } = useFormContext();
  const { specialOfferId } = useParams();
  useEffect(() => {
    if (dmds && specialOfferId === '0' && getValues('kind') !== 'dmds') setValue('kind', 'dmds', { shouldDirty: true });
  }, [dmds, specialOfferId, getValues, setValue]);
  return null;
}

function OfferFields({ dmds }: { dmds: boolean }) {
  return (
    <>
      <KindFromRoute dmds={dmds} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="label" label="Libellé" isRequired sx={{ minWidth: 320 }} />
        <TextInput source="publicLabel" label="Libellé affiché au client" sx={{ minWidth: 320 }} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <EnumInput source="kind" label="Nature" choices={choicesOf(offerMeta, 'kind')} />
        <EnumInput source="type" label="Type d'offre" choices={choicesOf(offerMeta, 'type')} />
        <EnumInput source="visibility" label="Visibilité" choices={choicesOf(offerMeta, 'visibility')} />
        <BooleanInput source="isActive" label="Active" />
      </Box>
      <FormDataConsumer>
        {({ formData }) => {
          const type = formData.type as number;
          const money = type === TYPE.LESS_AMOUNT;
          const percent = PERCENT.includes(type);
          return (
            <>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                {money && <MoneyInput source="amount" label="Réduction" />}
                {percent && (
                  <RateInput
                    source="rate"
                    label={type === TYPE.PRICE_STRIKEOUT ? 'Baisse du prix unitaire' : 'Réduction'}
                  />
                )}
                {type === TYPE.X_EQUALS_Y && <NumberInputFr source="stayNights" label="X : nuits séjournées" integer />}
                {type === TYPE.X_EQUALS_Y && <NumberInputFr source="paidNights" label="Y : nuits payées" integer />}
                {type === TYPE.LAST_MINUTE && (
                  <NumberInputFr source="lastMinuteDays" label="Arrivée au plus tard dans (jours)" integer />
                )}
              </Box>
              {(money || percent) && (
                <ArrayInput
                  source="steps"
                  label="Paliers par semaines séjournées (jusqu'à 4 semaines ; remplacent la réduction)"
                >
                  <SimpleFormIterator inline disableReordering>
                    <NumberInputFr source="weeks" label="À partir de (semaines)" integer />
                    {money ? (
                      <MoneyInput source="value" label="Réduction" />
                    ) : (
                      <RateInput source="value" label="Réduction" />
                    )}
                  </SimpleFormIterator>
                </ArrayInput>
              )}
              <IdsInput
                source="priceGridIds"
                label="Tarifs (grilles) *"
                reference="price-grid"
                helperText="Une offre spéciale doit avoir au moins un tarif"
              />
              <IdsInput
                source="appliedOptionIds"
                label={
                  type === TYPE.INCLUDED_SERVICE
                    ? 'Prestations offertes *'
                    : 'Options comprises dans la base de la réduction'
                }
                reference="price-grid-option"
                filter={{ priceGridId: (formData.priceGridIds?.length ? formData.priceGridIds : [0]) as number[] }}
              />
            </>
          );
        }}
      </FormDataConsumer>
      <Typography variant="subtitle2">Conditions</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DateInputFr source="periodStartDate" label="Séjour à partir du" />
        <DateInputFr source="periodEndDate" label="Séjour jusqu'au (exclu)" />
        <DateInputFr source="bookingStartDate" label="Réservation à partir du" />
        <DateInputFr source="bookingEndDate" label="Réservation jusqu'au (exclu)" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInputFr source="minNights" label="Durée minimum (nuits)" integer />
        <NumberInputFr source="maxNights" label="Durée maximum (nuits)" integer />
        <TextInput source="promoCode" label="Code promo" />
      </Box>
      <IdsInput source="placeTypeIds" label="Hébergements (vide : tous)" reference="place-type" />
      <IdsInput source="channelIds" label="Canaux de vente (vide : tous)" reference="access-channel" />
      <TextInput source="description" label="Description" multiline minRows={2} sx={{ minWidth: 420 }} />
    </>
  );
}

export function SpecialOfferEdit() {
  return (
    <EntityForm meta={specialOfferMeta}>
      <OfferFields dmds={false} />
    </EntityForm>
  );
}

export function DmdsOfferEdit() {
  return (
    <EntityForm meta={dmdsOfferMeta}>
      <OfferFields dmds />
    </EntityForm>
  );
}
