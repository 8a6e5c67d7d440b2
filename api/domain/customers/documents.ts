// "Customer with document cannot be deleted" (§8, docs/errors.md#messages): the modules that keep documents of
// a customer (stays, bills, payments…) register a check; deleting a customer asks
// each of them first. The foreign keys (ON DELETE RESTRICT) are the backstop.
import type { Knex } from 'knex';

export type DocumentCheck = (trx: Knex | Knex.Transaction, customerId: number) => Promise<boolean>;

const checks = new Map<string, DocumentCheck>();

/** `name` identifies the module (registering twice replaces). */
export function registerCustomerDocumentCheck(name: string, check: DocumentCheck): void {
  checks.set(name, check);
}

/** Names of the modules holding documents of this customer. */
export async function customerDocuments(trx: Knex | Knex.Transaction, customerId: number): Promise<string[]> {
  const found: string[] = [];
  for (const [name, check] of checks) if (await check(trx, customerId)) found.push(name);
  return found;
}
