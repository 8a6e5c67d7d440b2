// A month's closure freezes the month's VAT statement with its totals (closures.ts). The
// statement is computed from the ledger by the statements module, which registers it
// here: the ledger declares what it needs and does not import its readers.
import type { Knex } from 'knex';
import type { Canonical } from './canonical';

export type VatToFreeze = (db: Knex, month: string) => Promise<unknown>;

let vatToFreeze: VatToFreeze | undefined;

export function registerVatToFreeze(freeze: VatToFreeze): void {
  vatToFreeze = freeze;
}

/** The month's VAT statement, in the closure's transaction. */
export async function frozenVat(trx: Knex.Transaction, month: string): Promise<Canonical> {
  // A closure without its statement could never be made whole again: refuse rather than omit it.
  if (!vatToFreeze) throw new Error('no VAT statement registered for month closures (statements module)');
  return (await vatToFreeze(trx as unknown as Knex, month)) as Canonical;
}
