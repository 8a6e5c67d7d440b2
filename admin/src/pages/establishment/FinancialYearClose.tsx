// « Clôturer l'exercice » on /admin/financial-year/{id}: shown to the technical user
// only (the server refuses everyone else), after confirmation; the closed year then
// shows as closed and read-only.
import { useState } from 'react';
import { Button } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../../api';
import { useCurrentUser } from '../../auth/useCan';
import { formatDateFr } from '../../../../common/dates';

export default function FinancialYearClose() {
  const record = useRecordContext();
  const { user } = useCurrentUser();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || record.isClosed || !user?.systeme) return null;
  const close = async () => {
    setOpen(false);
    setBusy(true);
    try {
      const r = await api<{ message: string }>(`/financial-year/close/${record.id}`, { method: 'POST', json: {} });
      notify(r.message, { type: 'success' });
      refresh();
    } catch (e: any) {
      if (e.status !== 401 && e.status !== 403) notify(e.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="warning" variant="outlined" startIcon={<LockIcon />} disabled={busy} onClick={() => setOpen(true)}>
        Clôturer l'exercice
      </Button>
      <Confirm
        isOpen={open}
        title={`Clôturer l'exercice « ${record.label} » ?`}
        content={
          `La clôture est définitive : l'exercice du ${formatDateFr(record.startDate)} au ` +
          `${formatDateFr(record.endDate)} ne pourra plus être modifié.`
        }
        confirm="Clôturer"
        cancel="Annuler"
        onConfirm={close}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
