// /admin/setting: the general settings (one row): session idle timeout and absolute
// lifetime, minimum password length (3 at least), idle drafts, longest stay, remote-support link.
import { Alert, Typography } from '@mui/material';
import { Edit, Loading, SaveButton, SimpleForm, TextInput, Title, Toolbar } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { meta } from '../../../../common/generated/meta/setting';
import { records, NumberInputFr, useFormValidator, useCan } from '../../ui';

export default function SettingEdit() {
  const canWrite = useCan('establishment.users', 'write');
  const validate = useFormValidator(meta);
  const { data, isPending } = useQuery({
    queryKey: ['setting-current'],
    queryFn: () => records.list('setting', { range: [0, 0] }),
  });
  const id = data?.[0]?.id;
  return (
    <>
      <Title title="Paramètres généraux" />
      {isPending ? (
        <Loading />
      ) : !id ? (
        <Typography sx={{ p: 2 }}>Aucun paramètre</Typography>
      ) : (
        <Edit resource="setting" id={id} redirect={false} mutationMode="pessimistic" title="Paramètres généraux">
          <SimpleForm
            validate={validate}
            disabled={!canWrite}
            toolbar={
              canWrite ? (
                <Toolbar>
                  <SaveButton label="Enregistrer" />
                </Toolbar>
              ) : (
                false
              )
            }
          >
            <Alert severity="info" sx={{ mb: 2 }}>
              Les durées de session s'appliquent à la requête suivante de chaque utilisateur.
            </Alert>
            <NumberInputFr source="idleMinutes" label="Déconnexion après inactivité (minutes)" integer isRequired />
            <NumberInputFr source="absoluteHours" label="Durée maximale d'une session (heures)" integer isRequired />
            <NumberInputFr
              source="minPasswordLength"
              label="Longueur minimale des mots de passe (3 au moins)"
              integer
              isRequired
            />
            <NumberInputFr
              source="draftIdleMinutes"
              label="Abandon des séjours temporaires après (minutes sans modification)"
              integer
              isRequired
              helperText={
                'Un séjour temporaire (assistant de réservation quitté sans enregistrer) libère alors son ' +
                'emplacement.'
              }
            />
            <NumberInputFr
              source="maxStayNights"
              label="Durée maximale d'un séjour (nuits, hors résidentiel)"
              integer
              isRequired
              helperText="Un séjour plus long est refusé, sauf sur un emplacement résidentiel."
            />
            <NumberInputFr
              source="earlyArrivalDays"
              label="Arrivée possible avant la date prévue (jours de tolérance)"
              integer
              helperText="0 : « Arrivé » se coche à partir du jour d'arrivée ; 1 : dès la veille…"
            />
            <TextInput source="remoteSupportUrl" label="Lien de l'outil d'assistance à distance" fullWidth />
          </SimpleForm>
        </Edit>
      )}
    </>
  );
}
