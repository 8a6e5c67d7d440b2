// Hand-written: the mail queue also carries text messages (§9 reminder channels:
// e-mail or SMS). A row's channel says which adapter sends it: SMTP (to_address an
// e-mail) or the SMS provider (to_address a phone number in international form).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE mail_message ADD COLUMN channel varchar(5) NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE mail_message DROP COLUMN channel');
}
