// The payment view of the board: how much each booking has received. The product has
// no payment records yet (billing and payments are another module); that module
// registers its source here and the board's payment view follows. Until then the board
// shows no payment state at all (not "Non payé" on every stay) and says why.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;
export type PaidSource = (db: Db, bookingIds: number[]) => Promise<Map<number, number>>;

let source: PaidSource | null = null;

/** Called by the payments module: amounts received (cents) per booking id. */
export function registerPaymentSource(fn: PaidSource | null): void {
  source = fn;
}

/** Whether a payments module tells what each booking has received. */
export function paymentsTracked(): boolean {
  return source !== null;
}

export async function paidByBooking(db: Db, bookingIds: number[]): Promise<Map<number, number>> {
  if (!source || !bookingIds.length) return new Map();
  return source(db, bookingIds);
}
