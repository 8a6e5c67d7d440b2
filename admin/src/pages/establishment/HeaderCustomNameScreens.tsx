// /admin/header-custom-name-list and /admin/header-custom-name/{id}: custom names
// of the main menu's headers (one per header).
import { TextField, TextInput } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { EntityForm, EntityList, EnumInput, rest } from '../../ui';
import { meta } from '../../../../common/generated/meta/header-custom-name';

export function HeaderCustomNameList() {
  return (
    <EntityList meta={meta}>
      <TextField source="headerKey" label="En-tête du menu" />
      <TextField source="customName" label="Nom personnalisé" />
    </EntityList>
  );
}

export function HeaderCustomNameEdit() {
  const { data } = useQuery({
    queryKey: ['menu-headers'],
    queryFn: () => rest('get', '/security/menu/headers'),
  });
  return (
    <EntityForm meta={meta}>
      {data ? (
        <EnumInput source="headerKey" label="En-tête du menu" isRequired choices={data} />
      ) : (
        <TextInput source="headerKey" label="En-tête du menu" isRequired />
      )}
      <TextInput source="customName" label="Nom personnalisé" isRequired />
    </EntityForm>
  );
}
