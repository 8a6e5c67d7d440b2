// The edit screen of every generated resource, on the spec's route (id 0 creates):
// defaults from `GET {base}/edit/0`, the shared ajv validation, server field
// errors, Save (F12), Delete with confirmation (F9), Back (Esc) and the entity's
// own extra buttons (admin/src/formActions.ts).
import { Suspense, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button as MuiButton } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Create,
  Edit,
  Loading,
  SaveButton,
  SimpleForm,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  type DataProvider,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { EntityMeta } from '../../../common/entity-meta';
import { useCan } from '../auth/useCan';
import { editPath, fieldParams, listPath } from './routes';
import { useFormValidator } from './validation';
import { useFunctionKeys } from './useFunctionKeys';
import { NotFound } from '../layout/NotFound';
import { RequireRight } from '../auth/RequireRight';
import { FORM_ACTIONS } from '../formActions';
import { StaleRecordBanner, staleCurrent } from './StaleRecord';
import { errorText } from '../errors';
import { DeleteRecordButton } from './DeleteButtons';

function FormToolbar({ meta, back, creating }: { meta: EntityMeta; back: string; creating: boolean }) {
  const canWrite = useCan(meta.functionality, 'write') && !meta.appendOnly;
  const canDelete = useCan(meta.functionality, 'delete') && !meta.appendOnly;
  const navigate = useNavigate();
  const record = useRecordContext();
  const form = useFormContext();
  useFunctionKeys({
    F12: canWrite
      ? () => (document.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.click()
      : undefined,
    F9:
      canDelete && !creating
        ? () => (document.querySelector('.bv-delete') as HTMLButtonElement | null)?.click()
        : undefined,
    Escape: () => navigate(back),
  });
  const label = record?.[meta.representation] ?? '';
  const Extra = FORM_ACTIONS[meta.name];
  return (
    <Toolbar sx={{ display: 'flex', gap: 1 }}>
      {canWrite && (
        <SaveButton label="Enregistrer" title="Enregistrer (F12)" alwaysEnable={form.formState.isDirty || creating} />
      )}
      <MuiButton onClick={() => navigate(back)} startIcon={<ArrowBackIcon />} title="Retour (Échap)">
        Retour
      </MuiButton>
      {Extra && !creating && (
        <Suspense fallback={null}>
          <Extra />
        </Suspense>
      )}
      <span style={{ flex: 1 }} />
      {canDelete && !creating && <DeleteRecordButton meta={meta} name={String(label)} redirect={() => back} />}
    </Toolbar>
  );
}

function EditTitle({ meta }: { meta: EntityMeta }) {
  const record = useRecordContext();
  return (
    <span>
      {meta.label.one}
      {/* the record's name is what a user typed (a translation's English subject), not UI words */}
      {record ? (
        <>
          {' « '}
          <span data-user-content>{record[meta.representation] ?? record.id}</span>
          {' »'}
        </>
      ) : (
        ''
      )}
    </span>
  );
}

function CreateWithDefaults({
  meta,
  back,
  prefill,
  children,
  toSaved,
}: {
  meta: EntityMeta;
  back: string;
  prefill: Record<string, unknown>;
  children: ReactNode;
  toSaved?: (id: number | string, data: Record<string, unknown> | undefined) => string;
}) {
  const dataProvider = useDataProvider<DataProvider & { getDefaults: (resource: string) => Promise<unknown> }>();
  const validate = useFormValidator(meta);
  const { data, isPending, error } = useQuery({
    queryKey: ['defaults', meta.name],
    queryFn: () => dataProvider.getDefaults(meta.name),
    staleTime: 0,
  });
  if (isPending) return <Loading />;
  // The record's own fields: the spec's edit shape may carry more (§3 (docs/entities.md#customers-and-attendants)
  // customer: addressList, availableCountry…).
  const own = new Set(meta.fields.map((f) => f.name));
  const defaults = Object.fromEntries(
    Object.entries((error ? {} : data) as Record<string, unknown>).filter(([k]) => k !== 'id' && own.has(k)),
  );
  return (
    <Create
      resource={meta.name}
      record={{ ...defaults, ...prefill }}
      redirect={(_r: unknown, id?: Identifier, data?: Partial<RaRecord>) =>
        toSaved && id !== undefined ? toSaved(id, data) : back
      }
      title={`${meta.label.gender === 'f' ? 'Nouvelle' : 'Nouveau'} : ${meta.label.one.toLowerCase()}`}
    >
      <SimpleForm validate={validate} toolbar={<FormToolbar meta={meta} back={back} creating />} warnWhenUnsavedChanges>
        {children}
      </SimpleForm>
    </Create>
  );
}

export interface EntityFormProps {
  meta: EntityMeta;
  children: ReactNode;
  /** the record's id when the route does not carry it (0 creates) */
  id?: number;
  /** values of a new record beside the route's (e.g. a module kind) */
  prefill?: Record<string, unknown>;
  /** after a save, show the saved record (its edit route) instead of going back to the list */
  stayOnSaved?: boolean;
}

/** A page without the read right goes to /home. */
export function EntityForm(props: EntityFormProps) {
  return (
    <RequireRight functionality={props.meta.functionality}>
      <GuardedForm {...props} />
    </RequireRight>
  );
}

function GuardedForm({ meta, children, id: givenId, prefill, stayOnSaved }: EntityFormProps) {
  const params = useParams();
  const raw = givenId !== undefined ? String(givenId) : (params[meta.routes.idParam] ?? '');
  const canWrite = useCan(meta.functionality, 'write') && !meta.appendOnly;
  const validate = useFormValidator(meta);
  const back = listPath(meta, params);
  const notify = useNotify();
  // A save refused because the record changed meanwhile (409): banner with reload, entries kept.
  const [stale, setStale] = useState<{ current: Record<string, unknown>; message: string } | null>(null);
  const onError = (error: unknown) => {
    const current = staleCurrent(error);
    if (current) setStale({ current, message: errorText(error) });
    notify(errorText(error), { type: current ? 'warning' : 'error' });
  };
  if (!/^\d+$/.test(raw)) return <NotFound />;
  const id = Number(raw);
  const toSaved = stayOnSaved
    ? (savedId: number | string, data: Record<string, unknown> | undefined) =>
        editPath(meta, savedId, data ?? {}, params)
    : undefined;
  if (id === 0)
    return (
      <CreateWithDefaults
        meta={meta}
        back={back}
        prefill={{ ...fieldParams(meta, params), ...prefill }}
        toSaved={toSaved}
      >
        {children}
      </CreateWithDefaults>
    );
  return (
    <Edit
      resource={meta.name}
      id={id}
      mutationMode="pessimistic"
      redirect={toSaved ? false : () => back}
      // A record that cannot be read (deleted, a wrong id): « L'élément n'existe pas » and its
      // list, not react-admin's /<resource> path, which is no screen here.
      redirectOnError={back}
      title={<EditTitle meta={meta} />}
      mutationOptions={{ onError }}
    >
      <SimpleForm
        validate={validate}
        toolbar={<FormToolbar meta={meta} back={back} creating={false} />}
        warnWhenUnsavedChanges
        disabled={!canWrite}
      >
        {stale && (
          <StaleRecordBanner
            meta={meta}
            current={stale.current}
            message={stale.message}
            onDone={() => setStale(null)}
          />
        )}
        {children}
      </SimpleForm>
    </Edit>
  );
}
