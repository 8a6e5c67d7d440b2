// Shared pieces of the pricing screens: route builders, metadata with the spec's
// routes, choices taken from the schemas, and small French-formatted inputs.
import type { ReactNode } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { AutocompleteArrayInput, CheckboxGroupInput, ReferenceArrayInput } from 'react-admin';
import type { EntityMeta } from '../../common/entity-meta';
import type { Row } from '../../admin/src/ui';

export type { Row };

// ---------------------------------------------------------------------------
// Routes of spec §2 (docs/screens.md#price) "Price". Version 0 means "the current version".

export const GRID_LIST = '/price/grid-list';
export const gridPath = (grid: Row, version?: number) =>
  `/price/grid/${grid.id}/${grid.priceModel ?? 0}/${grid.placeTypeId ?? 0}/${version ?? grid.historyVersion ?? 0}`;
export const currentGridPath = (gridId: number | string) => `/price/grid/${gridId}/0/0/0`;
export const periodPath = (periodId: number | string, gridId: number | string, version: number | string) =>
  `/price/period/${periodId}/grid/${gridId}/${version}`;
export const optionPath = (optionId: number | string, gridId: number | string, version: number | string) =>
  `/price/option/${optionId}/grid/${gridId}/${version}`;

/** The entity's metadata with the routes a custom screen serves. */
export function withRoutes(meta: EntityMeta, list: string, edit: string): EntityMeta {
  return { ...meta, routes: { list, edit, idParam: meta.routes.idParam } };
}

/** Choices of an enum field, with their French labels from the schema. */
export function choicesOf(meta: EntityMeta, field: string): { id: string | number; name: string }[] {
  const f = meta.fields.find((x) => x.name === field)!;
  return (f.enum ?? []).map((v) => ({ id: v, name: f.enumLabels?.[String(v)] ?? String(v) }));
}
export const labelOf = (meta: EntityMeta, field: string, value: unknown) =>
  choicesOf(meta, field).find((c) => c.id === value)?.name ?? String(value ?? '');
export const fieldLabel = (meta: EntityMeta, field: string) =>
  meta.fields.find((x) => x.name === field)?.label ?? field;

export const WEEKDAYS = [
  { id: 1, name: 'lundi' },
  { id: 2, name: 'mardi' },
  { id: 3, name: 'mercredi' },
  { id: 4, name: 'jeudi' },
  { id: 5, name: 'vendredi' },
  { id: 6, name: 'samedi' },
  { id: 7, name: 'dimanche' },
];
export const weekdays = (days: number[] | null | undefined) =>
  days?.length ? days.map((d) => WEEKDAYS[d - 1]?.name ?? d).join(', ') : 'tous';

export { dateFr, euros } from '../../admin/src/ui';

// ---------------------------------------------------------------------------

export function WeekdaysInput({ source, label }: { source: string; label: string }) {
  return (
    <CheckboxGroupInput
      source={source}
      label={label}
      choices={WEEKDAYS}
      row
      helperText="Aucun jour coché : tous les jours"
    />
  );
}

/** A list of ids of another entity (stored as a JSON array). */
export function IdsInput({
  source,
  label,
  reference,
  optionText = 'label',
  filter,
  helperText,
}: {
  source: string;
  label: string;
  reference: string;
  optionText?: string | ((r: Row) => string);
  filter?: Row;
  helperText?: string;
}) {
  return (
    <ReferenceArrayInput
      source={source}
      reference={reference}
      perPage={500}
      filter={filter}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <AutocompleteArrayInput
        label={label}
        optionText={optionText}
        helperText={helperText ?? ' '}
        filterToQuery={() => ({})}
        sx={{ minWidth: 420 }}
      />
    </ReferenceArrayInput>
  );
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {actions}
      </Box>
      {children}
    </Box>
  );
}

export function HistoryBanner({ version, current, to }: { version: number; current: number; to: () => void }) {
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <a
          href="#"
          onClick={(e) => {
            e.preventDefault();
            to();
          }}
        >
          Voir la version en cours ({current})
        </a>
      }
    >
      Version {version} (historique) : consultation seule.
    </Alert>
  );
}
