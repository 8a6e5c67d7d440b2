// Satisfaction surveys and bills by e-mail, against a real SMTP server started here
// (smtp-server on port 0, mailparser): the post-stay survey e-mail carries a signed
// link; the public page (no session) lists the active questions escaped, takes the
// answers once, refuses a forged token; the results count per question. A bill is
// e-mailed with its stored PDF: the original's bytes the first time, the duplicate's
// after; without a « Facture » model, the §8 (docs/errors.md#messages) message.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, postOk, unique } from './http-helpers';
import { userWithRights } from './security-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { processQueue } from '../../api/domain/mail/queue';
import { sendScheduledDocuments } from '../../api/domain/documents/scheduled';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bivouac-survey-'));

let t: TestServer;
let c: Campsite;
let smtp: SmtpCapture;
const received: ParsedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture(received);
  t = await startTestServer();
  process.env.PUBLIC_URL = t.url;
  c = await campsite(t, 2);
  const r = await t.admin.put('/rest/email-configuration', {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    fromAddress: 'accueil@pins-bleus.fr',
  });
  expect(r.status, r.text).toBe(200);
});
afterAll(async () => {
  delete process.env.PUBLIC_URL;
  await t?.close();
  await smtp?.close();
});

const page = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${t.url}${path}`, init);
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
};
const postForm = (fields: Record<string, string>) =>
  page('/rest/survey', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('satisfaction survey', () => {
  let bookingId: number;
  let link: URL;
  const q: Record<string, number> = {};

  beforeAll(async () => {
    const model = await createdThroughEdit(t.admin, 'document-function-model', {
      functionCode: 'post-stay-survey',
      label: unique('Avis '),
    });
    await createdThroughEdit(t.admin, 'mailing-configuration', {
      documentFunctionModelId: model.id,
      label: 'Avis',
      subject: 'Votre avis sur {{stay.code}}',
      body: '<p>Bonjour {{customer.firstName}}</p>',
      attachDocument: false,
    });
    q.welcome = (
      await postOk(t.admin, '/rest/survey-question', {
        survey: 'post-stay',
        position: 1,
        question: 'Accueil <b>& réception</b>',
        answerType: 'rating',
      })
    ).id;
    q.back = (
      await postOk(t.admin, '/rest/survey-question', {
        survey: 'post-stay',
        position: 2,
        question: 'Reviendrez-vous ?',
        answerType: 'yes-no',
      })
    ).id;
    q.words = (
      await postOk(t.admin, '/rest/survey-question', {
        survey: 'post-stay',
        position: 3,
        question: 'Un mot ?',
        answerType: 'text',
      })
    ).id;
    q.retired = (
      await postOk(t.admin, '/rest/survey-question', {
        survey: 'post-stay',
        position: 4,
        question: 'Ancienne question',
        answerType: 'rating',
        isActive: false,
      })
    ).id;
    await postOk(t.admin, '/rest/survey-question', {
      survey: 'pre-stay',
      question: 'Heure d’arrivée prévue ?',
      answerType: 'text',
    });
    const customer = (
      await postOk(t.admin, '/rest/customer', { lastName: 'Roux', firstName: 'Anne', email: 'anne@example.fr' })
    ).id;
    bookingId = (await bookStay(t, c, c.places[0], '2031-07-27', '2031-07-30', customer)).bookingId;
  });

  it('the post-stay e-mail, sent the day after departure, carries a signed link to the survey', async () => {
    const run = await sendScheduledDocuments(t.knex, '2031-07-31');
    expect(run.queued).toBe(1);
    await t
      .knex('mail_message')
      .where('dedupeKey', `post-stay-survey:${bookingId}`)
      .update({ nextAttemptAt: new Date(Date.now() - 1000) });
    const before = received.length;
    await processQueue(t.knex);
    expect(received.length).toBe(before + 1);
    const m = received[received.length - 1];
    const href = /href="([^"]+\/rest\/survey\?[^"]+)"/.exec(String(m.html))?.[1];
    expect(href, String(m.html)).toBeTruthy();
    link = new URL(href!.replace(/&amp;/g, '&'));
    expect(link.origin).toBe(t.url);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ b: String(bookingId), s: 'post-stay' });
  });

  it('the public page lists the active questions, escaped, without a session', async () => {
    const r = await page(`${link.pathname}${link.search}`);
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/html');
    expect(r.html).toContain('Accueil &lt;b&gt;&amp; réception&lt;/b&gt;');
    expect(r.html).toContain(`name="q${q.back}" value="oui"`);
    expect(r.html).toContain(`<textarea name="q${q.words}"`);
    expect(r.html).not.toContain('Ancienne question');
    expect(r.html).not.toContain('Heure d’arrivée');
  });

  it('refuses a forged token, for the page and the answers', async () => {
    const forged = `/rest/survey?b=${bookingId + 1}&s=post-stay&t=${link.searchParams.get('t')}`;
    expect((await page(forged)).status).toBe(400);
    const r = await postForm({
      b: String(bookingId),
      s: 'pre-stay',
      t: link.searchParams.get('t')!,
      [`q${q.words}`]: 'x',
    });
    expect(r.status).toBe(400);
    expect(await t.knex('survey_answer').where('bookingId', bookingId).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('takes the answers once; the results count them per question', async () => {
    const fields = {
      b: String(bookingId),
      s: 'post-stay',
      t: link.searchParams.get('t')!,
      [`q${q.welcome}`]: '4',
      [`q${q.back}`]: 'oui',
      [`q${q.words}`]: '  Très <bien>  ',
      [`q${q.retired}`]: '1',
    };
    const [a, b] = await Promise.all([postForm(fields), postForm({ ...fields, [`q${q.welcome}`]: '1' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.html, b.html].filter((h) => h.includes('vos réponses sont enregistrées'))).toHaveLength(1);
    expect([a.html, b.html].filter((h) => h.includes('déjà répondu'))).toHaveLength(1);
    const rows = await t
      .knex('survey_answer')
      .where('bookingId', bookingId)
      .orderBy('surveyQuestionId')
      .select('surveyQuestionId', 'rating', 'yes', 'text');
    expect(rows.map((r) => r.surveyQuestionId)).toEqual([q.welcome, q.back, q.words]); // not the retired question
    expect((await page(`${link.pathname}${link.search}`)).html).toContain('déjà répondu');

    const res = await t.admin.get('/rest/survey-results?survey=post-stay');
    expect(res.status, res.text).toBe(200);
    expect(res.body.respondents).toBe(1);
    const byId = Object.fromEntries(res.body.questions.map((x: any) => [x.id, x]));
    // The two forms raced: either one's rating (4 or 1) is the one kept, and counted alone.
    const kept = rows.find((r) => r.surveyQuestionId === q.welcome)!.rating;
    expect([1, 4]).toContain(kept);
    expect(byId[q.welcome]).toMatchObject({
      answers: 1,
      ratings: [1, 2, 3, 4, 5].map((mark) => (mark === kept ? 1 : 0)),
      averageRating: kept * 100,
    });
    expect(byId[q.back]).toMatchObject({ yes: 1, no: 0 });
    expect(byId[q.words].texts[0].text).toBe('Très <bien>');
    expect(byId[q.retired]).toBeUndefined();
    // the results need the campaigns' read right
    const none = (await userWithRights(t, { rights: { 'booking.booking': { rights: '111' } } })).client;
    expect((await none.get('/rest/survey-results?survey=post-stay')).status).toBe(401);
  });
});

describe('a bill by e-mail', () => {
  let billId: number;

  beforeAll(async () => {
    const customer = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Blanc',
        firstName: 'Marc',
        email: 'marc@example.fr',
        address1: '3 rue Haute',
        postalCode: '69001',
        town: 'Lyon',
      })
    ).id;
    const stay = await bookStay(t, c, c.places[1], '2031-08-02', '2031-08-05', customer);
    billId = (await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'deposit' })).id;
  });

  it('without a « Facture » model: the §8 message, nothing queued', async () => {
    const r = await t.admin.post(`/rest/bill/${billId}/send-email`, {});
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('MAILING_CONFIGURATION_NOT_FOUND');
    expect(await t.knex('mail_message').where({ entityType: 'bill', entityId: billId }).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
  });

  it('sends the original PDF the first time, the duplicate after, each byte for byte', async () => {
    const model = await createdThroughEdit(t.admin, 'document-function-model', {
      functionCode: 'bill',
      label: unique('Facture '),
    });
    await createdThroughEdit(t.admin, 'mailing-configuration', {
      documentFunctionModelId: model.id,
      label: 'Facture',
      subject: 'Facture {{bill.number}}',
      body: '<p>Montant : {{bill.total}}</p>',
      attachDocument: true,
    });
    const bill = await t.knex('bill').where('id', billId).first('number');
    const before = received.length;
    const r = await postOk(t.admin, `/rest/bill/${billId}/send-email`, {});
    expect(r).toMatchObject({
      status: 'sent',
      to: 'marc@example.fr',
      subject: `Facture ${bill.number}`,
      duplicate: false,
    });
    const again = await postOk(t.admin, `/rest/bill/${billId}/send-email`, { to: 'compta@example.fr' });
    expect(again).toMatchObject({ status: 'sent', to: 'compta@example.fr', duplicate: true });
    expect(received.length).toBe(before + 2);
    const [first, second] = received.slice(before);
    expect(first.html).toMatch(/Montant : \d[\d\s\u202f]*,\d{2}/);
    const original = await t.knex('stored_file').where('ref', `bills/bill-${billId}.pdf`).first('data');
    const duplicate = await t.knex('stored_file').where('ref', `bills/bill-${billId}-duplicata.pdf`).first('data');
    expect(first.attachments[0]).toMatchObject({ filename: `${bill.number}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.compare(first.attachments[0].content, original.data)).toBe(0);
    expect(second.attachments[0].filename).toBe(`${bill.number}-duplicata.pdf`);
    expect(Buffer.compare(second.attachments[0].content, duplicate.data)).toBe(0);
    // in the history of the customer, as a bill
    const h = await t.admin.get(
      `/rest/mail-history?entityId=${(await t.knex('bill').where('id', billId).first('customerId')).customerId}`,
    );
    expect(h.body.total).toBe(2);
    expect(h.body.rows.map((r: any) => [r.status, r.attachments])).toEqual([
      ['sent', `${bill.number}-duplicata.pdf`],
      ['sent', `${bill.number}.pdf`],
    ]);
  });
});

