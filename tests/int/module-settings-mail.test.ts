// Module settings that change what the server e-mails (issue 30, docs/history.md#issue-30): each test changes a
// setting through the module's record and sees the e-mail change — the e-mailing
// module's sender on campaigns (through a real SMTP server), the satisfaction survey's
// outside address, the check-in module's pre-stay and post-stay steps, the police
// register sent each night to the police-note-book module's recipient.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { processQueue } from '../../api/domain/mail/queue';
import { sendScheduledDocuments } from '../../api/domain/documents/scheduled';
import { sendPoliceRegister } from '../../api/domain/statements/police-send';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bivouac-modmail-'));

let t: TestServer;
let c: Campsite;
let smtp: SmtpCapture;
const received: ParsedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture(received);
  t = await startTestServer();
  c = await campsite(t, 3);
  const r = await t.admin.put('/rest/email-configuration', {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    fromAddress: 'accueil@pins-bleus.fr',
    fromName: 'Camping Les Pins Bleus',
  });
  expect(r.status, r.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const moduleIds: Record<string, number> = {};
/** The module's active record with these settings (created the first time, then changed). */
async function setModule(kind: string, settings: Record<string, unknown>) {
  const body = { kind, label: `Test ${kind}`, isActive: true, settings };
  if (!moduleIds[kind]) moduleIds[kind] = (await postOk(t.admin, '/rest/establishment/module', body)).id;
  else {
    const r = await t.admin.put(`/rest/establishment/module/${moduleIds[kind]}`, body);
    expect(r.status, r.text).toBe(200);
  }
}

async function model(functionCode: string, subject: string) {
  const m = await createdThroughEdit(t.admin, 'document-function-model', { functionCode, label: unique('Modèle ') });
  return (
    await createdThroughEdit(t.admin, 'mailing-configuration', {
      documentFunctionModelId: m.id,
      label: unique('Config '),
      subject,
      body: '<p>Bonjour {{customer.firstName}}</p>',
      attachDocument: false,
    })
  ).id as number;
}

const customer = async (lastName: string, extra: Record<string, unknown> = {}) =>
  (await postOk(t.admin, '/rest/customer', { lastName, firstName: 'Léa', email: `${lastName}@example.fr`, ...extra }))
    .id as number;

describe('e-mailing module: the sender of campaigns', () => {
  it('campaigns go out under its name, address and reply-to; other e-mails keep the SMTP sender', async () => {
    const lang = (await postOk(t.admin, '/rest/language', { code: unique('m').slice(0, 5), name: unique('L ') })).id;
    await customer('abonne', { newsletterConsent: true, languageId: lang });
    const mc = await model('campaign', 'Nouveautés');
    const send = async () => {
      const criteria = (
        await postOk(t.admin, '/rest/mailing-criteria', { label: unique('C '), criteria: { languageIds: [lang] } })
      ).id;
      await postOk(t.admin, '/rest/campaign/send', { mailingConfigurationId: mc, mailingCriteriaId: criteria });
      const before = received.length;
      await processQueue(t.knex);
      return received.slice(before).find((m) => m.subject === 'Nouveautés')!;
    };
    await setModule('emailing', { senderName: 'Les Pins Bleus — actus', senderEmail: 'actus@pins-bleus.fr' });
    let m = await send();
    expect(m.from?.value[0]).toEqual({ name: 'Les Pins Bleus — actus', address: 'actus@pins-bleus.fr' });
    expect(m.replyTo).toBeUndefined();
    await setModule('emailing', { senderName: 'Newsletter', senderEmail: null, replyTo: 'reponses@pins-bleus.fr' });
    m = await send();
    expect(m.from?.value[0]).toEqual({ name: 'Newsletter', address: 'accueil@pins-bleus.fr' });
    expect(m.replyTo?.value[0].address).toBe('reponses@pins-bleus.fr');
    const test = await postOk(t.admin, '/rest/email-configuration/test', { to: 'gerant@example.org' });
    expect(test.status).toBe('sent');
    expect(received.at(-1)!.from?.value[0].address).toBe('accueil@pins-bleus.fr');
  });
});

describe('satisfaction survey: the outside survey address', () => {
  it('the survey e-mail links to the built-in form, or to the address set with the stay', async () => {
    await model('post-stay-survey', 'Votre avis');
    const stay = await bookStay(t, c, c.places[0], '2031-06-01', '2031-06-04', await customer('avis'));
    const code = (await t.knex('booking').where('id', stay.bookingId).first('code')).code;
    const link = async () => {
      const r = await postOk(t.admin, `/rest/booking/${stay.bookingId}/send-document`, {
        functionCode: 'post-stay-survey',
      });
      const html = (await t.knex('mail_message').where('id', r.id).first('bodyHtml')).bodyHtml as string;
      return /href="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&');
    };
    expect(await link()).toContain('/rest/survey?b=');
    await setModule('satisfaction-survey', { surveyUrl: 'https://avis.example.org/camping' });
    expect(await link()).toBe(`https://avis.example.org/camping?reservation=${code}&enquete=post-stay`);
  });
});

describe('check-in module: pre-stay and post-stay steps', () => {
  it('the welcome e-mail goes preStayDays before arrival; postStay off stops the post-stay e-mail', async () => {
    await model('welcome', 'Bienvenue');
    const five = await bookStay(t, c, c.places[1], '2031-08-06', '2031-08-08', await customer('arrivee'));
    const gone = await bookStay(t, c, c.places[2], '2031-07-29', '2031-07-31', await customer('depart'));
    const queued = async (key: string) => !!(await t.knex('mail_message').where('dedupeKey', key).first('id'));
    await setModule('check-in', { preStayDays: 3, postStay: false });
    await sendScheduledDocuments(t.knex, '2031-08-01');
    expect(await queued(`check-in:${five.bookingId}`)).toBe(false); // arrives in 5 days
    expect(await queued(`post-stay-survey:${gone.bookingId}`)).toBe(false);
    await setModule('check-in', { preStayDays: 5, postStay: true });
    await sendScheduledDocuments(t.knex, '2031-08-01');
    expect(await queued(`check-in:${five.bookingId}`)).toBe(true);
    expect(await queued(`post-stay-survey:${gone.bookingId}`)).toBe(true);
  });
});

describe('police-note-book module: the register sent each night', () => {
  it('sends yesterday’s forms as CSV to the recipient when automatic sending is on, once a day', async () => {
    const de =
      (await t.knex('country').where('isoCode', 'DE').first('id'))?.id ??
      (await postOk(t.admin, '/rest/country', { isoCode: 'DE', name: 'Allemagne', nationality: 'Allemande' })).id;
    const guest = await customer('weber', { nationalityId: de, countryId: de, birthDate: '1970-04-01' });
    await bookStay(t, c, c.places[0], '2031-09-10', '2031-09-12', guest);
    await setModule('police-note-book', { autoSend: false, recipientEmail: 'brigade@gendarmerie.example.fr' });
    expect(await sendPoliceRegister(t.knex, '2031-09-11')).toBeNull();
    await setModule('police-note-book', { autoSend: true, recipientEmail: 'brigade@gendarmerie.example.fr' });
    const id = await sendPoliceRegister(t.knex, '2031-09-11');
    expect(id).not.toBeNull();
    expect(await sendPoliceRegister(t.knex, '2031-09-11')).toBeNull(); // once per day
    expect(await sendPoliceRegister(t.knex, '2031-09-12')).toBeNull(); // nobody arrived on the 11th
    const before = received.length;
    await processQueue(t.knex, { onlyId: id! });
    const m = received.slice(before)[0];
    expect((m.to as { value: { address: string }[] }).value[0].address).toBe('brigade@gendarmerie.example.fr');
    expect(m.subject).toBe('Registre de police — arrivées du 10/09/2031');
    expect(m.attachments[0].filename).toBe('registre-de-police-2031-09-10.csv');
    const csv = m.attachments[0].content.toString('utf8');
    expect(csv).toContain('Nom;Prénoms;Date de naissance');
    expect(csv).toContain('weber;Léa;01/04/1970');
  });
});
