// What the stays module asks of billing (the balance due in the lists, the freeze of a
// billed stay, a channel's collected payment) without importing it: billing depends on
// stays (statuses, stored prices, action guards) and registers these in its index.ts.
import type { Knex } from 'knex';

export interface StayBilling {
  /** SQL of a stay's balance due in cents, the booking row aliased `alias` */
  balanceDueSql(alias: string): string;
  /** whether a final bill stands for the stay (then its occupancies, customer and price are frozen) */
  isStayBilled(db: Knex | Knex.Transaction, bookingId: number): Promise<boolean>;
  /** a payment the booking channel collected, recorded on the stay (nothing when no amount) */
  recordChannelPayment(
    trx: Knex.Transaction,
    bookingId: number,
    payment: { amount: number | null; externalRef: string },
  ): Promise<void>;
}

let billing: StayBilling | undefined;

export function registerStayBilling(b: StayBilling): void {
  billing = b;
}

export function stayBilling(): StayBilling {
  if (!billing) throw new Error('stay billing not registered (billing module)');
  return billing;
}
