// State of /starting-base/{yearMonth}: each cash method's base of the month and the
// amounts being typed.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { StartingBase } from '../../../common/generated/types';
import { api, rest, useCan } from '../../../admin/src/ui/client';
import { answerAs } from '../answer';
import { countedCents, type StartingBaseRow } from './model';

export function useStartingBases(yearMonth: string) {
  const qc = useQueryClient();
  const notify = useNotify();
  const canWrite = useCan('invoice.bank', 'write');
  const bases = useQuery({
    queryKey: ['starting-base', yearMonth],
    queryFn: () =>
      answerAs<StartingBaseRow[]>(rest('get', '/starting-base/month/{yearMonth}', { path: { yearMonth } })),
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
      // Generic entity routes (/starting-base): not in the OpenAPI document, so the bodies are
      // checked against the generated record instead.
      if (r.base)
        await api(`/starting-base/${r.base.id}`, {
          method: 'PUT',
          json: { amount, version: r.base.version } satisfies Partial<StartingBase>,
        });
      else
        await api('/starting-base', {
          method: 'POST',
          json: { yearMonth, paymentMethodId: r.paymentMethodId, amount } satisfies Partial<StartingBase>,
        });
      notify('Fond de caisse enregistré', { type: 'success' });
      qc.invalidateQueries({ queryKey: ['starting-base', yearMonth] });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return { canWrite, bases, typed, type, save };
}
