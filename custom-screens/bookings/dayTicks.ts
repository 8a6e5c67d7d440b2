// Ticking a stay arrived or gone on the day lists, and undoing it the same day: what
// each confirmation says and what it sends.
import { todayParis } from '../../common/dates';
import type { Row } from '../../admin/src/ui';
import { warningsForDue } from '../billing/stay-money';

export type Tick = { row: Row; action: 'arrive' | 'depart' | 'undo-arrival' | 'undo-departure' };

export const TICK_UI: Record<
  Tick['action'],
  { title: (r: Row) => string; text?: string; confirm: string; done: (r: Row) => string; reason?: boolean }
> = {
  arrive: {
    title: (r) => `Enregistrer l’arrivée de ${r.customerName ?? 'ce client'} ?`,
    text: 'Le client est noté arrivé maintenant ; l’arrivée ne peut être annulée que le jour même.',
    confirm: 'Enregistrer l’arrivée',
    done: (r) => `${r.customerName} : arrivée enregistrée`,
  },
  depart: {
    title: (r) => `Enregistrer le départ de ${r.customerName ?? 'ce client'} ?`,
    text: 'Le séjour passe en lecture seule.',
    confirm: 'Enregistrer le départ',
    done: (r) => `${r.customerName} : départ enregistré`,
  },
  'undo-arrival': {
    title: () => 'Annuler l’arrivée enregistrée ?',
    text: 'Possible le jour même seulement.',
    confirm: 'Annuler l’arrivée',
    done: (r) => `${r.customerName} : arrivée annulée`,
    reason: true,
  },
  'undo-departure': {
    title: () => 'Annuler le départ enregistré ?',
    text: 'Possible le jour même seulement.',
    confirm: 'Annuler le départ',
    done: (r) => `${r.customerName} : départ annulé`,
    reason: true,
  },
};

/** What the arrival or departure dialog says about the money still due, or paid too much (owed back). */
export function tickMoneyText({ row, action }: Tick): string | null {
  const w = warningsForDue(row.balanceDue ?? 0);
  return action === 'arrive' ? w.arrival : action === 'depart' ? w.departure : null;
}

export const sameParisDay = (at: string) => todayParis(new Date(at)) === todayParis();

/** The body of the tick: the undo's reason, or the acceptance of the balance the dialog showed. */
export function tickBody({ row, action }: Tick, values: Record<string, string>) {
  return TICK_UI[action].reason
    ? { reason: values.reason }
    : action === 'depart' && row.balanceDue > 0
      ? { acceptBalance: true }
      : {};
}
