// The module screens of §2 (docs/screens.md#admin) Admin, on the `module` configuration records:
// /admin/module-grid (every module), /admin/module/{kind}-grid and their edit
// screens by id, and the one-record screens (/admin/module/check-in…). Each kind's
// settings form comes from the catalogue (common/modules.ts).
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Loading,
  TextField,
  TextInput,
  Title,
  useGetList,
} from 'react-admin';
import type { EntityMeta } from '../../../../common/entity-meta';
import { meta as moduleMeta } from '../../../../common/generated/meta/module';
import { MODULE_KINDS, defaultSettings, type ModuleField, type ModuleKind } from '../../../../common/modules';
import { EntityForm, EntityList, EnumInput, NumberInputFr, RateInput } from '../../ui';

/** The module entity's metadata on the routes of one kind. */
function kindMeta(k: ModuleKind): EntityMeta {
  const edit = k.editRoute ?? `${k.route}/:moduleId`;
  return {
    ...moduleMeta,
    label: { ...moduleMeta.label, many: k.label },
    routes: { list: k.route, edit, idParam: edit.split('/').pop()!.slice(1) },
  };
}

function SettingInput({ f }: { f: ModuleField }) {
  const source = `settings.${f.name}`;
  switch (f.type) {
    case 'boolean':
      return <BooleanInput source={source} label={f.label} />;
    case 'integer':
      return <NumberInputFr source={source} label={f.label} integer />;
    case 'rate':
      return <RateInput source={source} label={f.label} />;
    case 'enum':
      return <EnumInput source={source} label={f.label} choices={f.choices!} />;
    default:
      // A secret is read masked (« •••• » + its last 4 characters): left as is, it stays; typed over, it is replaced.
      return (
        <TextInput
          source={source}
          label={f.label}
          sx={{ minWidth: 320 }}
          helperText={f.secret ? 'Masqué : saisissez une nouvelle valeur pour le remplacer' : undefined}
        />
      );
  }
}

function ModuleInputs({ k }: { k: ModuleKind }) {
  return [
    <TextInput key="label" source="label" label="Libellé" isRequired />,
    k.providers ? (
      <AutocompleteInput
        key="provider"
        source="provider"
        label="Prestataire"
        choices={k.providers.map((p) => ({ id: p, name: p }))}
        onCreate={(text?: string) => ({ id: text ?? '', name: text ?? '' })}
        createItemLabel="Utiliser « %{item} »"
      />
    ) : (
      <TextInput key="provider" source="provider" label="Prestataire" />
    ),
    <BooleanInput key="isActive" source="isActive" label="Actif" />,
    ...k.fields.map((f) => <SettingInput key={f.name} f={f} />),
  ];
}

export function ModuleKindGrid({ k }: { k: ModuleKind }) {
  const m = useMemo(() => kindMeta(k), [k]);
  return (
    <EntityList meta={m} filter={{ kind: k.kind }}>
      <TextField source="label" label="Libellé" />
      <TextField source="provider" label="Prestataire" />
      <BooleanField source="isActive" label="Actif" />
    </EntityList>
  );
}

export function ModuleEdit({ k }: { k: ModuleKind }) {
  const m = useMemo(() => kindMeta(k), [k]);
  return (
    <EntityForm meta={m} prefill={{ kind: k.kind, label: k.label, settings: defaultSettings(k.kind) }}>
      {ModuleInputs({ k })}
    </EntityForm>
  );
}

/** One record per kind: the first of that kind, created on first save. */
export function ModuleSingle({ k }: { k: ModuleKind }) {
  const m = useMemo(() => kindMeta(k), [k]);
  const { data, isPending } = useGetList('module', {
    filter: { kind: k.kind },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  if (isPending) return <Loading />;
  return (
    <EntityForm
      meta={m}
      id={data?.[0]?.id ?? 0}
      prefill={{ kind: k.kind, label: k.label, settings: defaultSettings(k.kind) }}
    >
      {ModuleInputs({ k })}
    </EntityForm>
  );
}

export function ModuleOverview() {
  const navigate = useNavigate();
  const { data, isPending } = useGetList('module', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'label', order: 'ASC' },
  });
  return (
    <Box sx={{ p: 2 }}>
      <Title title="Modules" />
      <Typography variant="h5" component="h1" gutterBottom>
        Modules
      </Typography>
      {isPending ? (
        <Loading />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 1.5 }}>
          {MODULE_KINDS.map((k) => {
            const rows = (data ?? []).filter((r) => r.kind === k.kind);
            const active = rows.filter((r) => r.isActive).length;
            return (
              <Card key={k.kind} variant="outlined" data-testid={`module-${k.kind}`}>
                <CardActionArea onClick={() => navigate(k.route)}>
                  <CardContent>
                    <Typography variant="subtitle1">{k.label}</Typography>
                    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                      <Chip
                        size="small"
                        color={active ? 'success' : 'default'}
                        label={active ? `${active} actif${active > 1 ? 's' : ''}` : 'Inactif'}
                      />
                      {k.screen === 'grid' && (
                        <Chip
                          size="small"
                          variant="outlined"
                          label={`${rows.length} configuration${rows.length > 1 ? 's' : ''}`}
                        />
                      )}
                    </Stack>
                  </CardContent>
                </CardActionArea>
              </Card>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
