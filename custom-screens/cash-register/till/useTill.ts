// State of the till screen: the register's data, the running ticket and its payment, the
// last ticket sold, and the opening of the register's window.
import { useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { parseEurosToCents } from '../../../common/money';
import { rest, useCan, useIdempotencyKeys, type RestAnswer } from '../../../admin/src/ui';
import type { Tender } from '../payment/model';
import { sellPayments } from '../tenders';
import {
  articleByCode,
  ticketOf,
  withArticle,
  withLineDiscount,
  withQuantity,
  type Line,
  type TillArticle,
} from './model';

export type SoldTicket = RestAnswer<'/sales/sell', 'post'>;

export function useTill(cashRegisterSaleId: string) {
  const valid = /^\d+$/.test(cashRegisterSaleId);
  const qc = useQueryClient();
  const notify = useNotify();
  // One Idempotency-Key per ticket as sent: « Encaisser » again after a lost answer sells it
  // once; a ticket changed meanwhile is another sale, with its own key.
  const idempotency = useIdempotencyKeys();
  const canWrite = useCan('sale.sale', 'write');
  const till = useQuery({
    queryKey: ['till', cashRegisterSaleId],
    queryFn: () =>
      rest('get', '/sales/till/{cashRegisterId}', { path: { cashRegisterId: Number(cashRegisterSaleId) } }),
    enabled: valid,
  });
  const [family, setFamily] = useState<number | 'all'>('all');
  const [page, setPage] = useState(1);
  const [lines, setLines] = useState<Line[]>([]);
  const [ticketDiscount, setTicketDiscount] = useState('');
  const [code, setCode] = useState('');
  const [paying, setPaying] = useState(false);
  const [closing, setClosing] = useState(false);
  const [float, setFloat] = useState('');
  const [last, setLast] = useState<SoldTicket | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const data = till.data;
  const byId = useMemo(() => new Map<number, TillArticle>((data?.articles ?? []).map((a) => [a.id, a])), [data]);
  const ticket = useMemo(
    () => ticketOf(lines, byId, parseEurosToCents(ticketDiscount) ?? 0),
    [lines, byId, ticketDiscount],
  );
  const reload = () => qc.invalidateQueries({ queryKey: ['till', cashRegisterSaleId] });

  const openWindow = async (cashRegisterId: number) => {
    try {
      await rest('post', '/sales/window/open', {
        body: { cashRegisterId, openingFloat: parseEurosToCents(float) ?? 0 },
      });
      notify('Caisse ouverte', { type: 'success' });
      reload();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const addArticle = (a: TillArticle) => {
    setError(null);
    setLast(null);
    setLines(withArticle(lines, a));
  };
  const byCode = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // Enter on an empty field takes the payment: a whole sale by keyboard or scanner.
    if (!code.trim()) {
      if (ticket && canWrite) setPaying(true);
      return;
    }
    const a = articleByCode(data?.articles ?? [], code);
    if (a) {
      addArticle(a);
      setCode('');
    } else setError(`Article inconnu : ${code}`);
  };
  const setQty = (i: number, d: number) => setLines(withQuantity(lines, i, d));
  const setLineDiscount = (i: number, typed: string) =>
    setLines(withLineDiscount(lines, i, parseEurosToCents(typed) ?? 0));
  const clear = () => {
    setLines([]);
    setTicketDiscount('');
  };
  const pay = async (tenders: Tender[], bookingId: number | null) => {
    const body = {
      cashRegisterId: data!.register.id,
      lines,
      ticketDiscount: parseEurosToCents(ticketDiscount) ?? 0,
      payments: sellPayments(tenders),
      bookingId,
    };
    const action = JSON.stringify(body);
    const sale = await rest('post', '/sales/sell', { headers: { 'Idempotency-Key': idempotency.keyOf(action) }, body });
    idempotency.done(action);
    setPaying(false);
    clear();
    setLast(sale);
    notify(`Ticket ${sale.number} encaissé`, { type: 'success' });
    reload();
    codeRef.current?.focus();
  };
  return {
    valid,
    till,
    canWrite,
    byId,
    ticket,
    reload,
    family,
    setFamily,
    page,
    setPage,
    lines,
    ticketDiscount,
    setTicketDiscount,
    code,
    setCode,
    codeRef,
    paying,
    setPaying,
    closing,
    setClosing,
    float,
    setFloat,
    last,
    error,
    openWindow,
    addArticle,
    byCode,
    setQty,
    setLineDiscount,
    clear,
    pay,
  };
}
export type TillState = ReturnType<typeof useTill>;
