// A save refused because someone else changed the record meanwhile (409
// RECORD_CHANGED, the server's version check): the form says so, keeps what the
// user typed on screen, and offers to reload the record — then, if wanted, to put
// the user's entries back on top of it and save knowingly.
import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import type { EntityMeta } from '../../../common/entity-meta';

export const STALE_CODE = 'RECORD_CHANGED';

/** The current record carried by a 409 « modifié par un autre utilisateur », or null. */
export function staleCurrent(error: unknown): Record<string, unknown> | null {
  const e = error as { status?: number; body?: { code?: string; current?: Record<string, unknown> } } | null;
  return e?.status === 409 && e.body?.code === STALE_CODE && e.body.current ? e.body.current : null;
}

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '(vide)' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Banner at the top of a form while a save is refused as stale. */
export function StaleRecordBanner({
  meta,
  current,
  message,
  onDone,
}: {
  meta: EntityMeta;
  current: Record<string, unknown>;
  message: string;
  onDone: () => void;
}) {
  const form = useFormContext();
  const [typed, setTyped] = useState<Record<string, unknown> | null>(null);
  const editable = meta.fields.filter((f) => !f.system && !f.readOnly && f.kind !== 'password');
  const reload = () => {
    const values = form.getValues();
    const dirty = form.formState.dirtyFields as Record<string, unknown>;
    // What the user typed (not what the form merely still shows from before) and the
    // record now holds differently: kept to show and to reapply.
    const mine = Object.fromEntries(
      editable
        .filter(
          (f) => dirty[f.name] && JSON.stringify(values[f.name] ?? null) !== JSON.stringify(current[f.name] ?? null),
        )
        .map((f) => [f.name, values[f.name]]),
    );
    form.reset({ ...values, ...current });
    setTyped(mine);
  };
  const reapply = () => {
    for (const [k, v] of Object.entries(typed ?? {})) form.setValue(k, v, { shouldDirty: true });
    setTyped(null);
    onDone();
  };
  const labelOf = (name: string) => meta.fields.find((f) => f.name === name)?.label ?? name;
  return (
    <Alert severity="warning" role="alert" className="bv-stale-record" sx={{ mb: 2, width: '100%' }}>
      <div>{message}</div>
      {!typed && (
        <>
          <div>Vos saisies sont toujours affichées ; rechargez l’enregistrement pour voir sa version actuelle.</div>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button size="small" variant="contained" onClick={reload}>
              Recharger l’enregistrement
            </Button>
          </Stack>
        </>
      )}
      {typed && (
        <>
          <div>
            Enregistrement rechargé.
            {Object.keys(typed).length
              ? ' Vos saisies qui diffèrent :'
              : ' Vos saisies ne diffèrent pas de sa version actuelle.'}
          </div>
          {Object.keys(typed).length > 0 && (
            <ul style={{ margin: '4px 0' }}>
              {Object.entries(typed).map(([k, v]) => (
                <li key={k}>
                  {labelOf(k)} : « {shown(v)} » (actuellement « {shown(current[k])} »)
                </li>
              ))}
            </ul>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            {Object.keys(typed).length > 0 && (
              <Button size="small" variant="contained" onClick={reapply}>
                Reprendre mes saisies
              </Button>
            )}
            <Button
              size="small"
              onClick={() => {
                setTyped(null);
                onDone();
              }}
            >
              Garder la version actuelle
            </Button>
          </Stack>
        </>
      )}
    </Alert>
  );
}