describe('survey send modes (satisfaction-survey module)', () => {
  let june: number, july: number;
  const keys = async (id: number) =>
    (await t.knex('mail_message').where('bookingId', id).whereNotNull('dedupeKey').select('dedupeKey')).map(
      (m) => m.dedupeKey,
    );
  const settings = (s: Record<string, unknown>) =>
    t.knex('module_config').where('kind', 'satisfaction-survey').update({ settings: s });

  beforeAll(async () => {
    await postOk(t.admin, '/rest/establishment/module', {
      kind: 'satisfaction-survey',
      label: unique('Enquête '),
      isActive: true,
      settings: {},
    });
    const customer = (
      await postOk(t.admin, '/rest/customer', { lastName: 'Mode', firstName: 'Eva', email: 'eva@example.fr' })
    ).id;
    june = (await bookStay(t, c, c.places[0], '2031-06-10', '2031-06-15', customer)).bookingId;
    july = (await bookStay(t, c, c.places[1], '2031-07-10', '2031-07-12', customer)).bookingId;
  });

  it('manual: the scheduler sends no survey', async () => {
    await settings({ sendMode: 'manual' });
    await sendScheduledDocuments(t.knex, '2031-06-16', '10:00');
    expect(await keys(june)).toEqual([]);
  });

  it('at a time: nothing before the hour, the survey from it', async () => {
    await settings({ sendMode: 'at-time', sendTime: '18:00' });
    await sendScheduledDocuments(t.knex, '2031-07-13', '09:00');
    expect(await keys(july)).toEqual([]);
    await sendScheduledDocuments(t.knex, '2031-07-13', '18:05');
    expect(await keys(july)).toEqual([`post-stay-survey:${july}`]);
  });

  it('on the 5th of the month: the stays that ended the month before, not the day after', async () => {
    await settings({ monthlyOn5th: true });
    await sendScheduledDocuments(t.knex, '2031-06-16', '10:00');
    await sendScheduledDocuments(t.knex, '2031-07-04', '10:00');
    expect(await keys(june)).toEqual([]);
    const r = await sendScheduledDocuments(t.knex, '2031-07-05', '10:00');
    expect(await keys(june)).toEqual([`post-stay-survey:${june}`]);
    expect(r.queued).toBe(1); // the July stay had its survey already
  });
});
