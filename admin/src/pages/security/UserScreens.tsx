// /admin/user-list and /admin/user/{page}/{userId}: the user's general data, their
// rights groups, and their specific rights ("changing specific rights removes the
// user from every group while keeping those rights").
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Stack,
  Tab,
  Tabs,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { BooleanField, BooleanInput, Confirm, PasswordInput, TextField, TextInput, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EntityForm, EntityList, errorText, rest, useCan } from '../../ui';
import { meta } from '../../../../common/generated/meta/user';
import type { RightsMap } from '../../../../common/rights';
import { RightsMatrix } from './RightsMatrix';

export function UserList() {
  return (
    <EntityList meta={meta}>
      <TextField source="login" label="Identifiant" />
      <TextField source="name" label="Nom" />
      <TextField source="email" label="E-mail" />
      <BooleanField source="isAdmin" label="Administrateur" />
      <BooleanField source="isSystem" label="Utilisateur technique" />
      <BooleanField source="isActive" label="Actif" />
    </EntityList>
  );
}

interface GroupChoice {
  id: number;
  label: string;
  description: string | null;
  isActive: boolean;
  member: boolean;
}

function GroupsTab({ userId }: { userId: number }) {
  const canWrite = useCan('establishment.users', 'write');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['user-groups', userId],
    queryFn: (): Promise<GroupChoice[]> => rest('get', '/security/user/groups/{userId}', { path: { userId } }),
  });
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  useEffect(() => {
    if (data) setChosen(new Set(data.filter((g) => g.member).map((g) => g.id)));
  }, [data]);
  if (!data || !chosen) return null;
  const save = async () => {
    try {
      await rest('post', '/security/user/set_groups/{userId}', { path: { userId }, body: { groupIds: [...chosen] } });
      notify('Groupes enregistrés', { type: 'success' });
      queryClient.invalidateQueries({ queryKey: ['user-groups', userId] });
      queryClient.invalidateQueries({ queryKey: ['user-rights', userId] });
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  return (
    <Card>
      <CardContent>
        {data.length === 0 && (
          <Alert severity="info">Aucun groupe de droits : créez-en dans Admin › Accès › Groupes de droits.</Alert>
        )}
        <FormGroup>
          {data.map((g) => (
            <FormControlLabel
              key={g.id}
              disabled={!canWrite}
              label={`${g.label}${g.isActive ? '' : ' (inactif)'}${g.description ? ` — ${g.description}` : ''}`}
              control={
                <Checkbox
                  checked={chosen.has(g.id)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(g.id);
                    else next.delete(g.id);
                    setChosen(next);
                  }}
                />
              }
            />
          ))}
        </FormGroup>
        {canWrite && (
          <Button sx={{ mt: 2 }} variant="contained" startIcon={<SaveIcon />} onClick={save}>
            Enregistrer les groupes
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function RightsTab({ userId }: { userId: number }) {
  const canWrite = useCan('establishment.users', 'write');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['user-rights', userId],
    queryFn: () => rest('get', '/security/user/get_right/{userId}', { path: { userId } }),
  });
  const [rights, setRights] = useState<RightsMap | null>(null);
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    if (data) setRights(data.rights);
  }, [data]);
  if (!data || !rights) return null;
  const dirty = JSON.stringify(rights) !== JSON.stringify(data.rights);
  const save = async () => {
    setConfirm(false);
    try {
      await rest('post', '/security/user/set_right/{userId}', { path: { userId }, body: { rights } });
      notify('Droits spécifiques enregistrés', { type: 'success' });
      queryClient.invalidateQueries({ queryKey: ['user-rights', userId] });
      queryClient.invalidateQueries({ queryKey: ['user-groups', userId] });
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  return (
    <Card>
      <CardContent>
        {data.admin && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Administrateur : cet utilisateur détient tous les droits.
          </Alert>
        )}
        {!data.admin && data.groups.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Droits hérités des groupes : {data.groups.map((g) => g.label).join(', ')}. Modifier les droits spécifiques
            retire l'utilisateur de tous ses groupes, en conservant ces droits.
          </Alert>
        )}
        {canWrite && !data.admin && (
          <Stack direction="row" sx={{ mb: 1 }}>
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={!dirty}
              onClick={() => (data.groups.length ? setConfirm(true) : save())}
            >
              Enregistrer les droits
            </Button>
          </Stack>
        )}
        <RightsMatrix value={rights} onChange={setRights} readOnly={!canWrite || data.admin} />
        <Confirm
          isOpen={confirm}
          title="Droits spécifiques"
          content="L'utilisateur sera retiré de tous ses groupes ; ses droits actuels sont conservés. Continuer ?"
          confirm="Enregistrer"
          cancel="Annuler"
          onConfirm={save}
          onClose={() => setConfirm(false)}
        />
      </CardContent>
    </Card>
  );
}

const TABS = [
  ['general', 'Général'],
  ['groups', 'Groupes'],
  ['rights', 'Droits spécifiques'],
] as const;

export function UserEdit() {
  const { page = 'general', userId = '0' } = useParams();
  const navigate = useNavigate();
  const id = Number(userId);
  const tab = TABS.some(([k]) => k === page) ? page : 'general';
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v) => navigate(`/admin/user/${v}/${userId}`)} sx={{ px: 2 }}>
        {TABS.map(([k, label]) => (
          <Tab key={k} value={k} label={label} disabled={k !== 'general' && !(id > 0)} />
        ))}
      </Tabs>
      {tab === 'general' && (
        <EntityForm meta={meta}>
          <TextInput source="login" label="Identifiant" isRequired />
          <TextInput source="name" label="Nom" isRequired />
          <TextInput source="email" label="E-mail" />
          <BooleanInput source="isAdmin" label="Administrateur" />
          <BooleanInput source="isActive" label="Actif" />
          <BooleanInput source="isSystem" label="Utilisateur technique" readOnly disabled />
          <PasswordInput
            source="password"
            label="Mot de passe"
            autoComplete="new-password"
            helperText={id > 0 ? 'Laisser vide pour ne pas le changer' : ' '}
          />
        </EntityForm>
      )}
      {tab === 'groups' && id > 0 && (
        <Box sx={{ p: 2 }}>
          <GroupsTab userId={id} />
        </Box>
      )}
      {tab === 'rights' && id > 0 && (
        <Box sx={{ p: 2 }}>
          <RightsTab userId={id} />
        </Box>
      )}
    </Box>
  );
}
