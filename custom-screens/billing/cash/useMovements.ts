// State of the expense and injection lists: the month's movements and the entry form.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { todayParis } from '../../../common/dates';
import { records, rest, useCan } from '../../../admin/src/ui/client';
import { usePaymentMethods } from '../usePaymentMethods';
import { emptyMovement, movementRecord, type MovementForm, type MovementKind } from './model';

export function useMovements(kind: MovementKind, yearMonth: string) {
  const qc = useQueryClient();
  const notify = useNotify();
  const canWrite = useCan('invoice.bank', 'write');
  const methods = usePaymentMethods('cash');
  const types = useQuery({
    queryKey: ['expense-types'],
    queryFn: () => records.list('expense-type'),
    enabled: kind === 'expense',
  });
  const month = useQuery({
    queryKey: ['cash-movements', kind, yearMonth],
    queryFn: () => rest('get', '/cash-movement/month/{kind}/{yearMonth}', { path: { kind, yearMonth } }),
  });
  const [form, setForm] = useState<MovementForm>(() => emptyMovement(todayParis()));
  const set = (k: keyof MovementForm) => (value: string) => setForm({ ...form, [k]: value });
  const add = async () => {
    try {
      const rec = movementRecord(kind, form);
      const { amount, paymentMethodId } = rec;
      if (amount == null || paymentMethodId == null) {
        notify('Montant invalide', { type: 'error' });
        return;
      }
      await records.create('cash-movement', { ...rec, amount, paymentMethodId });
      notify(kind === 'expense' ? 'Dépense enregistrée' : 'Apport enregistré', { type: 'success' });
      setForm({ ...form, label: '', amount: '' });
      qc.invalidateQueries({ queryKey: ['cash-movements', kind] });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return { canWrite, methods, types, month, form, set, add };
}
