// The /preference/ sections this module owns (result, fees, print-mode, sale): one row of
// `finance_preference` (key 'finance'), written through the generic entity
// (POST /rest/preference/finance/edit). Until it is first saved, the schema's defaults
// apply. What each setting drives:
// - result: resultBasis dates bank receipts in the cash and bank journal by payment or
//   by remittance date; resultIncludesDownPayments; cashDifferenceTolerance flags a
//   cash count whose difference is larger (cash.ts);
// - fees: the commission rates put on holiday vouchers and card payments (payment-rules.ts);
// - print-mode: documentDisposition (PDF opened inline or downloaded) and the default
//   deposit slip type (deposits.ts, deposit-slip.ts);
// - sale: the till's default and cash methods, customer required, ticket footer — read
//   by the till's sell (sales/sell.ts) through salePreferences().
import type { Knex } from 'knex';
import { entityMeta } from '../../rest/entities';
import { newRecord } from '../../rest/records';
import type { FinancePreference } from '../../../common/generated/types/finance-preference';

type Db = Knex | Knex.Transaction;
export type FinancePreferences = Required<Omit<FinancePreference, 'createdAt' | 'updatedAt' | 'version'>> & {
  version?: number;
};

/** The preferences, or their defaults before anyone saved them; `known`: the row already read (null: none). */
export async function financePreferences(
  db: Db,
  known?: Partial<FinancePreferences> | null,
): Promise<FinancePreferences> {
  const row = known !== undefined ? known : await db('finance_preference').where('key', 'finance').first();
  return (row ?? (await newRecord(db as Knex, entityMeta('finance-preference')))) as FinancePreferences;
}

export interface SalePreferences {
  defaultPaymentMethodId: number | null;
  cashPaymentMethodId: number | null;
  requireCustomer: boolean;
  ticketFooter: string | null;
}

/**
 * What the cash register module reads (it owns no storage of its own for these); `known`: the row the till read
 * with the rest of a sale (sales/sale-context.ts).
 */
export async function salePreferences(db: Db, known?: Partial<FinancePreferences> | null): Promise<SalePreferences> {
  const p = await financePreferences(db, known);
  return {
    defaultPaymentMethodId: p.saleDefaultPaymentMethodId,
    cashPaymentMethodId: p.saleCashPaymentMethodId,
    requireCustomer: p.saleRequireCustomer,
    ticketFooter: p.saleTicketFooter,
  };
}

/** Content-Disposition of a PDF by the print-mode preference. */
export function dispositionOf(p: FinancePreferences, filename: string): string {
  return (
    `${p.documentDisposition === 'attachment' ? 'attachment' : 'inline'}; filename="` +
    `${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`
  );
}
