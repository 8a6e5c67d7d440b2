// State of /starting-base/{yearMonth}: each cash method's base of the month and the
// amounts being typed.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { records, rest, useCan } from '../../../admin/src/ui/client';
import { countedCents, type StartingBaseRow } from './model';

export function useStartingBases(yearMonth: string) {
  const qc = useQueryClient();
  const notify = useNotify();
  const canWrite = useCan('invoice.bank', 'write');
  const bases = useQuery({
    queryKey: ['starting-base', yearMonth],
    queryFn: () => rest('get', '/starting-base/month/{yearMonth}', { path: { yearMonth } }),
  });
  const [typed, setTyped] = useState<Record<number, string>>({});
  const type = (methodId: number, value: string) => setTyped({ ...typed, [methodId]: value });
  const save = async (r: StartingBaseRow) => {
    const amount = countedCents(typed[r.paymentMethodId] ?? '');
    if (amount == null) {
      notify('Montant invalide', { type: 'error' });
      return;
    }
    try {
      if (r.base) await records.update('starting-base', r.base.id, { amount, version: r.base.version });
      else await records.create('starting-base', { yearMonth, paymentMethodId: r.paymentMethodId, amount });
      notify('Fond de caisse enregistré', { type: 'success' });
      qc.invalidateQueries({ queryKey: ['starting-base', yearMonth] });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return { canWrite, bases, typed, type, save };
}
