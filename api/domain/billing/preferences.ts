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

export async function financePreferences(db: Db): Promise<FinancePreferences> {
  const row = await db('finance_preference').where('key', 'finance').first();
  return (row ?? (await newRecord(db as Knex, entityMeta('finance-preference')))) as FinancePreferences;
}

/** What the cash register module reads (it owns no storage of its own for these). */
export async function salePreferences(db: Db): Promise<{
  defaultPaymentMethodId: number | null;
  cashPaymentMethodId: number | null;
  requireCustomer: boolean;
  ticketFooter: string | null;
}> {
  const p = await financePreferences(db);
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
