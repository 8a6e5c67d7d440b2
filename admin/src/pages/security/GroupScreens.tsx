// /admin/group-list and /admin/group/{groupId}: rights groups with their rights
// matrix (saved with set_right) and their members.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { BooleanField, BooleanInput, TextField, TextInput, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EntityForm, EntityList, errorText, rest, useCan } from '../../ui';
import { meta } from '../../../../common/generated/meta/group';
import type { RightsMap } from '../../../../common/rights';
import { RightsMatrix } from './RightsMatrix';

export function GroupList() {
  return (
    <EntityList meta={meta}>
      <TextField source="label" label="Libellé" />
      <TextField source="description" label="Description" />
      <BooleanField source="isActive" label="Actif" />
    </EntityList>
  );
}

function GroupRightsCard({ groupId }: { groupId: number }) {
  const canWrite = useCan('establishment.users', 'write');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['group-rights', groupId],
    queryFn: () => rest('get', '/security/group/get_right/{groupId}', { path: { groupId } }),
  });
  const [rights, setRights] = useState<RightsMap | null>(null);
  useEffect(() => {
    if (data) setRights(data.rights);
  }, [data]);
  if (!data || !rights) return null;
  const dirty = JSON.stringify(rights) !== JSON.stringify(data.rights);
  const save = async () => {
    try {
      await rest('post', '/security/group/set_right/{groupId}', { path: { groupId }, body: { rights } });
      notify('Droits du groupe enregistrés', { type: 'success' });
      queryClient.invalidateQueries({ queryKey: ['group-rights', groupId] });
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 2 }} data-testid="group-rights">
      <CardHeader
        title="Droits du groupe"
        action={
          canWrite && (
            <Button variant="contained" startIcon={<SaveIcon />} disabled={!dirty} onClick={save}>
              Enregistrer les droits
            </Button>
          )
        }
      />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} alignItems="center">
          <span>Membres :</span>
          {data.members.length ? (
            data.members.map((m) => <Chip key={m.id} size="small" label={m.name} />)
          ) : (
            <em>aucun</em>
          )}
        </Stack>
        <RightsMatrix value={rights} onChange={setRights} readOnly={!canWrite} />
      </CardContent>
    </Card>
  );
}

export function GroupEdit() {
  const { groupId } = useParams();
  const id = Number(groupId);
  return (
    <Box>
      <EntityForm meta={meta}>
        <TextInput source="label" label="Libellé" isRequired />
        <TextInput source="description" label="Description" multiline minRows={2} />
        <BooleanInput source="isActive" label="Actif" />
      </EntityForm>
      {id > 0 ? (
        <GroupRightsCard groupId={id} />
      ) : (
        <Alert severity="info" sx={{ m: 2 }}>
          Enregistrez le groupe pour définir ses droits.
        </Alert>
      )}
    </Box>
  );
}
