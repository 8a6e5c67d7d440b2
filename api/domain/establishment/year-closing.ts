// Closing a financial year writes the NF525 year closure in the same transaction
// (financial-year-close.ts). The closure is the ledger's: it registers it here, so the
// establishment module declares what it needs and does not import the ledger.
import type { Knex } from 'knex';

export type YearClosure = (
  trx: Knex.Transaction,
  fy: { startDate: string; endDate: string },
  userId: number | null,
) => Promise<unknown>;

let closure: YearClosure | undefined;

export function registerYearClosure(close: YearClosure): void {
  closure = close;
}

export async function closeYearInLedger(
  trx: Knex.Transaction,
  fy: { startDate: string; endDate: string },
  userId: number | null,
): Promise<void> {
  // A year closed without its ledger closure could not be made whole again: refuse instead.
  if (!closure) throw new Error('no ledger year closure registered (ledger module)');
  await closure(trx, fy, userId);
}
