// State of /vente-annexe/{saleId}: the ticket, its return and its sending by e-mail.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { isPositiveId, rest, useCan, type RestAnswer } from '../../admin/src/ui';
import { mailNotice } from './model';

export type IssuedReturn = RestAnswer<'/sales/{saleId}/return', 'post'>;

export function useSale(saleId: string) {
  const valid = isPositiveId(saleId);
  const sale = useQuery({
    queryKey: ['sale', saleId],
    queryFn: () => rest('get', '/sales/view/{saleId}', { path: { saleId: Number(saleId) } }),
    enabled: valid,
  });
  const canWrite = useCan('sale.sale', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const [returning, setReturning] = useState(false);
  const [mailing, setMailing] = useState(false);
  const reload = () => qc.invalidateQueries({ queryKey: ['sale', saleId] });
  const returned = (r: IssuedReturn) => {
    setReturning(false);
    notify(`Ticket de retour ${r.number} émis`, { type: 'success' });
    reload();
  };
  const sendMail = async (id: number, to: string | undefined) => {
    const r = await rest('post', '/sales/{saleId}/send-email', {
      path: { saleId: id },
      body: to?.trim() ? { to: to.trim() } : {},
    });
    const { text, type } = mailNotice(r);
    notify(text, { type });
    reload();
  };
  return { valid, sale, canWrite, returning, setReturning, mailing, setMailing, returned, sendMail };
}
