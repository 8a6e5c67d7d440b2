// The demo's document models (api/demo/documents.ts) on a fresh database: one per
// function with its English translation, the automatic ones inactive, written once; a
// receptionist's confirmation then comes out of them in the guest's language, printed
// as a PDF and rendered for the e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { seedDocumentsDemo } from '../../api/demo/documents';

let t: TestServer;
let c: Campsite;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 1);
  await seedDocumentsDemo(t.knex);
});
afterAll(async () => {
  await t?.close();
});

describe('demo document models', () => {
  it('one model per function, translated, the automatic ones inactive; a second run adds nothing', async () => {
    const models = await t.knex('document_function_model').orderBy('id').select('functionCode', 'isActive');
    expect(
      models
        .filter((m) => !m.isActive)
        .map((m) => m.functionCode)
        .sort(),
    ).toEqual(['balance-reminder', 'post-stay-survey', 'pre-stay-survey']);
    expect(new Set(models.map((m) => m.functionCode)).size).toBe(models.length);
    const counts = async () =>
      Promise.all(
        [
          'document_function_model',
          'mailing_configuration',
          'mailing_configuration_translation',
          'survey_question',
          'document_setting_target',
        ].map(async (x) => Number((await t.knex(x).count({ n: '*' }))[0].n)),
      );
    const before = await counts();
    expect(before[1]).toBe(models.length);
    expect(before[2]).toBe(models.length);
    await seedDocumentsDemo(t.knex);
    expect(await counts()).toEqual(before);
  });

  it('the confirmation of a British guest prints and renders in English', async () => {
    const en = (await t.knex('language').where('code', 'en').first('id')).id;
    const guest = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Smith',
        firstName: 'Emma',
        email: 'emma@example.co.uk',
        languageId: en,
      })
    ).id;
    const { bookingId } = await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-14', guest);
    const code = (await t.knex('booking').where('id', bookingId).first('code')).code;
    const mc = (
      await t
        .knex('mailing_configuration as m')
        .join('document_function_model as f', 'f.id', 'm.documentFunctionModelId')
        .where('f.functionCode', 'booking-confirmation')
        .first('m.id')
    ).id;
    const pdf = await fetch(`${t.url}/rest/printing/${mc}/booking/${bookingId}/0`, {
      headers: { Cookie: t.admin.cookie! },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // no SMTP set: the mail waits in the queue with the §8 (docs/errors.md#messages) message, rendered in English
    const r = await postOk(t.admin, `/rest/booking/${bookingId}/send-document`, {});
    expect(r).toMatchObject({ to: 'emma@example.co.uk', subject: `Your stay ${code} is confirmed`, translated: true });
    expect(r.status).not.toBe('sent');
    const m = await t.knex('mail_message').where('id', r.id).first('bodyHtml', 'lastError');
    expect(m.bodyHtml).toContain('Dear Emma Smith');
    expect(m.bodyHtml).toContain('Arrival: 10/07/2031');
    expect(m.lastError).toContain('Erreur de configuration des e-mails');
  });
});
