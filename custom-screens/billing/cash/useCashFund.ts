// State of the /cash-fund screen: the cash methods, the fund of one method on one day and
// the count being typed.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { todayParis } from '../../../common/dates';
import { rest, useCan } from '../../../admin/src/ui/client';
import { usePaymentMethods } from '../usePaymentMethods';
import { countedCents, fundDate } from './model';

export function useCashFund(paymentMethodId: string, rawDate: string | undefined) {
  const date = fundDate(rawDate, todayParis());
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('invoice.bank', 'write');
  const methods = usePaymentMethods('cash');
  const id = Number(paymentMethodId);
  const path = { paymentMethodId: id, date };
  const fund = useQuery({
    queryKey: ['cash-fund', id, date],
    queryFn: () => rest('get', '/cash-fund/{paymentMethodId}/{date}', { path }),
    enabled: id > 0,
  });
  const [counted, setCounted] = useState('');
  const save = async () => {
    const countedAmount = countedCents(counted);
    if (countedAmount == null) {
      notify('Montant invalide', { type: 'error' });
      return;
    }
    try {
      const saved = rest('post', '/cash-fund/{paymentMethodId}/{date}', { path, body: { countedAmount } });
      qc.setQueryData(['cash-fund', id, date], await saved);
      notify('Comptage enregistré', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return { id, date, methods, fund, counted, setCounted, save, canWrite };
}
