// The money of a stay as its screen reads it (GET /rest/booking/{id}/balance, typed from
// the route's schema) and the warnings it gives at arrival and departure: money still due
// (till tickets charged to the stay included) or paid too much and owed back.
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../common/money';
import { dateFr, rest, useCan, type RestAnswer } from '../../admin/src/ui';

export type StayMoney = RestAnswer<'/booking/{bookingId}/balance', 'get'>;

/** The stay's balance, shared by the billing card and the action dialogs (one query). */
export function useStayMoney(bookingId: number | string) {
  const canRead = useCan('invoice.payment', 'read');
  const valid = /^\d+$/.test(String(bookingId));
  return useQuery({
    queryKey: ['balance', Number(bookingId)],
    queryFn: () => rest('get', '/booking/{bookingId}/balance', { path: { bookingId: Number(bookingId) } }),
    enabled: canRead && valid,
  });
}

export interface MoneyWarnings {
  /** cents the guest owes (> 0) or is owed back (< 0) */
  due: number;
  arrival: string | null;
  departure: string | null;
}

/** What the arrival and departure dialogs say about the money (null: nothing to say). */
export function moneyWarnings(m: StayMoney | undefined): MoneyWarnings {
  return warningsForDue(m?.due ?? 0, m?.overdue ?? null);
}

/** The same from a balance alone (the day lists' rows): due > 0 owed, < 0 paid too much. */
export function warningsForDue(due: number, overdue: { amount: number; since: string } | null = null): MoneyWarnings {
  if (due > 0) {
    const late = overdue ? `, dont ${formatCents(overdue.amount)} en retard depuis le ${dateFr(overdue.since)}` : '';
    return {
      due,
      arrival: `Attention : le client doit encore ${formatCents(due)}${late}. Pensez à encaisser.`,
      departure: `Attention : le client doit encore ${formatCents(due)}. Confirmer le départ quand même ?`,
    };
  }
  if (due < 0) {
    const text =
      `Le client a payé ${formatCents(-due)} de trop : cette somme lui est due ` +
      '(remboursement ou avoir à établir).';
    return { due, arrival: text, departure: text };
  }
  return { due, arrival: null, departure: null };
}
