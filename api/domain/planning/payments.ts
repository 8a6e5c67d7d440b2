// The payment view of the board: how much each booking has received. Payments belong
// to another module (api/domain/billing), which registers its source here; without a
// source the board shows no payment state at all (not "Non payé" on every stay) and
// says why.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;
export type PaidSource = (db: Db, bookingIds: number[]) => Promise<Map<number, number>>;

let source: PaidSource | null = null;

/** Called by the payments module: amounts received (cents) per booking id. Returns the source it replaces. */
export function registerPaymentSource(fn: PaidSource | null): PaidSource | null {
  const previous = source;
  source = fn;
  return previous;
}

/** Whether a payments module tells what each booking has received. */
export function paymentsTracked(): boolean {
  return source !== null;
}

export async function paidByBooking(db: Db, bookingIds: number[]): Promise<Map<number, number>> {
  if (!source || !bookingIds.length) return new Map();
  return source(db, bookingIds);
}
