// Hand-written: a payment's sign follows its category (issue 24 point 11). Money received
// is positive; a refund (category « refund », an overpayment paid back to the guest) is
// the one negative payment, so balances, the ledger and the FEC net it by themselves.
// Replaces the generated « amount > 0 » check that migration 0241 dropped.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE payment ADD CONSTRAINT ck_payment__refund_sign
    CHECK ((category = 'refund') = (amount < 0) AND amount <> 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE payment DROP CONSTRAINT ck_payment__refund_sign');
}
