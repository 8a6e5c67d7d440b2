// « Clôturer l'exercice » on /admin/financial-year/{id}: shown to the technical user
// only (the server refuses everyone else), after confirmation; the closed year then
// shows as closed and read-only.
import { useState } from 'react';
import { Button } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
// Leaf modules, not the ui barrel: the generated form loads this button (admin/src/formActions.ts).
import { AskDialog } from '../../ui/AskDialog';
import { dateFr } from '../../ui/format';
import { rest } from '../../rest';
import { errorText } from '../../errors';
import { useCurrentUser } from '../../auth/useCan';

export default function FinancialYearClose() {
  const record = useRecordContext();
  const { user } = useCurrentUser();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || record.isClosed || !user?.systeme) return null;
  const close = async () => {
    setBusy(true);
    try {
      const r = await rest('post', '/financial-year/close/{id}', { path: { id: Number(record.id) } });
      notify(r.message ?? 'Exercice clôturé', { type: 'success' });
      refresh();
    } catch (e) {
      const status = (e as { status?: number } | null)?.status;
      if (status !== 401 && status !== 403) notify(errorText(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="warning" variant="outlined" startIcon={<LockIcon />} disabled={busy} onClick={() => setOpen(true)}>
        Clôturer l'exercice
      </Button>
      <AskDialog
        open={open}
        title={`Clôturer l'exercice « ${record.label} » ?`}
        text={
          `La clôture est définitive : l'exercice du ${dateFr(record.startDate)} au ` +
          `${dateFr(record.endDate)} ne pourra plus être modifié.`
        }
        confirmLabel="Clôturer l'exercice"
        keepLabel="Garder l'exercice ouvert"
        onConfirm={close}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
