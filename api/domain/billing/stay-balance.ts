// GET /rest/booking/{id}/balance: the stay's balance with its bills, payments, charges,
// partner bill and usable credit notes. Every read is keyed by the stay (or its
// customer) on an index; they run on ONE pooled connection, in one read-only
// snapshot: under load a request waits for the pool once, not once per query (a dozen
// queries each queued behind 50 clients made it ×120 slower than idle), and the
// figures it answers are consistent with each other.
import type { Knex } from 'knex';
import { stayBalance, stayPayments } from './view';
import { stayCharges } from './sources';
import { stayDepositNature } from './mentions';
import { standingPartnerBills } from './partner';
import { usableCreditNotes } from './payment-rules';

/** The columns of each bill the balance lists (its answer schema, bill-schemas.ts, names the same). */
export const STAY_BILL_COLUMNS = [
  'id',
  'number',
  'date',
  'kind',
  'isDeposit',
  'depositNature',
  'payerType',
  'totalInclVat',
  'creditedBillId',
] as const;

export async function stayBalanceView(knex: Knex, bookingId: number): Promise<Record<string, unknown>> {
  return knex.transaction(
    async (trx) => {
      const balance = await stayBalance(trx, bookingId);
      const bills = await trx('bill')
        .where({ bookingId })
        .orderBy('id')
        .select(...STAY_BILL_COLUMNS);
      // The partner's bill comes after the customer's final bill (« Facture partenaire »).
      const stay = await trx('booking').where('id', bookingId).first('partnerId', 'downPaymentKind');
      const partnerId = stay?.partnerId ?? null;
      const partnerBillStands = partnerId != null && (await standingPartnerBills(trx, bookingId)).length > 0;
      // The customer's credit notes with something left: the payment dialog's « Avoir » picker.
      return {
        ...balance,
        bills,
        downPaymentNature: stayDepositNature(stay?.downPaymentKind),
        payments: await stayPayments(trx, bookingId),
        charges: await stayCharges(trx, bookingId),
        partnerId,
        partnerBillStands,
        usableCreditNotes: await usableCreditNotes(trx, bookingId),
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}
