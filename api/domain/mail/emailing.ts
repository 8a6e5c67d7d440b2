// The e-mailing module (Admin › Modules › E-mailing, /admin/module/emailing/{id}): the
// sender of the campaigns. Its « Nom de l'expéditeur », « E-mail de l'expéditeur » and
// « E-mail de réponse » replace, for the campaign e-mails only, the From and Reply-To of
// the SMTP setting (a newsletter often goes out under a marketing name and address,
// its answers to another mailbox); each one left empty keeps the SMTP setting's.
import type { Knex } from 'knex';
import { moduleSettings, textSetting } from '../establishment/module-settings';

export interface Sender {
  from: string | { name: string; address: string };
  replyTo?: string;
}

export async function campaignSender(knex: Knex, smtp: Sender): Promise<Sender> {
  const s = await moduleSettings(knex, 'emailing');
  const smtpAddress = typeof smtp.from === 'string' ? smtp.from : smtp.from.address;
  const smtpName = typeof smtp.from === 'string' ? null : smtp.from.name;
  const address = textSetting(s.senderEmail) ?? smtpAddress;
  const name = textSetting(s.senderName) ?? smtpName;
  return {
    from: name ? { name, address } : address,
    replyTo: textSetting(s.replyTo) ?? smtp.replyTo,
  };
}
