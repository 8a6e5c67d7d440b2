// /preference/{section}: the preferences of §2 (docs/screens.md#admin) that drive the stays, one card per
// section (booking, booking/option, arrival_departure, early_departure, cancellation,
// customer, customerResume), all stored in the general settings row. The sections
// result, fees, sale and print-mode belong to the billing and till screens.
import { useEffect } from 'react';
import { Card, CardContent, Divider, Typography } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { BooleanInput, Edit, Loading, SaveButton, SimpleForm, TextInput, Title, Toolbar } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { meta } from '../../../../common/generated/meta/setting';
import { records, EnumInput, MoneyInput, NumberInputFr, useFormValidator, useCan } from '../../ui';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const timeValid = (v: unknown) =>
  v == null || v === '' || TIME.test(String(v)) ? undefined : 'Heure au format HH:MM (ex. 14:00)';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card id={`preference-${id.replace('/', '-')}`} sx={{ mb: 2, width: '100%' }} variant="outlined">
      <CardContent>
        <Typography variant="h6">{title}</Typography>
        <Divider sx={{ mb: 2 }} />
        {children}
      </CardContent>
    </Card>
  );
}

export default function StayPreferences() {
  const canWrite = useCan('establishment.users', 'write');
  const validate = useFormValidator(meta);
  const section = useLocation()
    .pathname.replace(/^\/preference\/?/, '')
    .replace(/\/$/, '');
  const { data, isPending } = useQuery({
    queryKey: ['setting-current'],
    queryFn: () => records.list('setting', { range: [0, 0] }),
  });
  const id = data?.[0]?.id;
  // The section named in the address is brought into view (the menu links to each).
  useEffect(() => {
    if (id && section)
      document.getElementById(`preference-${section.replace('/', '-')}`)?.scrollIntoView({ block: 'start' });
  }, [id, section]);
  const choices = Object.entries(meta.fields.find((f) => f.name === 'earlyDepartureCharge')?.enumLabels ?? {}).map(
    ([k, v]) => ({ id: k, name: v }),
  );
  return (
    <>
      <Title title="Préférences des séjours" />
      {isPending ? (
        <Loading />
      ) : !id ? (
        <Typography sx={{ p: 2 }}>Aucun paramètre</Typography>
      ) : (
        <Edit resource="setting" id={id} redirect={false} mutationMode="pessimistic" title="Préférences des séjours">
          <SimpleForm
            validate={validate}
            disabled={!canWrite}
            toolbar={
              canWrite ? (
                <Toolbar>
                  <SaveButton label="Enregistrer les préférences" />
                </Toolbar>
              ) : (
                false
              )
            }
          >
            <Section id="booking" title="Réservation">
              <NumberInputFr
                source="maxStayNights"
                label="Durée maximale d'un séjour (nuits, hors résidentiel)"
                integer
                isRequired
              />
              <NumberInputFr
                source="draftIdleMinutes"
                label="Abandon des séjours temporaires après (minutes sans modification)"
                integer
                isRequired
              />
            </Section>
            <Section id="booking/option" title="Options">
              <NumberInputFr
                source="optionDays"
                label="Durée d'une option sans échéance donnée (jours)"
                integer
                isRequired
                helperText="Échéance proposée pour une option posée ou convertie sans date."
              />
            </Section>
            <Section id="arrival_departure" title="Arrivées et départs">
              <NumberInputFr
                source="earlyArrivalDays"
                label="Arrivée possible avant la date prévue (jours de tolérance)"
                integer
                helperText="0 : « Arrivé » se coche à partir du jour d'arrivée ; 1 : dès la veille…"
              />
              <TextInput
                source="arrivalTime"
                label="Arrivées à partir de (heure)"
                validate={timeValid}
                helperText="Affichée dans la liste des arrivées (HH:MM)."
              />
              <TextInput
                source="departureTime"
                label="Départs avant (heure)"
                validate={timeValid}
                helperText="Affichée dans la liste des départs (HH:MM)."
              />
            </Section>
            <Section id="early_departure" title="Départ anticipé">
              <EnumInput
                source="earlyDepartureCharge"
                label="Prix du séjour après un départ anticipé"
                choices={choices}
                isRequired
                helperText={
                  "« Seules les nuits passées » recalcule le prix des occupations raccourcies ; l'annulation du " +
                  "départ le jour même rend le prix d'origine."
                }
              />
            </Section>
            <Section id="cancellation" title="Annulation">
              <NumberInputFr
                source="cancellationFreeDays"
                label="Annulation sans frais jusqu'à (jours avant l'arrivée)"
                integer
                isRequired
              />
              <NumberInputFr
                source="cancellationFeePercent"
                label="Frais d'annulation ensuite (% du séjour)"
                integer
                isRequired
              />
              <MoneyInput source="cancellationFeeMinimum" label="Frais d'annulation minimum" />
            </Section>
            <Section id="customer" title="Fiche client">
              <BooleanInput source="customerRequiresEmail" label="E-mail obligatoire" />
              <BooleanInput source="customerRequiresPhone" label="Téléphone obligatoire" />
              <BooleanInput source="customerRequiresAddress" label="Adresse obligatoire (rue, code postal, ville)" />
              <BooleanInput source="customerRequiresBirthDate" label="Date de naissance obligatoire (hors sociétés)" />
            </Section>
            <Section id="customerResume" title="Fiche récapitulative client">
              <BooleanInput source="customerResumeCancelledStays" label="Montrer les séjours annulés ou supprimés" />
            </Section>
          </SimpleForm>
        </Edit>
      )}
    </>
  );
}
